import Foundation
import GRDB
import GRDBSQLite

/// One prepared INSERT run for many rows, binding values straight through SQLite's C API:
/// the import writes hundreds of thousands of rows, and building `StatementArguments` for
/// each costs more than SQLite's own work.
struct BulkStatement {
    private let statement: Statement
    private let db: Database
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ db: Database, sql: String) throws {
        self.db = db
        statement = try db.makeStatement(sql: sql)
    }

    func bind(_ index: Int32, _ text: String) {
        sqlite3_bind_text(statement.sqliteStatement, index, text, -1, Self.transient)
    }

    func bind(_ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(statement.sqliteStatement, index, value) } else { sqlite3_bind_null(statement.sqliteStatement, index) }
    }

    /// Runs the statement with the values bound since the last run.
    func run() throws {
        let code = sqlite3_step(statement.sqliteStatement)
        sqlite3_reset(statement.sqliteStatement)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                                sql: statement.sql)
        }
    }
}
