import Foundation

/// What an import file holds: trades and other transactions, price records, or
/// exchange rates (a format of their own: `RateCSV`). Each kind names the fields its columns map to.
public enum ImportKind: String, CaseIterable, Sendable {
    case transactions, prices, rates

    /// "transactions", "prices" or "rates"; the error lists them.
    public static func parse(_ text: String) throws -> ImportKind {
        if let kind = ImportKind(rawValue: text.lowercased()) { return kind }
        throw RuleViolation("Unknown import kind '\(text)'. Use one of: \(allCases.map(\.rawValue).joined(separator: ", ")).")
    }

    /// Rates files have their own format (`RateCSV`: date,base,quote,rate[,source]) and are
    /// stored with the `SetRates` command, not planned as rows of assets.
    public static let ratesSeparateMessage = "Exchange rates are imported from a date,base,quote,rate[,source] file with `assetflow import rates FILE.csv` or af.import{ kind = \"rates\", … }, not as transactions or prices."

    /// The fields a file of this kind may have, required ones first.
    public var fields: [ImportField] {
        switch self {
        case .transactions: [.asset, .date, .type, .quantity, .price, .fees, .currency, .assetType, .platform, .note, .source]
        case .prices: [.asset, .date, .price, .currency, .assetType, .platform]
        case .rates: []
        }
    }

    /// The fields without which a row means nothing.
    public var requiredFields: [ImportField] {
        switch self {
        case .transactions: [.asset, .date, .type, .quantity, .price]
        case .prices: [.asset, .date, .price]
        case .rates: []
        }
    }

    /// "transaction" or "price", for messages.
    public var noun: String {
        switch self {
        case .transactions: "transaction"
        case .prices: "price"
        case .rates: "rate"
        }
    }
}

/// One field of an imported row, and the column headers recognised for it automatically.
public enum ImportField: String, CaseIterable, Sendable {
    case asset, date, type, quantity, price, fees, currency
    case assetType = "asset_type"
    case platform, note, source

    /// Position in `allCases`, for array lookups on the import's hot path.
    var ordinal: Int {
        switch self {
        case .asset: 0
        case .date: 1
        case .type: 2
        case .quantity: 3
        case .price: 4
        case .fees: 5
        case .currency: 6
        case .assetType: 7
        case .platform: 8
        case .note: 9
        case .source: 10
        }
    }

    /// The column title used in messages and in exported files ("Asset Name").
    public var title: String {
        switch self {
        case .asset: "Asset Name"
        case .date: "Date"
        case .type: "Type"
        case .quantity: "Quantity"
        case .price: "Price"
        case .fees: "Fees"
        case .currency: "Currency"
        case .assetType: "Asset Type"
        case .platform: "Platform"
        case .note: "Note"
        case .source: "Source"
        }
    }

    /// Headers that map to this field without --map, compared trimmed and lower-cased.
    public var headerNames: [String] {
        switch self {
        case .asset: ["asset", "asset name", "name", "symbol", "ticker", "security", "instrument"]
        case .date: ["date", "trade date", "transaction date"]
        case .type: ["type", "transaction type", "action", "side"]
        case .quantity: ["quantity", "qty", "shares", "units"]
        case .price: ["price", "price per unit", "price_per_unit", "unit price", "close", "close price", "closing price"]
        case .fees: ["fees", "fee", "commission", "commissions"]
        case .currency: ["currency", "ccy"]
        case .assetType: ["asset_type", "asset type", "asset class"]
        case .platform: ["platform", "broker", "account"]
        case .note: ["note", "notes", "memo", "description"]
        case .source: ["source", "source asset", "paid by"]
        }
    }

    public static func parse(_ text: String, kind: ImportKind) throws -> ImportField {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let field = kind.fields.first(where: { $0.rawValue == key || $0.headerNames.contains(key) }) { return field }
        throw RuleViolation("Unknown field '\(text)' for \(kind.rawValue). Use one of: \(kind.fields.map(\.rawValue).joined(separator: ", ")).")
    }
}
