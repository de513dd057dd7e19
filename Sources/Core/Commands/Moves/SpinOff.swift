import Foundation

/// A spin-off: `units` of a new asset `child` arrive on `date` (default today), and
/// `costFraction` of `parent`'s cost basis goes with them (the company states it: 0.2 for
/// 20 %). The parent keeps its units. Recorded as two linked transactions, together or not
/// at all: on the parent a `spin_off` whose quantity is the fraction (`Position` takes that
/// fraction of the cost basis away), on the child a transfer in carrying exactly that cost
/// (`CarriedCost`). The child's lots take the dates of the parent's lots, each with the
/// fraction of its cost (`LotEvents`: `.spinOff`).
///
///     // 100 held at a cost basis of 5,000; 20 % goes to 25 new shares:
///     try session.execute(SpinOff(parent: mmm, child: solventum, units: 25, costFraction: 0.2, date: day))
///     // parent: 100 units, cost basis 4,000; child: 25 units, cost basis 1,000
///
/// Rules: two different assets, neither cash, one currency; units above zero; a fraction
/// above 0 and below 1; something held of the parent at the end of that day.
public struct SpinOff: Command {
    public static let fractionMessage = "A spin-off's cost fraction must be above 0 and below 1 (0.2 for 20 %)."
    public static let unitsMessage = "A spin-off's units received must be greater than zero."
    public static let nothingHeldMessage = "Nothing is held to spin off from."

    public var parent: Int64
    public var child: Int64
    public var units: ExactDecimal
    public var costFraction: ExactDecimal
    public var date: CalendarDate?
    public var note: String

    public init(parent: Int64, child: Int64, units: ExactDecimal, costFraction: ExactDecimal, date: CalendarDate? = nil, note: String = "") {
        self.parent = parent
        self.child = child
        self.units = units
        self.costFraction = costFraction
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> (parent: Transaction, child: Transaction) {
        let (source, target) = try MoveUnits.pair(parent, child, in: store)
        let day = date ?? store.today
        guard units > 0 else { throw RuleViolation(Self.unitsMessage, rule: .outOfRange, asset: target.name) }
        guard costFraction > 0, costFraction < 1 else { throw RuleViolation(Self.fractionMessage, rule: .outOfRange, asset: source.name) }
        let position = try CarriedCost.position(of: parent, atEndOf: day, in: store)
        guard position.quantity > 0 else { throw RuleViolation(Self.nothingHeldMessage, rule: .insufficientHoldings, asset: source.name, date: day) }
        let (price, fees) = CarriedCost.priceAndFees(cost: position.spunOffCost(costFraction), quantity: units)
        let text = note.isEmpty ? "Spin-off of '\(target.name)' (\((costFraction * 100).normalized.plainText) % of the cost basis)" : note
        var out = try RecordTransaction(Transaction(assetID: parent, type: .spinOff, date: day, quantity: costFraction, pricePerUnit: 0,
                                                    currency: source.currency, note: text)).run(in: store)
        var into = try RecordTransaction(Transaction(assetID: child, type: .transferIn, date: day, quantity: units, pricePerUnit: price, fees: fees,
                                                     currency: target.currency, relatedTransactionID: out.id,
                                                     note: note.isEmpty ? "Spun off from '\(source.name)'" : note)).run(in: store)
        try store.link(&out, &into)
        return (out, into)
    }
}
