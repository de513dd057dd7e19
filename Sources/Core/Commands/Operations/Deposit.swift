import Foundation

/// Money paid into the cash asset `asset` from outside the portfolio (a buy of cash at 1).
public struct Deposit: Command {
    public var asset: Int64
    public var amount: ExactDecimal
    public var date: CalendarDate?
    public var note: String

    public init(asset: Int64, amount: ExactDecimal, date: CalendarDate? = nil, note: String = "") {
        self.asset = asset
        self.amount = amount
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> Transaction {
        try CashOnly.require(asset, "A deposit", in: store)
        return try Trade(.buy, asset: asset, quantity: amount, price: 1, date: date, note: note).run(in: store)
    }
}

/// Deposits, withdrawals and conversions move cash assets only.
enum CashOnly {
    static func require(_ asset: Int64, _ what: String, in store: CommandStore) throws {
        let owner = try store.requireAsset(id: asset)
        guard owner.isCash else { throw RuleViolation("\(what) moves a cash asset; '\(owner.name)' is not cash.", rule: .notAllowed, asset: owner.name) }
    }
}
