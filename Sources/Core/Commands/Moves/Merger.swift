import Foundation

/// A merger (or an acquisition paid in shares): every unit of `from` held at the end of
/// `date` (default today) leaves, and units of `to` arrive at `ratio` (new:old, "3:2": 2 old
/// units become 3 new ones, to 8 decimals rounded down) or as the broker states them
/// (`toQuantity`). The cost basis goes with them and the lots keep their dates: a
/// `MoveUnits` of everything held, whose note says "Merger into 'B'".
///
///     try session.execute(Merger(from: oldCo, to: newCo, ratio: try SplitRatio("3:2", allowsOne: true), date: day))
///
/// Rules: a ratio or the units received, not both; something held; and those of `MoveUnits`
/// (two different assets, not cash, one currency).
public struct Merger: Command {
    public static let ratioOrUnitsMessage = "Give a merger either a ratio (new:old) or the units received, not both."
    public static let nothingHeldMessage = "Nothing is held to merge."

    public var from: Int64
    public var to: Int64
    public var ratio: SplitRatio?
    public var toQuantity: ExactDecimal?
    public var date: CalendarDate?
    public var note: String

    public init(from: Int64, to: Int64, ratio: SplitRatio? = nil, toQuantity: ExactDecimal? = nil, date: CalendarDate? = nil, note: String = "") {
        self.from = from
        self.to = to
        self.ratio = ratio
        self.toQuantity = toQuantity
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> (out: Transaction, in: Transaction) {
        let (source, target) = try MoveUnits.pair(from, to, in: store)
        let day = date ?? store.today
        guard (ratio == nil) != (toQuantity == nil) else { throw RuleViolation(Self.ratioOrUnitsMessage, rule: .required, asset: source.name) }
        let held = try Split.held(from, atEndOf: day, in: store)
        guard held > 0 else { throw RuleViolation(Self.nothingHeldMessage, rule: .insufficientHoldings, asset: source.name, date: day) }
        let received = toQuantity ?? ratio!.applied(to: held)
        let text = note.isEmpty ? "Merger into '\(target.name)'" + (ratio.map { " (\($0))" } ?? "") : note
        return try MoveUnits(from: from, to: to, quantity: held, toQuantity: received, date: day, note: text).run(in: store)
    }
}
