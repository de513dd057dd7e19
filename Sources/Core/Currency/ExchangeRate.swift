import Foundation

/// One stored exchange rate: on `date`, 1 `base` = `rate` `quote`.
///
///     ExchangeRate(base: "USD", quote: "EUR", date: CalendarDate("2024-03-01")!, rate: 0.92)
///     // 1 USD = 0.92 EUR on 2024-03-01 (so 1 EUR = 1 ÷ 0.92 USD)
public struct ExchangeRate: Equatable, Sendable {
    public var base: String
    public var quote: String
    public var date: CalendarDate
    /// Units of `quote` per unit of `base`; always above zero.
    public var rate: ExactDecimal
    /// Where it came from: "manual" (af.set_rate), "import" or the fetch service's host.
    public var source: String
    /// When it was fetched or entered, as ISO 8601 text ("2024-03-01T10:15:00Z"); "" when unknown.
    public var fetchedAt: String

    public init(base: String, quote: String, date: CalendarDate, rate: ExactDecimal, source: String = "manual", fetchedAt: String = "") {
        self.base = base
        self.quote = quote
        self.date = date
        self.rate = rate
        self.source = source
        self.fetchedAt = fetchedAt
    }

    /// Normalizes the codes (known currencies, upper case) and checks the rate: above zero,
    /// between two different currencies, between 10^-12 and 10^12 (`ConversionRange`). The errors say which field is wrong.
    public func validated() throws -> ExchangeRate {
        var rate = self
        rate.base = try Currency.normalize(base)
        rate.quote = try Currency.normalize(quote)
        if rate.base == rate.quote { throw RuleViolation("An exchange rate needs two different currencies, not \(rate.base) and \(rate.quote).", rule: .notAllowed) }
        if self.rate <= 0 { throw RuleViolation("An exchange rate must be greater than zero (\(rate.base)/\(rate.quote) on \(date): \(self.rate.plainText)).", rule: .outOfRange) }
        try ConversionRange.check(rate)
        return rate
    }
}
