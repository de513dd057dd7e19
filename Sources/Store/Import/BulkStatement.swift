import Core
import Foundation
import GRDB
import GRDBSQLite

/// A prepared INSERT run for many rows, binding values straight through SQLite's C API:
/// the import writes hundreds of thousands of rows, and building `StatementArguments` for
/// each costs more than SQLite's own work.
///
/// Rows go `rowsPerStatement` at a time into one `INSERT … VALUES (…), (…), …`, so that
/// SQLite's work per statement (opening the table's, its indexes' and its foreign keys'
/// cursors, then closing them) is done once per batch instead of once per row; the rows
/// left over go one by one. The ids SQLite gives are the same as with one INSERT per row.
struct BulkStatement {
    private let batch: Statement
    private let single: Statement
    private let db: Database
    private let columnCount: Int32
    private let rowsPerStatement: Int
    /// Rows bound into `batch` and not yet run; values of the row being bound go at
    /// `row × columnCount + column`.
    private var pending = 0
    /// The rows still to come, so that the last ones go into `single`, never half a batch.
    private var remaining: Int
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    private static let empty: StaticString = ""

    /// `INSERT INTO table(columns) VALUES (?, …)` for `rowCount` rows in all.
    init(_ db: Database, table: String, columns: [String], rowCount: Int, rowsPerStatement: Int) throws {
        self.db = db
        columnCount = Int32(columns.count)
        self.rowsPerStatement = max(1, rowsPerStatement)
        remaining = rowCount
        let head = "INSERT INTO \(table)(\(columns.joined(separator: ", "))) VALUES "
        let tuple = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        single = try db.makeStatement(sql: head + tuple)
        batch = rowCount >= self.rowsPerStatement
            ? try db.makeStatement(sql: head + Array(repeating: tuple, count: self.rowsPerStatement).joined(separator: ", "))
            : single
    }

    /// The statement the current row is bound into, and the parameter of its first column.
    private var target: (statement: OpaquePointer, offset: Int32) {
        remaining >= rowsPerStatement || pending > 0
            ? (batch.sqliteStatement, Int32(pending) * columnCount)
            : (single.sqliteStatement, 0)
    }

    /// Binds column `column` (1-based) of the current row.
    func bind(_ column: Int32, _ text: String) {
        let (statement, offset) = target
        var text = text
        text.withUTF8 { bytes in
            if let base = bytes.baseAddress, !bytes.isEmpty {
                sqlite3_bind_text(statement, offset + column, base, Int32(bytes.count), Self.transient)
            } else {  // "" (a nil pointer would bind NULL)
                sqlite3_bind_text(statement, offset + column, Self.empty.utf8Start, 0, nil)
            }
        }
    }

    func bind(_ column: Int32, _ value: Int64?) {
        let (statement, offset) = target
        if let value { sqlite3_bind_int64(statement, offset + column, value) } else { sqlite3_bind_null(statement, offset + column) }
    }

    /// Binds a date as "YYYY-MM-DD", formatted on the stack.
    func bind(_ column: Int32, _ date: CalendarDate) {
        let (statement, offset) = target
        let (y, m, d) = date.components
        guard (0...9999).contains(y) else { return bind(column, date.description) }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 10) { bytes in
            func digit(_ n: Int) -> CChar { CChar(48 + n) }
            bytes[0] = digit(y / 1000); bytes[1] = digit(y / 100 % 10); bytes[2] = digit(y / 10 % 10); bytes[3] = digit(y % 10)
            bytes[4] = 45; bytes[5] = digit(m / 10); bytes[6] = digit(m % 10)  // 45: "-"
            bytes[7] = 45; bytes[8] = digit(d / 10); bytes[9] = digit(d % 10)
            sqlite3_bind_text(statement, offset + column, bytes.baseAddress, 10, Self.transient)
        }
    }

    /// Ends the current row: runs the statement when its batch is full (or it is a single row).
    mutating func endRow() throws {
        if remaining >= rowsPerStatement || pending > 0 {
            pending += 1
            remaining -= 1
            guard pending == rowsPerStatement else { return }
            pending = 0
            try run(batch)
        } else {
            remaining -= 1
            try run(single)
        }
    }

    private func run(_ statement: Statement) throws {
        let code = sqlite3_step(statement.sqliteStatement)
        sqlite3_reset(statement.sqliteStatement)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                                sql: statement.sql)
        }
    }
}
