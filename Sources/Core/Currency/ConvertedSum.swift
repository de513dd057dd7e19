import Foundation

/// A sum of amounts in several currencies, each converted into one currency on its own date
/// before it is added, with every rate used (so a report can say which were fallbacks).
///
///     var sum = ConvertedSum(currency: "USD", rates: table)
///     try sum.add(100, "EUR", on: d("2024-03-01"))   // 108.70 USD at 1.087
///     try sum.add(5, "USD", on: d("2024-03-01"))     // no rate needed
///     sum.total                                       // 113.70
public struct ConvertedSum: Sendable {
    public let currency: String
    public let rates: RateTable
    public private(set) var total: ExactDecimal = 0
    /// Each distinct rate used (one per pair and requested date).
    public private(set) var applied: [AppliedRate] = []

    public init(currency: String, rates: RateTable) {
        self.currency = currency
        self.rates = rates
    }

    /// Adds `amount` of `code` valued on `date`; returns it converted. A zero amount needs no
    /// rate (a closed position in another currency must not block a total).
    @discardableResult
    public mutating func add(_ amount: ExactDecimal, _ code: String, on date: CalendarDate) throws -> ExactDecimal {
        if amount.isZero { return 0 }
        let rate = try rates.rate(from: code, to: currency, on: date)
        if rate.from != rate.to, !applied.contains(rate) { applied.append(rate) }
        let converted = rate.convert(amount)
        total += converted
        return converted
    }

    /// Assets held without any price, counted as 0 (their names, in the order added).
    public private(set) var unpriced: [String] = []

    public mutating func noteUnpriced(_ name: String) { if !unpriced.contains(name) { unpriced.append(name) } }

    /// What a reader of the total must know: each fallback rate, then each asset counted
    /// as 0 for want of a price.
    public var notices: [String] { fallbacks.map(\.explanation) + unpriced.map(MarketPrices.unpricedNotice) }

    /// The rates that came from an earlier day than the value's.
    public var fallbacks: [AppliedRate] { applied.filter(\.isFallback) }
}
