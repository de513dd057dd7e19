import Core
import GRDB
import GRDBSQLite

/// The columns of the current row of a stepping statement, read straight from SQLite's
/// buffers: decimals and dates are parsed from the row's bytes, never through a String, so a
/// history walk does not allocate per row (issue 14). A malformed value is a StoreError
/// naming the column, as in `Row.decimal`.
struct RawColumns {
    let statement: SQLiteStatement

    func isNull(_ i: Int32) -> Bool { sqlite3_column_type(statement, i) == SQLITE_NULL }

    /// A non-null integer (a NULL is damage, never a silent 0).
    func int64(_ i: Int32, _ column: String) throws -> Int64 {
        if isNull(i) { throw StoreError.column(column, .holds(found: "NULL", expected: "an integer")) }
        return sqlite3_column_int64(statement, i)
    }

    func optionalInt64(_ i: Int32) -> Int64? { isNull(i) ? nil : sqlite3_column_int64(statement, i) }

    func bytes(_ i: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let text = sqlite3_column_text(statement, i) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, i)))
    }

    /// A blob's bytes (empty for NULL or an empty blob), valid until the statement steps.
    func blob(_ i: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let bytes = sqlite3_column_blob(statement, i) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: Int(sqlite3_column_bytes(statement, i)))
    }

    func string(_ i: Int32) -> String { String(decoding: bytes(i), as: UTF8.self) }

    /// A non-null text.
    func text(_ i: Int32, _ column: String) throws -> String {
        if isNull(i) { throw StoreError.column(column, .holds(found: "NULL", expected: "text")) }
        return string(i)
    }

    func decimal(_ i: Int32, _ column: String) throws -> ExactDecimal {
        guard let value = ExactDecimal.parse(bytes: bytes(i)) else { throw StoreError.column(column, .holds(found: "'\(string(i))'", expected: "a decimal")) }
        return value
    }

    func date(_ i: Int32, _ column: String) throws -> CalendarDate {
        guard let value = CalendarDate(utf8: bytes(i)) else { throw StoreError.column(column, .holds(found: "'\(string(i))'", expected: "a date")) }
        return value
    }

    /// The date as its day number (a `DatedSeries` day), through `reader`.
    func day(_ i: Int32, _ column: String, _ reader: inout DayReader) throws -> Int32 {
        guard let day = reader.day(bytes(i)) else { throw StoreError.column(column, .holds(found: "'\(string(i))'", expected: "a date")) }
        return day
    }

    /// The transaction type, matched on the row's bytes.
    func transactionType(_ i: Int32) throws -> TransactionType {
        let text = bytes(i)
        for (raw, type) in Self.transactionTypes where text.elementsEqual(raw) { return type }
        throw StoreError.corrupt(table: "asset_transaction", column: "type", rowID: nil, damage: .unknownType(string(i)))
    }

    private static let transactionTypes = TransactionType.allCases.map { (Array($0.rawValue.utf8), $0) }

    /// The price point in the column order of `RawColumns.priceColumns`.
    func price() throws -> PricePoint {
        PricePoint(id: try int64(0, "id"), assetID: try int64(1, "asset_id"), date: try date(2, "date"), price: try decimal(3, "price"))
    }

    static let priceColumns = "id, asset_id, date, price"
}

extension StoreSession {
    /// Runs `body` on each row of `sql`, reading columns in place (valid only inside `body`).
    func forEachRawRow(_ sql: String, _ body: (RawColumns) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement)
        let columns = RawColumns(statement: statement.sqliteStatement)
        while try cursor.next() != nil { try body(columns) }
    }

    /// Prices grouped by asset, in date order. Without a condition the table is read in rowid
    /// order (sequential pages) and each asset's prices are sorted in memory when they were
    /// not already in date order: reading in (asset_id, date) index order costs a B-tree
    /// lookup of the table row per price, three times the scan on the benchmark store.
    func pricesByAsset(where condition: String = "") throws -> [Int64: [PricePoint]] {
        var prices: [Int64: [PricePoint]] = [:]
        try forEachRun("SELECT \(RawColumns.priceColumns) FROM price_history \(condition)", key: { try $0.int64(1, "asset_id") },
                       read: { try $0.price() }) { id, run in prices[id, default: []].append(contentsOf: run) }
        for id in prices.keys.filter({ !prices[$0]!.isInOrder(by: \.date) }) { prices[id]!.sort { $0.date < $1.date } }
        return prices
    }

    /// Reads `sql`'s rows in runs of the same key (an asset id): `body` gets each run as it
    /// ends. A table stored asset by asset gives one run per asset, so grouping costs one
    /// dictionary access per asset instead of one per row.
    func forEachRun<T>(_ sql: String, key: (RawColumns) throws -> Int64, read: (RawColumns) throws -> T,
                       _ body: (Int64, [T]) throws -> Void) throws {
        var current: Int64? = nil
        var run: [T] = []
        try forEachRawRow(sql) { row in
            let id = try key(row)
            if id != current {
                if let current { try body(current, run) }
                current = id
                run.removeAll(keepingCapacity: true)
            }
            run.append(try read(row))
        }
        if let current { try body(current, run) }
    }
}

extension Array {
    /// Whether `key` never decreases along the array.
    func isInOrder<K: Comparable>(by key: (Element) -> K) -> Bool {
        var i = 1
        while i < count { if key(self[i]) < key(self[i - 1]) { return false }; i += 1 }
        return true
    }
}
