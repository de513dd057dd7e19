import GRDB

/// Runs a bulk insert of transactions without the per-row snapshot trigger, and does its
/// work once at the end.
///
/// The trigger `position_snapshot_insert` deletes the snapshot of each inserted row's
/// asset. Its cost is not the DELETE: a statement that fires a trigger needs a statement
/// journal, so every INSERT copies each page it touches into SQLite's sub-journal first,
/// and while the import's savepoints are open that journal grows for the whole import and
/// spills to a temporary file (100,000 rows: about 1 s of `pwrite`, more than half of
/// the import). So, inside a savepoint of its own, the trigger is dropped, the rows are
/// inserted, the snapshots of every asset they touch are deleted in one statement, and the
/// trigger is created again from the very SQL the store had (so the schema check at open
/// sees the same text). The savepoint makes this all or nothing: an error, or the process
/// dying midway, rolls the DDL back with the rows. No other connection ever sees the store
/// without the trigger: SQLite has one writer at a time, and readers see the last commit.
enum SnapshotTriggerPause {
    static let triggerName = "position_snapshot_insert"

    /// Runs `insert`, which adds transactions of the assets `touched` only.
    static func run(_ db: Database, touching touched: Set<Int64>, _ insert: () throws -> Void) throws {
        try db.inSavepoint {
            let sql = try String.fetchOne(db, sql: "SELECT sql FROM main.sqlite_master WHERE type = 'trigger' AND name = ?",
                                          arguments: [triggerName])
            if sql != nil { try db.execute(sql: "DROP TRIGGER main.\(triggerName)") }
            try insert()
            if !touched.isEmpty {
                try db.execute(sql: "DELETE FROM position_snapshot WHERE asset_id IN (\(touched.sorted().map(String.init).joined(separator: ",")))")
            }
            if let sql { try db.execute(sql: sql) }
            return .commit
        }
    }
}
