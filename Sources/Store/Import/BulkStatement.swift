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
///
/// Texts are not bound as they come: their bytes are gathered in `arena`, and bound just
/// before the statement runs, as SQLITE_STATIC, so that SQLite reads them in place. Bound
/// one by one, each would have to be SQLITE_TRANSIENT (a small Swift string's bytes live
/// only as long as the call), and SQLite would copy every value into memory of its own: a
/// malloc and a free per value.
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
    private static let empty: StaticString = ""
    /// The bytes of the texts (and blobs) of the rows not yet run, and where each is bound.
    private var arena: [UInt8] = []
    private var texts: [(parameter: Int32, offset: Int, count: Int, blob: Bool)] = []

    /// `INSERT INTO table(columns) VALUES (?, …)` for `rowCount` rows in all.
    init(_ db: Database, table: String, columns: [String], rowCount: Int, rowsPerStatement: Int) throws {
        self.db = db
        columnCount = Int32(columns.count)
        self.rowsPerStatement = max(1, rowsPerStatement)
        remaining = rowCount
        let head = "INSERT INTO \(table)(\(columns.joined(separator: ", "))) VALUES "
        let tuple = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        // Cached: the derived rows' writes make one of these per asset (each run clears its
        // bindings, so a statement taken again holds no pointer into a former arena).
        single = try db.cachedStatement(sql: head + tuple)
        batch = rowCount >= self.rowsPerStatement
            ? try db.cachedStatement(sql: head + Array(repeating: tuple, count: self.rowsPerStatement).joined(separator: ", "))
            : single
    }

    /// The statement the current row is bound into, and the parameter of its first column.
    private var target: (statement: OpaquePointer, offset: Int32) {
        remaining >= rowsPerStatement || pending > 0
            ? (batch.sqliteStatement, Int32(pending) * columnCount)
            : (single.sqliteStatement, 0)
    }

    /// Binds column `column` (1-based) of the current row (when the statement runs).
    mutating func bind(_ column: Int32, _ text: String) {
        let parameter = target.offset + column
        var text = text
        text.withUTF8 { bytes in
            texts.append((parameter, arena.count, bytes.count, false))
            arena.append(contentsOf: bytes)
        }
    }

    /// Binds a blob (empty, not NULL, when `bytes` is empty).
    mutating func bind(_ column: Int32, blob bytes: [UInt8]) {
        texts.append((target.offset + column, arena.count, bytes.count, true))
        arena.append(contentsOf: bytes)
    }

    func bind(_ column: Int32, _ value: Int64?) {
        let (statement, offset) = target
        if let value { sqlite3_bind_int64(statement, offset + column, value) } else { sqlite3_bind_null(statement, offset + column) }
    }

    /// Binds a date as "YYYY-MM-DD", formatted in place.
    mutating func bind(_ column: Int32, _ date: CalendarDate) {
        let (y, m, d) = date.components
        guard (0...9999).contains(y) else { return bind(column, date.description) }
        texts.append((target.offset + column, arena.count, 10, false))
        func digit(_ n: Int) -> UInt8 { UInt8(48 + n) }
        arena.append(digit(y / 1000)); arena.append(digit(y / 100 % 10)); arena.append(digit(y / 10 % 10)); arena.append(digit(y % 10))
        arena.append(45); arena.append(digit(m / 10)); arena.append(digit(m % 10))  // 45: "-"
        arena.append(45); arena.append(digit(d / 10)); arena.append(digit(d % 10))
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

    /// Binds the gathered texts in place (SQLITE_STATIC: a nil destructor) and runs the
    /// statement while `arena` is unchanged; then empties the arena for the next rows.
    private mutating func run(_ statement: Statement) throws {
        let handle = statement.sqliteStatement
        let code = arena.withUnsafeBufferPointer { bytes -> Int32 in
            for text in texts {
                // An empty value from a nil pointer would bind NULL.
                let start = text.count == 0 ? UnsafeRawPointer(Self.empty.utf8Start) : UnsafeRawPointer(bytes.baseAddress! + text.offset)
                if text.blob {
                    sqlite3_bind_blob(handle, text.parameter, start, Int32(text.count), nil)
                } else {
                    sqlite3_bind_text(handle, text.parameter, start.assumingMemoryBound(to: CChar.self), Int32(text.count), nil)
                }
            }
            let code = sqlite3_step(handle)
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            return code
        }
        arena.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                                sql: statement.sql)
        }
    }
}
