import Core
import GRDB

/// Reading Core values out of rows. A malformed stored value is a StoreError naming the
/// column, never a silent zero.
extension Row {
    func decimal(_ column: String) throws -> ExactDecimal {
        let text: String = self[column]
        guard let value = ExactDecimal.parseOrNil(text) else {
            throw StoreError.corrupt("column \(column) holds '\(text)', not a decimal")
        }
        return value
    }

    func date(_ column: String) throws -> CalendarDate {
        let text: String = self[column]
        guard let value = CalendarDate(text) else { throw StoreError.corrupt("column \(column) holds '\(text)', not a date") }
        return value
    }
}

/// Errors of the store itself (not business rules).
public enum StoreError: Error, CustomStringConvertible {
    case corrupt(String)
    case notFound(String)
    case newerSchema(String)

    public var description: String {
        switch self {
        case .corrupt(let what): "The store is damaged: \(what)."
        case .notFound(let what): what
        case .newerSchema(let what): what
        }
    }
}

enum Records {
    static func portfolio(_ row: Row) -> Portfolio {
        Portfolio(id: row["id"], name: row["name"], description: row["description"], isActive: row["is_active"])
    }

    static func asset(_ row: Row) throws -> Asset {
        let typeText: String = row["type"]
        guard let type = AssetType(rawValue: typeText) else { throw StoreError.corrupt("asset type '\(typeText)'") }
        return Asset(id: row["id"], name: row["name"], type: type, currency: row["currency"], notes: row["notes"], portfolioID: row["portfolio_id"],
                     categoryID: row["category_id"], platform: row["platform"])
    }

    static func transaction(_ row: Row) throws -> Transaction {
        let typeText: String = row["type"]
        guard let type = TransactionType(rawValue: typeText) else { throw StoreError.corrupt("transaction type '\(typeText)'") }
        return Transaction(id: row["id"], assetID: row["asset_id"], type: type, date: try row.date("date"),
                           quantity: try row.decimal("quantity"), pricePerUnit: try row.decimal("price"),
                           fees: try row.decimal("fees"), currency: row["currency"],
                           sourceAssetID: row["source_asset_id"], relatedTransactionID: row["related_id"],
                           note: row["note"], totalAmount: try row.decimal("total"))
    }

    /// A transaction from the column order of `allTransactionsByAsset`.
    static func transactionByPosition(_ row: Row) throws -> Transaction {
        func decimal(_ i: Int) throws -> ExactDecimal {
            let text: String = row[i]
            guard let value = ExactDecimal.parseOrNil(text) else { throw StoreError.corrupt("transaction column \(i) holds '\(text)', not a decimal") }
            return value
        }
        let typeText: String = row[2]
        guard let type = TransactionType(rawValue: typeText) else { throw StoreError.corrupt("transaction type '\(typeText)'") }
        let dateText: String = row[3]
        guard let date = CalendarDate(dateText) else { throw StoreError.corrupt("transaction date '\(dateText)'") }
        return Transaction(id: row[0], assetID: row[1], type: type, date: date, quantity: try decimal(4), pricePerUnit: try decimal(5),
                           fees: try decimal(7), currency: row[8], sourceAssetID: row[9], relatedTransactionID: row[10],
                           note: row[11], totalAmount: try decimal(6))
    }

    static func price(_ row: Row) throws -> PricePoint {
        PricePoint(id: row["id"], assetID: row["asset_id"], date: try row.date("date"), price: try row.decimal("price"))
    }
}
