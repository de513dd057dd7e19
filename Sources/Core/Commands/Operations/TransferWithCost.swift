import Foundation

/// Securities moved in from another broker with the cost they had there: `quantity` units of
/// `asset` arrive on `date` (default today) carrying `costBasis` (their total cost), and the
/// acquisition date is kept in the note. The cost is exact: the price is the cost ÷ quantity
/// to 8 places, and what that leaves over is recorded as the transfer's fees, which add to
/// the cost (`Position.apply`). No money is paid from a tracked asset.
public struct TransferInWithCost: Command {
    public var asset: Int64
    public var quantity: ExactDecimal
    public var costBasis: ExactDecimal
    public var acquired: CalendarDate?
    public var date: CalendarDate?
    public var note: String

    public init(asset: Int64, quantity: ExactDecimal, costBasis: ExactDecimal, acquired: CalendarDate? = nil, date: CalendarDate? = nil, note: String = "") {
        self.asset = asset
        self.quantity = quantity
        self.costBasis = costBasis
        self.acquired = acquired
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> Transaction {
        let owner = try store.requireAsset(id: asset)
        guard quantity > 0 else { throw RuleViolation("Quantity must be greater than zero.", rule: .outOfRange, asset: owner.name) }
        guard costBasis >= 0 else { throw RuleViolation("A cost basis must be zero or greater.", rule: .outOfRange, asset: owner.name) }
        let exact: ExactDecimal = costBasis / quantity
        let price = exact.rounded(places: 8, mode: .down)
        let rest = costBasis - quantity * price
        var text = note
        if let acquired { text = (text.isEmpty ? "" : text + "; ") + "acquired \(acquired)" }
        return try RecordTransaction(Transaction(assetID: asset, type: .transferIn, date: date ?? store.today, quantity: quantity,
                                                 pricePerUnit: price, fees: rest, currency: owner.currency, note: text)).run(in: store)
    }
}
