import Foundation

/// Sets an asset's quantity on a day (default today) by recording an adjustment of the
/// difference (new − held at the end of that day) at the price of that day (the latest
/// price record on or before it; the current price when there is none).
/// `TransactionEditRules.setQuantityAdjustment`: the new quantity must be zero or greater and
/// differ from the one held; a backdated adjustment must leave every later sell covered.
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
        let day = date ?? store.today
        // After every transaction of the day: the new adjustment is recorded after them.
        let held = try store.holdings(ofAsset: asset, from: HoldingsHistory.LedgerKey(date: day, id: .max)).opening
        let delta = try RuleViolation.about(asset: owner.name, date: day) {
            try TransactionEditRules.setQuantityAdjustment(current: held, new: quantity, isCash: owner.isCash)
        }
        let price = try store.price(ofAsset: asset, onOrBefore: day) ?? store.currentPrice(ofAsset: asset)
        return try RecordTransaction(Transaction(assetID: asset, type: .adjustment, date: day, quantity: delta,
                                                 pricePerUnit: price, currency: owner.currency, note: note)).run(in: store)
    }
}
