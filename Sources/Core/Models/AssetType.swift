import Foundation

/// What kind of thing an asset is. Raw values are what scripts and the store use.
public enum AssetType: String, CaseIterable, Sendable {
    case stock, bond, crypto
    case realEstate = "real_estate"
    case commodity, cash
    case mutualFund = "mutual_fund"
    case etf, other

    /// The label the app shows ("Real Estate").
    public var displayName: String {
        switch self {
        case .stock: "Stock"
        case .bond: "Bond"
        case .crypto: "Cryptocurrency"
        case .realEstate: "Real Estate"
        case .commodity: "Commodity"
        case .cash: "Cash"
        case .mutualFund: "Mutual Fund"
        case .etf: "ETF"
        case .other: "Other"
        }
    }

    /// Parses a script's spelling; the error lists the valid names.
    public static func parse(_ text: String) throws -> AssetType {
        if let type = AssetType(rawValue: text.lowercased()) { return type }
        let names = allCases.map(\.rawValue).joined(separator: ", ")
        throw RuleViolation("Unknown asset type '\(text)'. Use one of: \(names).")
    }
}
