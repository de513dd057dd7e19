import GRDB

/// The migration "Keep each asset's largest quantity held and largest price" (issue 23):
/// `asset_extent`, one row per asset with the largest quantity it ever held and its largest
/// recorded or trade price (`AssetExtent`), so that the history value rule
/// (`ConversionRange.checkHistory`) checks a write without reading the asset's history.
/// Derived data under the store's policy (`DerivedTable.assetExtent`).
enum AssetExtentMigration {
    static let identifier = "Keep each asset's largest quantity held and largest price"

    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            // Any change of an asset's transactions or prices, from any door, deletes its row;
            // the store writes it again after its own writes (`StoreSession+AssetExtent`). A
            // row is therefore exact or missing (then computed from the history, once). The
            // insert triggers' bodies read only NEW.asset_id, so a bulk import pauses them
            // and runs each once per asset (`InsertTriggerPause`).
            try db.execute(sql: """
                CREATE TABLE asset_extent (
                    asset_id INTEGER PRIMARY KEY REFERENCES asset(id) ON DELETE CASCADE,
                    highest_held TEXT NOT NULL,
                    highest_price TEXT NOT NULL
                ) STRICT;
                CREATE TRIGGER asset_extent_trade_insert AFTER INSERT ON asset_transaction
                WHEN EXISTS (SELECT 1 FROM asset_extent WHERE asset_id = NEW.asset_id) BEGIN
                    DELETE FROM asset_extent WHERE asset_id = NEW.asset_id;
                END;
                CREATE TRIGGER asset_extent_trade_update AFTER UPDATE ON asset_transaction BEGIN
                    DELETE FROM asset_extent WHERE asset_id IN (OLD.asset_id, NEW.asset_id);
                END;
                CREATE TRIGGER asset_extent_trade_delete AFTER DELETE ON asset_transaction BEGIN
                    DELETE FROM asset_extent WHERE asset_id = OLD.asset_id;
                END;
                CREATE TRIGGER asset_extent_price_insert AFTER INSERT ON price_history
                WHEN EXISTS (SELECT 1 FROM asset_extent WHERE asset_id = NEW.asset_id) BEGIN
                    DELETE FROM asset_extent WHERE asset_id = NEW.asset_id;
                END;
                CREATE TRIGGER asset_extent_price_update AFTER UPDATE ON price_history BEGIN
                    DELETE FROM asset_extent WHERE asset_id IN (OLD.asset_id, NEW.asset_id);
                END;
                CREATE TRIGGER asset_extent_price_delete AFTER DELETE ON price_history BEGIN
                    DELETE FROM asset_extent WHERE asset_id = OLD.asset_id;
                END;
                INSERT INTO derived_rule(table_name, version) VALUES ('asset_extent', 1);
                """)
        }
    }
}
