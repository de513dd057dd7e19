import Foundation

/// Interest paid by `source`: into the cash asset `asset` (`amount` units of cash), or in
/// kind when `asset == source` (`quantity` units of the asset itself at `price`, by default
/// its current price). The date defaults to today.
public struct Interest: Command {
    public var asset: Int64
    public var source: Int64
    public var amount: ExactDecimal?
    public var quantity: ExactDecimal?
    public var price: ExactDecimal?
    public var date: CalendarDate?
    public var note: String

    public init(asset: Int64, source: Int64, amount: ExactDecimal? = nil, quantity: ExactDecimal? = nil, price: ExactDecimal? = nil,
                date: CalendarDate? = nil, note: String = "") {
        self.asset = asset
        self.source = source
        self.amount = amount
        self.quantity = quantity
        self.price = price
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> Transaction {
        guard asset == source else {
            return try Income.paidInCash(.interest, asset: asset, source: source, amount: amount, date: date, note: note, in: store)
        }
        let owner = try store.requireAsset(id: asset)
        guard let quantity else { throw RuleViolation("In-kind interest needs a quantity.", rule: .required, asset: owner.name) }
        let unitPrice = try price ?? store.currentPrice(ofAsset: asset)
        return try RecordTransaction(Transaction(assetID: asset, type: .interest, date: date ?? store.today, quantity: quantity,
                                                 pricePerUnit: unitPrice, currency: owner.currency, sourceAssetID: source, note: note)).run(in: store)
    }
}
