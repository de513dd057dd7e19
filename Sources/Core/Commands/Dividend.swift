import Foundation

/// A dividend paid by `source` into the cash asset `asset`: `amount` units of cash, the
/// source recorded so that income is reported per paying asset. Never paid into the source
/// itself. The date defaults to today.
public struct Dividend: Command {
    public static let intoSourceMessage = "A dividend is paid into a cash asset, not into the asset paying it."

    public var asset: Int64
    public var source: Int64
    public var amount: ExactDecimal?
    public var date: CalendarDate?
    public var note: String

    public init(asset: Int64, source: Int64, amount: ExactDecimal?, date: CalendarDate? = nil, note: String = "") {
        self.asset = asset
        self.source = source
        self.amount = amount
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> Transaction {
        if asset == source {
            let owner = try store.requireAsset(id: asset)
            throw RuleViolation(Self.intoSourceMessage, rule: .notAllowed, asset: owner.name)
        }
        return try Income.paidInCash(.dividend, asset: asset, source: source, amount: amount, date: date, note: note, in: store)
    }
}
