import GRDB

/// The migration "Pack the monthly price series in binary" (issue 27): `price_month`'s
/// `recorded` and `trades` become blobs (`PackedMonth`: a day byte and a `PackedDecimal` per
/// price) instead of "D:P D:P …" text, so a daily timeline decodes integers rather than
/// parsing 250,000 decimals. The table is STRICT, so its columns cannot change type in place:
/// it is made again, empty. Its rows are derived (`DerivedTable.priceMonth`, rule 2 from here
/// on): missing rows are computed when read and written again at the end of the next write,
/// so nothing is lost. The triggers on `price_history` and `asset_transaction` name the table,
/// not its columns, and stay as they are.
enum PriceMonthPackedMigration {
    static let identifier = "Pack the monthly price series in binary"

    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            try db.execute(sql: """
                DROP TABLE price_month;
                CREATE TABLE price_month (
                    asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                    month TEXT NOT NULL,
                    recorded BLOB NOT NULL,
                    trades BLOB NOT NULL,
                    PRIMARY KEY (asset_id, month)
                ) STRICT, WITHOUT ROWID;
                INSERT INTO derived_rule(table_name, version) VALUES ('price_month', 2)
                ON CONFLICT(table_name) DO UPDATE SET version = excluded.version;
                """)
        }
    }
}
