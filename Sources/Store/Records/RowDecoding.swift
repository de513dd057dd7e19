import Core
import GRDB

/// Reading Core values out of rows. A malformed stored value is a StoreError naming the
/// column, never a silent zero.
extension Row {
    /// The value of `column`, or a StoreError naming it when the column is missing or holds a
    /// value of another type. (GRDB's `row["x"]` stops the process in those cases: a store
    /// whose schema was altered must be an error, never a crash.)
    func value<T: DatabaseValueConvertible>(_ column: String) throws -> T {
        guard hasColumn(column) else { throw StoreError.corrupt("column \(column) is missing") }
        do {
            return try decode(T.self, forColumn: column)
        } catch {
            let stored: DatabaseValue = self[column]
            throw StoreError.corrupt("column \(column) holds \(stored), not \(T.self)")
        }
    }

    /// The value at `index` (0-based), as `value(_:)` does for a name.
    func value<T: DatabaseValueConvertible>(at index: Int) throws -> T {
        guard index >= 0, index < count else { throw StoreError.corrupt("column \(index) is missing") }
        do {
            return try decode(T.self, atIndex: index)
        } catch {
            let stored: DatabaseValue = self[index]
            throw StoreError.corrupt("column \(index) holds \(stored), not \(T.self)")
        }
    }

    func decimal(_ column: String) throws -> ExactDecimal {
        let text: String = try value(column)
        guard let value = ExactDecimal.parseOrNil(text) else {
            throw StoreError.corrupt("column \(column) holds '\(text)', not a decimal")
        }
        return value
    }

    func date(_ column: String) throws -> CalendarDate {
        let text: String = try value(column)
        guard let value = CalendarDate(text) else { throw StoreError.corrupt("column \(column) holds '\(text)', not a date") }
        return value
    }
}

/// Errors of the store itself (not business rules).
public enum StoreError: Error, CustomStringConvertible {
    /// A stored value that does not read back: "The store is damaged: <what>."
    case corrupt(String)
    case notFound(String)
    /// The store was written by a newer AssetFlow (a complete message).
    case newerSchema(String)
    /// The store failed a check at open, or is not an AssetFlow store (a complete message).
    case damaged(String)
    /// Another process kept the write lock longer than we wait (a complete message).
    case busy(String)
    /// A write to a store opened read-only, with why (a complete message).
    case readOnly(String)

    public var description: String {
        switch self {
        case .corrupt(let what): "The store is damaged: \(what)."
        case .notFound(let what), .newerSchema(let what), .damaged(let what), .busy(let what), .readOnly(let what): what
        }
    }
}

enum Records {
    static func portfolio(_ row: Row) throws -> Portfolio {
        Portfolio(id: try row.value("id"), name: try row.value("name"), description: try row.value("description"), isActive: try row.value("is_active"))
    }

    static func asset(_ row: Row) throws -> Asset {
        let typeText: String = try row.value("type")
        guard let type = AssetType(rawValue: typeText) else { throw StoreError.corrupt("asset type '\(typeText)'") }
        return Asset(id: try row.value("id"), name: try row.value("name"), type: type, currency: try row.value("currency"), notes: try row.value("notes"), portfolioID: try row.value("portfolio_id"),
                     categoryID: try row.value("category_id"), platform: try row.value("platform"))
    }

    static let assetColumns = "id, name, type, currency, notes, portfolio_id, category_id, platform"

    /// An asset from the column order of `assetColumns`.
    static func assetByPosition(_ row: Row) throws -> Asset {
        let typeText: String = try row.value(at: 2)
        guard let type = AssetType(rawValue: typeText) else { throw StoreError.corrupt("asset type '\(typeText)'") }
        return Asset(id: try row.value(at: 0), name: try row.value(at: 1), type: type, currency: try row.value(at: 3), notes: try row.value(at: 4),
                     portfolioID: try row.value(at: 5), categoryID: try row.value(at: 6), platform: try row.value(at: 7))
    }

    static func price(_ row: Row) throws -> PricePoint {
        PricePoint(id: try row.value("id"), assetID: try row.value("asset_id"), date: try row.date("date"), price: try row.decimal("price"))
    }
}
