import Foundation

/// An asset's holding derived from its transactions, by the running (moving) average.
///
/// The cost basis is the primary figure and the average cost is derived from it, which is
/// the same method as "average = (held × average + quantity × price) ÷ (held + quantity)"
/// but keeps whole-unit purchases exact: 10 @ 150 and 5 @ 160 give a cost basis of
/// exactly 2300, not 15 × 153.333… See Documentation/AverageCost.md.
public struct Position: Equatable, Sendable {
    public private(set) var quantity: ExactDecimal = 0
    /// What the units held now cost.
    public private(set) var costBasis: ExactDecimal = 0
    /// Profit taken by sells: Σ quantity × (price − average cost at the time) − fees.
    public private(set) var realizedGain: ExactDecimal = 0

    public init() {}

    /// A position as it was saved (a snapshot of the fold so far).
    public init(quantity: ExactDecimal, costBasis: ExactDecimal, realizedGain: ExactDecimal) {
        self.quantity = quantity
        self.costBasis = costBasis
        self.realizedGain = realizedGain
    }

    /// Cost per unit held; 0 when nothing is held.
    public var averageCost: ExactDecimal { quantity.isZero ? 0 : costBasis / quantity }

    /// Applies one transaction. Transactions must come in date order (ties by id).
    ///
    /// - buy, transfer in, dividend, interest: units acquired at their price (fees add to
    ///   the cost); income received in kind or in cash thus has its value as cost basis.
    /// - sell: realizes quantity × (price − average) − fees; the average is unchanged.
    /// - transfer out: units leave at their average cost, nothing is realized.
    /// - adjustment: the quantity changes, the average does not (starting from nothing, the
    ///   adjustment's price is the cost).
    /// - split (also a reverse split or a stock dividend): the quantity changes, the cost
    ///   basis does not, so the average follows the ratio.
    /// - fee, tax: units leave at their average cost and that cost is realized as a loss (a
    ///   custody fee of 5 from cash: realized −5).
    public mutating func apply(_ transaction: Transaction) {
        apply(transaction.type, quantity: transaction.quantity, price: transaction.pricePerUnit, fees: transaction.fees)
    }

    /// The same from a transaction's parts (a walk over packed rows builds no `Transaction`).
    mutating func apply(_ type: TransactionType, quantity q: ExactDecimal, price: ExactDecimal, fees: ExactDecimal) {
        switch type {
        case .buy, .transferIn, .dividend, .interest:
            let cost = q * price  // the total, exactly as stored
            acquire(q, cost: fees.isZero ? cost : cost + fees)
        case .sell:
            let removed = release(q)
            let proceeds = q * price
            realizedGain += (fees.isZero ? proceeds : proceeds - fees) - removed
        case .transferOut:
            release(q)
        case .split:
            // A broker may write a split as its old units out and new units in: the cost
            // basis stays through the moment nothing is held.
            quantity += q
            if quantity < 0 { costBasis = 0 }
        case .stockDividend:
            quantity += q
        case .spinOff:
            costBasis -= spunOffCost(q)
        case .fee, .tax:
            realizedGain -= release(q) + fees
        case .adjustment:
            if q > 0 {
                if quantity.isZero { acquire(q, cost: q * price) } else { acquire(q, cost: averageCost * q) }
            } else if q < 0 {
                release(-q)
            }
        }
    }

    /// The cost that `units` take with them when they leave (a transfer out, a move): the
    /// average's share, as `apply` removes it.
    public func cost(ofUnits units: ExactDecimal) -> ExactDecimal {
        guard quantity > 0 else { return 0 }
        return units >= quantity ? costBasis : costBasis.times(units, dividedBy: quantity)
    }

    /// The refusal of a write after which the position cannot be computed exactly.
    public static let outOfRangeMessage = "The position cannot be computed exactly after this change: "
        + "its cost basis, the share of it that units take when they leave (cost basis × units ÷ units held) "
        + "or its realized gain would be nonzero but below 0.00000000000000000000000000000000000001 "
        + "or beyond 340282366920938463463374607431768211455. Record the quantity with fewer decimal places "
        + "(or in whole units) or the fees smaller, so that each share stays in range"

    /// Throws a RuleViolation (`outOfRangeMessage`, naming the asset and the first failing
    /// operation) when a field is out of range; nothing for a position in range.
    public func checkInRange(asset: String?) throws {
        guard let error = quantity.rangeError ?? costBasis.rangeError ?? realizedGain.rangeError else { return }
        throw RuleViolation("\(Self.outOfRangeMessage) (\(asset.map { "'\($0)': " } ?? "")\(error.operation)).", rule: .outOfRange, asset: asset)
    }

    /// The cost a spin-off moves to the new asset: `fraction` of the cost basis (nothing
    /// when nothing is held). `SpinOff` records it on the new asset's transfer in.
    public func spunOffCost(_ fraction: ExactDecimal) -> ExactDecimal {
        quantity > 0 ? costBasis * fraction : 0
    }

    private mutating func acquire(_ units: ExactDecimal, cost: ExactDecimal) {
        if quantity <= 0 { costBasis = 0 }  // holdings at zero: the next purchase starts afresh
        quantity += units
        costBasis += cost
    }

    /// Removes units at the average cost and returns the cost that left with them.
    @discardableResult
    private mutating func release(_ units: ExactDecimal) -> ExactDecimal {
        guard quantity > 0 else {
            quantity -= units
            return 0
        }
        let removed = units >= quantity ? costBasis : costBasis.times(units, dividedBy: quantity)
        quantity -= units
        costBasis = quantity <= 0 ? 0 : costBasis - removed
        return removed
    }

    /// The position after all `transactions`, sorted by date then id.
    public static func of<S: Sequence>(_ transactions: S) -> Position where S.Element == Transaction {
        var position = Position()
        for transaction in transactions { position.apply(transaction) }
        return position
    }
}

extension Sequence where Element == Transaction {
    /// Date order, ties in the order they were recorded.
    public func chronological() -> [Transaction] {
        sorted { ($0.date, $0.id ?? .max) < ($1.date, $1.id ?? .max) }
    }
}
