import Foundation

/// Money taken out of the cash asset `asset` to outside the portfolio (a sell of cash at
/// 1); refused beyond the amount held on its date.
public struct Withdrawal: Command {
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
        try CashOnly.require(asset, "A withdrawal", in: store)
        return try Trade(.sell, asset: asset, quantity: amount, price: 1, date: date, note: note).run(in: store)
    }
}
