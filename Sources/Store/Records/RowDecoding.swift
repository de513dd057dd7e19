import Core
import GRDB

/// Reading Core values out of rows. A malformed stored value is a StoreError naming the
/// column, never a silent zero.
extension Row {
    /// The value of `column`, or a StoreError naming it when the column is missing or holds a
    /// value of another type. (GRDB's `row["x"]` stops the process in those cases: a store
    /// whose schema was altered must be an error, never a crash.)
    func value<T: DatabaseValueConvertible>(_ column: String) throws -> T {
        guard hasColumn(column) else { throw StoreError.column(column, .missingColumn) }
        do {
            return try decode(T.self, forColumn: column)
        } catch {
            let stored: DatabaseValue = self[column]
            throw StoreError.column(column, .holds(found: "\(stored)", expected: "\(T.self)"))
        }
    }

    /// The value at `index` (0-based), as `value(_:)` does for a name.
    func value<T: DatabaseValueConvertible>(at index: Int) throws -> T {
        guard index >= 0, index < count else { throw StoreError.column("\(index)", .missingColumn) }
        do {
            return try decode(T.self, atIndex: index)
        } catch {
            let stored: DatabaseValue = self[index]
            throw StoreError.column("\(index)", .holds(found: "\(stored)", expected: "\(T.self)"))
        }
    }

    func decimal(_ column: String) throws -> ExactDecimal {
        let text: String = try value(column)
        guard let value = ExactDecimal.parseOrNil(text) else {
            throw StoreError.column(column, .holds(found: "'\(text)'", expected: "a decimal"))
        }
        return value
    }

    func date(_ column: String) throws -> CalendarDate {
        let text: String = try value(column)
        guard let value = CalendarDate(text) else { throw StoreError.column(column, .holds(found: "'\(text)'", expected: "a date")) }
        return value
    }
}

enum Records {
    static func portfolio(_ row: Row) throws -> Portfolio {
        Portfolio(id: try row.value("id"), name: try row.value("name"), description: try row.value("description"), isActive: try row.value("is_active"))
    }

    static func asset(_ row: Row) throws -> Asset {
        let typeText: String = try row.value("type")
        guard let type = AssetType(rawValue: typeText) else { throw StoreError.corrupt(table: "asset", column: "type", rowID: nil, damage: .unknownType(typeText)) }
        return Asset(id: try row.value("id"), name: try row.value("name"), type: type, currency: try row.value("currency"), notes: try row.value("notes"), portfolioID: try row.value("portfolio_id"),
                     categoryID: try row.value("category_id"), platform: try row.value("platform"))
    }

    static let assetColumns = "id, name, type, currency, notes, portfolio_id, category_id, platform"

    /// An asset from the column order of `assetColumns`.
    static func assetByPosition(_ row: Row) throws -> Asset {
        let typeText: String = try row.value(at: 2)
        guard let type = AssetType(rawValue: typeText) else { throw StoreError.corrupt(table: "asset", column: "type", rowID: nil, damage: .unknownType(typeText)) }
        return Asset(id: try row.value(at: 0), name: try row.value(at: 1), type: type, currency: try row.value(at: 3), notes: try row.value(at: 4),
                     portfolioID: try row.value(at: 5), categoryID: try row.value(at: 6), platform: try row.value(at: 7))
    }

    static func price(_ row: Row) throws -> PricePoint {
        PricePoint(id: try row.value("id"), assetID: try row.value("asset_id"), date: try row.date("date"), price: try row.decimal("price"))
    }
}
