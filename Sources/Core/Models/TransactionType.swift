import Foundation

/// The seven transaction types of BusinessLogic.md.
public enum TransactionType: String, CaseIterable, Sendable {
    case buy, sell
    case transferIn = "transfer_in"
    case transferOut = "transfer_out"
    case adjustment, dividend, interest

    /// Sell and transfer out take units away; the others add them (an adjustment carries
    /// its own sign).
    public var isOutflow: Bool { self == .sell || self == .transferOut }

    /// How a transaction of this type changes the asset's quantity: outflows take it away;
    /// an adjustment's quantity carries its own sign; everything else adds.
    public func quantityImpact(_ quantity: ExactDecimal) -> ExactDecimal { isOutflow ? -quantity : quantity }

    /// The label shown for this type; cash assets show Deposit and Withdrawal for buy and sell.
    public func label(forCash isCash: Bool) -> String {
        switch self {
        case .buy: isCash ? "Deposit" : "Buy"
        case .sell: isCash ? "Withdrawal" : "Sell"
        case .transferIn: "Transfer In"
        case .transferOut: "Transfer Out"
        case .adjustment: "Adjustment"
        case .dividend: "Dividend"
        case .interest: "Interest"
        }
    }

    public static func parse(_ text: String) throws -> TransactionType {
        let key = text.lowercased().replacingOccurrences(of: " ", with: "_")
        if let type = TransactionType(rawValue: key) { return type }
        if key == "transferin" { return .transferIn }
        if key == "transferout" { return .transferOut }
        let names = allCases.map(\.rawValue).joined(separator: ", ")
        throw RuleViolation("Unknown transaction type '\(text)'. Use one of: \(names).")
    }
}
