import GRDB

/// Runs a bulk insert of transactions without the per-row triggers that keep derived data
/// honest, and does their work once per asset at the end.
///
/// Such a trigger (`position_snapshot_insert` deletes the snapshot of each inserted row's
/// asset) is cheap in itself; what costs is that a statement firing a trigger needs a
/// statement journal: every INSERT first copies each page it touches into SQLite's
/// sub-journal, and while the import's savepoints are open that journal grows for the whole
/// import and spills to a temporary file (100,000 rows: about 1 s of `pwrite`, more than
/// half of the import, even with a WHEN clause that skips the body).
///
/// So, inside a savepoint of its own, each known trigger is dropped, the rows are inserted,
/// each trigger's work is done once per touched asset (from its earliest inserted date), and
/// the trigger is created again from the very SQL the store had (the schema check at open
/// compares that text). The savepoint makes it all or nothing: an error, or the process
/// dying midway, rolls the DDL back with the rows. No other connection ever sees the store
/// without its triggers: SQLite has one writer at a time, and readers see the last commit.
/// A trigger not in `known` is left in place: still right, only slower (a test checks that
/// every insert trigger of the schema is known).
enum InsertTriggerPause {
    struct Trigger {
        var name: String
        /// What the trigger would have done for every inserted row of `asset`, the earliest
        /// on `date` ("YYYY-MM-DD").
        var invalidate: (_ db: Database, _ asset: Int64, _ date: String) throws -> Void
    }

    /// The AFTER INSERT triggers on asset_transaction, with their work done per asset.
    static let known: [Trigger] = [
        Trigger(name: "position_snapshot_insert") { db, asset, _ in
            try db.execute(sql: "DELETE FROM position_snapshot WHERE asset_id = ?", arguments: [asset])
        },
        Trigger(name: "quantity_checkpoint_insert") { db, asset, date in
            try db.execute(sql: "DELETE FROM quantity_checkpoint WHERE asset_id = ? AND month >= substr(?, 1, 7)", arguments: [asset, date])
        },
    ]

    /// Runs `insert`, which adds transactions to the assets in `earliest` only, none dated
    /// before the asset's date there.
    static func run(_ db: Database, earliest: [Int64: String], _ insert: () throws -> Void) throws {
        try db.inSavepoint {
            var paused: [(Trigger, String)] = []
            for trigger in known {
                guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM main.sqlite_master WHERE type = 'trigger' AND name = ?",
                                                    arguments: [trigger.name]) else { continue }
                try db.execute(sql: "DROP TRIGGER main.\(trigger.name)")
                paused.append((trigger, sql))
            }
            try insert()
            for (trigger, sql) in paused {
                for (asset, date) in earliest.sorted(by: { $0.key < $1.key }) { try trigger.invalidate(db, asset, date) }
                try db.execute(sql: sql)
            }
            return .commit
        }
    }
}
