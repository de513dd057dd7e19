import GRDB
import GRDBSQLite

extension StoreSession {
    /// Asks SQLite to call `check(context)` every thousand virtual-machine steps and to
    /// interrupt the running statement when it returns non-zero. The script runner uses it
    /// so that Ctrl-C and --timeout also stop a long query, where Lua's hook cannot fire.
    public func setInterruptCheck(_ check: (@convention(c) (UnsafeMutableRawPointer?) -> Int32)?, context: UnsafeMutableRawPointer?) {
        sqlite3_progress_handler(db.sqliteConnection, 1000, check, context)
    }
}
