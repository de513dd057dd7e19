import Foundation

/// A dividend paid in shares: `units` new units of `asset` on `date` (default today), with
/// no cost, so the cost basis stays and the average cost falls, as after a split. Recorded
/// as a `stock_dividend` transaction, not a split: for lots the units are a new lot at zero
/// cost dated the payment day, and the older lots keep their units and costs.
public struct StockDividend: Command {
    public var asset: Int64
    public var units: ExactDecimal
    public var date: CalendarDate?
    public var note: String

    public init(asset: Int64, units: ExactDecimal, date: CalendarDate? = nil, note: String = "") {
        self.asset = asset
        self.units = units
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> Transaction {
        let owner = try store.requireAsset(id: asset)
        guard units > 0 else { throw RuleViolation("A stock dividend adds units: quantity must be greater than zero.", rule: .outOfRange, asset: owner.name) }
        return try RecordTransaction(Transaction(assetID: asset, type: .stockDividend, date: date ?? store.today, quantity: units, pricePerUnit: 0,
                                                 currency: owner.currency, note: note.isEmpty ? "Stock dividend" : note)).run(in: store)
    }
}
