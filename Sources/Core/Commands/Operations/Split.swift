import Foundation

/// A split or reverse split of `asset` on `date` (default today): the units held at the end
/// of that day become `ratio.new / ratio.old` times as many (to 8 decimals, rounded down),
/// or change by `units` when the broker states them. The cost basis and the dates of the
/// units do not change, so the average cost follows the ratio; nothing is realized.
///
///     try session.execute(Split(asset: acme, ratio: try SplitRatio("3:1"), date: day))  // 10 held → 30
///
/// Rules: a ratio or units, not both; something held (a split of nothing is an error);
/// the change must not be zero; and those of `RecordTransaction`.
public struct Split: Command {
    public static let nothingHeldMessage = "Nothing is held to split."
    public static let ratioOrUnitsMessage = "Give a split either a ratio or the units it adds (negative: takes away), not both."

    public var asset: Int64
    public var ratio: SplitRatio?
    /// Units added (negative: taken away), as a broker's row states them.
    public var units: ExactDecimal?
    public var date: CalendarDate?
    public var note: String

    public init(asset: Int64, ratio: SplitRatio? = nil, units: ExactDecimal? = nil, date: CalendarDate? = nil, note: String = "") {
        self.asset = asset
        self.ratio = ratio
        self.units = units
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> Transaction {
        let owner = try store.requireAsset(id: asset)
        let day = date ?? store.today
        guard (ratio == nil) != (units == nil) else { throw RuleViolation(Self.ratioOrUnitsMessage, rule: .required, asset: owner.name) }
        let change: ExactDecimal
        if let ratio {
            let held = try Self.held(asset, atEndOf: day, in: store)
            guard held > 0 else { throw RuleViolation(Self.nothingHeldMessage, rule: .insufficientHoldings, asset: owner.name, date: day) }
            change = ratio.applied(to: held) - held
        } else {
            change = units!
        }
        let text = note.isEmpty ? (ratio.map { "Split \($0)" } ?? "Split") : note
        return try RecordTransaction(Transaction(assetID: asset, type: .split, date: day, quantity: change, pricePerUnit: 0,
                                                 currency: owner.currency, note: text)).run(in: store)
    }

    /// The quantity held once every transaction of `day` is counted.
    static func held(_ asset: Int64, atEndOf day: CalendarDate, in store: CommandStore) throws -> ExactDecimal {
        let next = CalendarDate(dayNumber: day.dayNumber + 1)
        return try store.holdings(ofAsset: asset, from: HoldingsHistory.LedgerKey(date: next, id: .min)).opening
    }
}
