import GRDB

/// The migration "Pack the quantity checkpoints in binary" (issue 27): `quantity_checkpoint`'s
/// `levels` becomes a blob (`PackedMonth`: a day byte and a `PackedDecimal` per day, as the
/// monthly price series are) instead of "D:Q D:Q …" text, so a daily timeline decodes
/// integers rather than parsing 83,000 quantities and computing a calendar date for each.
/// The table is STRICT, so its column cannot change type in place: it is made again, empty.
/// Its rows are derived (`DerivedTable.quantityCheckpoint`, rule 2 from here on): missing
/// rows are computed from the transactions when read and written again at the end of the
/// next write, so nothing is lost. The triggers on `asset_transaction` name the table, not
/// its columns, and stay as they are.
enum QuantityCheckpointPackedMigration {
    static let identifier = "Pack the quantity checkpoints in binary"

    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration(identifier) { db in
            try db.execute(sql: """
                DROP TABLE quantity_checkpoint;
                CREATE TABLE quantity_checkpoint (
                    asset_id INTEGER NOT NULL REFERENCES asset(id) ON DELETE CASCADE,
                    month TEXT NOT NULL,
                    levels BLOB NOT NULL,
                    PRIMARY KEY (asset_id, month)
                ) STRICT, WITHOUT ROWID;
                INSERT INTO derived_rule(table_name, version) VALUES ('quantity_checkpoint', 2)
                ON CONFLICT(table_name) DO UPDATE SET version = excluded.version;
                """)
        }
    }
}
