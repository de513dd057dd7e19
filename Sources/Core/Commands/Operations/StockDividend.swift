import Foundation

/// A dividend paid in shares: `units` new units of `asset` on `date` (default today), with
/// no cost, so the cost basis stays and the average cost falls (a split by another name).
/// Recorded as a split whose note says "Stock dividend".
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
        return try Split(asset: asset, units: units, date: date, note: note.isEmpty ? "Stock dividend" : note).run(in: store)
    }
}
