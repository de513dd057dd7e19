import Foundation

/// The seven transaction types of BusinessLogic.md, and those that brokers' histories need
/// (issues 21 and 25): a split (units change, cost basis does not), a fee and a tax (units
/// leave as a cost: no money goes anywhere the portfolio tracks), a stock dividend (units
/// at no cost) and a spin-off's parent half (cost basis leaves, units stay).
public enum TransactionType: String, CaseIterable, Sendable {
    case buy, sell
    case transferIn = "transfer_in"
    case transferOut = "transfer_out"
    case adjustment, dividend, interest
    /// Units added or (negative) taken away by a split or reverse split; the cost basis
    /// stays. Carries its own sign, like an adjustment.
    case split
    /// Units received as a dividend paid in shares: no cost, so the cost basis stays (the
    /// average falls as after a split), but for lots they are a new lot at zero cost dated
    /// that day, not a split of the old ones (stores before this type wrote a `split` whose
    /// note is "Stock dividend": the migration "Stock dividends get their own type").
    case stockDividend = "stock_dividend"
    /// A spin-off's parent half (`SpinOff`): `quantity` is the fraction (0 < f < 1) of the
    /// cost basis that moves to the new asset, whose linked transfer in carries it. The units
    /// held do not change.
    case spinOff = "spin_off"
    /// A fee paid out of the asset (custody, advisor, ADR, connection fees): a realized loss.
    case fee
    /// A tax paid out of the asset (a dividend's withholding tax): a realized loss.
    case tax

    /// Sell, transfer out, fee and tax take units away; the others add them (an adjustment
    /// and a split carry their own sign).
    public var isOutflow: Bool { self == .sell || self == .transferOut || self == .fee || self == .tax }

    /// Whether the quantity is signed (an adjustment, a split) rather than above zero.
    public var isSigned: Bool { self == .adjustment || self == .split }

    /// Whether a link to another asset's transaction carries lots between them (a move, an
    /// exchange, a spin-off: `LotEvents`).
    public var linksLots: Bool { self == .transferIn || self == .transferOut || self == .spinOff }

    /// The verb of the holdings message ("Cannot sell more than …").
    public var outflowVerb: String {
        switch self {
        case .sell: "sell"
        case .fee: "pay a fee of"
        case .tax: "pay a tax of"
        default: "transfer out"
        }
    }

    /// How a transaction of this type changes the asset's quantity: outflows take it away;
    /// an adjustment's quantity carries its own sign; a spin-off's parent half changes
    /// nothing (its quantity is a fraction of the cost); everything else adds.
    public func quantityImpact(_ quantity: ExactDecimal) -> ExactDecimal {
        if self == .spinOff { return 0 }
        return isOutflow ? -quantity : quantity
    }

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
        case .split: "Split"
        case .stockDividend: "Stock Dividend"
        case .spinOff: "Spin-off"
        case .fee: "Fee"
        case .tax: "Tax"
        }
    }

    /// The seven types a generic import's Type column names (a profile's rows become the
    /// others through their commands).
    public static let importable: [TransactionType] = [.buy, .sell, .transferIn, .transferOut, .adjustment, .dividend, .interest]

    public static func parse(_ text: String) throws -> TransactionType {
        let key = text.lowercased().replacingOccurrences(of: " ", with: "_")
        if let type = TransactionType(rawValue: key) { return type }
        if key == "transferin" { return .transferIn }
        if key == "transferout" { return .transferOut }
        let names = importable.map(\.rawValue).joined(separator: ", ")
        throw RuleViolation("Unknown transaction type '\(text)'. Use one of: \(names).")
    }
}

extension TransactionType {
    /// A small fixed number for each type, for packed forms: the monthly transaction series
    /// store it (so a number is never given to another type: new types take the next one),
    /// and the performance records keep it in memory. A switch, not a static array: reading
    /// an array retains and releases its buffer, on paths that read 100,000 rows.
    @inline(__always)
    public var code: UInt8 {
        switch self {
        case .buy: 0
        case .sell: 1
        case .transferIn: 2
        case .transferOut: 3
        case .adjustment: 4
        case .dividend: 5
        case .interest: 6
        case .split: 7
        case .stockDividend: 8
        case .spinOff: 9
        case .fee: 10
        case .tax: 11
        }
    }

    /// The type whose `code` is `code`; nil for a number no type has.
    @inline(__always)
    public init?(code: UInt8) {
        switch code {
        case 0: self = .buy
        case 1: self = .sell
        case 2: self = .transferIn
        case 3: self = .transferOut
        case 4: self = .adjustment
        case 5: self = .dividend
        case 6: self = .interest
        case 7: self = .split
        case 8: self = .stockDividend
        case 9: self = .spinOff
        case 10: self = .fee
        case 11: self = .tax
        default: return nil
        }
    }
}
