import GRDB

/// The migration "Create monthly transaction series" (issue 27): `transaction_month`, each
/// asset's transactions packed one row per asset and month (`TransactionMonth`), so that a
/// first `af.performance` reads about 11,000 rows of integers instead of stepping 100,000
/// transactions and parsing their decimals and dates. Derived data under the store's policy
/// (`DerivedTable.transactionMonth`); the table starts empty and is filled at the next write.
enum TransactionMonthMigration {
    static let identifier = "Create monthly transaction series"

    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            // The key is (month, asset_id), month first: a read of every asset's rows in key
            // order gives the transactions month by month, so a whole history comes in date
            // order with only each month's few hundred entries to merge. The index by
            // (asset_id, month) serves the triggers, the extension of one asset's rows and
            // the cascade when an asset is deleted.
            //
            // A change to a transaction dated D (of the columns the rows keep), from any door,
            // deletes its asset's rows from D's month on, its 'complete' row with them, as the
            // monthly price series do (`PriceMonthMigration`); the insert trigger's body reads
            // only NEW.asset_id and NEW.date, so a bulk import pauses it (`InsertTriggerPause`).
            try db.execute(sql: """
                CREATE TABLE transaction_month (
                    month TEXT NOT NULL,
                    asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                    entries BLOB NOT NULL,
                    PRIMARY KEY (month, asset_id)
                ) STRICT, WITHOUT ROWID;
                CREATE INDEX transaction_month_asset ON transaction_month(asset_id, month);
                CREATE TRIGGER transaction_month_insert AFTER INSERT ON asset_transaction
                WHEN EXISTS (SELECT 1 FROM transaction_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7)) BEGIN
                    DELETE FROM transaction_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7);
                END;
                CREATE TRIGGER transaction_month_update
                AFTER UPDATE OF id, asset_id, type, date, quantity, price, fees, source_asset_id, related_id, currency ON asset_transaction
                WHEN EXISTS (SELECT 1 FROM transaction_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7))
                  OR EXISTS (SELECT 1 FROM transaction_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7)) BEGIN
                    DELETE FROM transaction_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7);
                    DELETE FROM transaction_month WHERE asset_id = NEW.asset_id AND month >= substr(NEW.date, 1, 7);
                END;
                CREATE TRIGGER transaction_month_delete AFTER DELETE ON asset_transaction
                WHEN EXISTS (SELECT 1 FROM transaction_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7)) BEGIN
                    DELETE FROM transaction_month WHERE asset_id = OLD.asset_id AND month >= substr(OLD.date, 1, 7);
                END;
                INSERT INTO derived_rule(table_name, version) VALUES ('transaction_month', 1);
                """)
        }
    }
}
