import Foundation

/// Sets an asset's quantity by recording an adjustment of the difference (new − current) at
/// the current price (`TransactionEditRules.setQuantityAdjustment`: the new quantity must be
/// zero or greater and differ from the current one).
public struct SetQuantity: Command {
    public var asset: Int64
    public var quantity: ExactDecimal
    /// nil: today.
    public var date: CalendarDate?
    public var note: String

    public init(asset: Int64, quantity: ExactDecimal, date: CalendarDate? = nil, note: String = "") {
        self.asset = asset
        self.quantity = quantity
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> Transaction {
        let owner = try store.requireAsset(id: asset)
        let held = try store.quantity(ofAsset: asset)
        let delta = try RuleViolation.about(asset: owner.name, date: date ?? store.today) {
            try TransactionEditRules.setQuantityAdjustment(current: held, new: quantity, isCash: owner.isCash)
        }
        let price = try store.currentPrice(ofAsset: asset)
        return try RecordTransaction(Transaction(assetID: asset, type: .adjustment, date: date ?? store.today, quantity: delta,
                                                 pricePerUnit: price, currency: owner.currency, note: note)).run(in: store)
    }
}
