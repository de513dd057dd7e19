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
        if isNull(i) { throw StoreError.corrupt("column \(column) holds NULL, not an integer") }
        return sqlite3_column_int64(statement, i)
    }

    func optionalInt64(_ i: Int32) -> Int64? { isNull(i) ? nil : sqlite3_column_int64(statement, i) }

    func bytes(_ i: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let text = sqlite3_column_text(statement, i) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, i)))
    }

    func string(_ i: Int32) -> String { String(decoding: bytes(i), as: UTF8.self) }

    /// A non-null text.
    func text(_ i: Int32, _ column: String) throws -> String {
        if isNull(i) { throw StoreError.corrupt("column \(column) holds NULL, not text") }
        return string(i)
    }

    func decimal(_ i: Int32, _ column: String) throws -> ExactDecimal {
        guard let value = ExactDecimal.parse(bytes: bytes(i)) else { throw StoreError.corrupt("column \(column) holds '\(string(i))', not a decimal") }
        return value
    }

    func date(_ i: Int32, _ column: String) throws -> CalendarDate {
        guard let value = CalendarDate(utf8: bytes(i)) else { throw StoreError.corrupt("column \(column) holds '\(string(i))', not a date") }
        return value
    }

    /// The transaction in the column order of `RawColumns.transactionColumns`.
    func transaction() throws -> Transaction {
        let typeText = try text(2, "type")
        guard let type = TransactionType(rawValue: typeText) else { throw StoreError.corrupt("transaction type '\(typeText)'") }
        return Transaction(id: try int64(0, "id"), assetID: try int64(1, "asset_id"), type: type, date: try date(3, "date"),
                           quantity: try decimal(4, "quantity"), pricePerUnit: try decimal(5, "price"), fees: try decimal(7, "fees"),
                           currency: try text(8, "currency"), sourceAssetID: optionalInt64(9), relatedTransactionID: optionalInt64(10),
                           note: try text(11, "note"),
                           totalAmount: try decimal(6, "total"))
    }

    static let transactionColumns = "id, asset_id, type, date, quantity, price, total, fees, currency, source_asset_id, related_id, note"

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

    /// Prices grouped by asset, in date order, from `SELECT <priceColumns> … ORDER BY asset_id, date`.
    func pricesByAsset(where condition: String = "") throws -> [Int64: [PricePoint]] {
        var prices: [Int64: [PricePoint]] = [:]
        var currentID: Int64? = nil
        var current: [PricePoint] = []
        try forEachRawRow("SELECT \(RawColumns.priceColumns) FROM price_history \(condition) ORDER BY asset_id, date") { row in
            let p = try row.price()
            if p.assetID != currentID {
                if let currentID { prices[currentID] = current }
                currentID = p.assetID
                current = []
                current.reserveCapacity(1024)
            }
            current.append(p)
        }
        if let currentID { prices[currentID] = current }
        return prices
    }
}
