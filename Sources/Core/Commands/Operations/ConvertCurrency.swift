import Foundation

/// A currency conversion at a broker: `amount` leaves the cash asset `from` and `toAmount`
/// arrives in the cash asset `to`, two legs linked as a swap, at the broker's rate
/// (toAmount ÷ amount, written in both notes). Nothing is realized: cash is counted at 1.
public struct ConvertCurrency: Command {
    public var from: Int64
    public var to: Int64
    public var amount: ExactDecimal
    public var toAmount: ExactDecimal
    public var date: CalendarDate?

    public init(from: Int64, to: Int64, amount: ExactDecimal, toAmount: ExactDecimal, date: CalendarDate? = nil) {
        self.from = from
        self.to = to
        self.amount = amount
        self.toAmount = toAmount
        self.date = date
    }

    public func run(in store: CommandStore) throws -> (sell: Transaction, buy: Transaction) {
        try CashOnly.require(from, "A currency conversion", in: store)
        try CashOnly.require(to, "A currency conversion", in: store)
        let source = try store.requireAsset(id: from), target = try store.requireAsset(id: to)
        guard amount > 0, toAmount > 0 else { throw RuleViolation("A currency conversion needs both amounts above zero.", rule: .outOfRange) }
        let rate: ExactDecimal = toAmount / amount
        let note = "\(source.currency) → \(target.currency) at \(rate.rounded(places: 8).plainText)"
        var pair = try Swap(from: from, to: to, quantity: amount, toQuantity: toAmount, date: date).run(in: store)
        pair.sell.note = note
        pair.buy.note = note
        try store.update(pair.sell)
        try store.update(pair.buy)
        return pair
    }
}
