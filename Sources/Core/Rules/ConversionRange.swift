/// The bounds that keep every currency conversion and every converted total in the decimal
/// range (ExactDecimal holds at most 2^128 − 1 ≈ 3.4 × 10^38), whatever rows are stored.
///
/// - a stored rate lies strictly between 10^-12 and 10^12, so its inverse does too;
/// - for each currency, its stored rates read as "1 of this currency = f of the other" span
///   less than a factor 10^12 (the highest f below 10^12 × the lowest), so a cross rate
///   through it (f(M→B) ÷ f(M→A)) also lies between 10^-12 and 10^12: every conversion
///   multiplies a value by at most 10^12;
/// - a position's value in its own currency (quantity held × price) stays below 10^21.
///
/// So one converted value is below 10^33 and a total of over 300,000 of them fits.
/// Realistic figures are far inside: 1 BTC = 2.5 × 10^9 VND, 1 IDR = 6 × 10^-5 USD, a
/// 10^12 JPY position, a 10^12 USD fund counted in IRR (6 × 10^17).
public enum ConversionRange {
    /// 10^12: the largest factor a rate (or its inverse, or a cross rate) may apply.
    public static let rateLimit = ExactDecimal(units: 1_000_000_000_000, scale: 0, isNegative: false)!
    /// 10^-12: the smallest rate.
    public static let smallestRate = ExactDecimal(units: 1, scale: 12, isNegative: false)!
    /// 10^21: the largest value (quantity held × price) of a position, in its own currency.
    public static let valueLimit = ExactDecimal(units: 1_000_000_000_000_000_000_000, scale: 0, isNegative: false)!

    public static let rateMessage = "An exchange rate must lie between 0.000000000001 and 1000000000000 (both excluded)"
    public static let spreadMessage = "The stored rates of a currency must lie within a factor of 1000000000000 of each other, so that a cross rate through it stays in range"
    public static let valueMessage = "The value of a position (quantity held × price) must stay below 1000000000000000000000, so that it can be converted and totalled"

    /// Throws when `rate` (one stored row) is outside (10^-12, 10^12).
    public static func check(_ rate: ExchangeRate) throws {
        guard rate.rate <= smallestRate || rate.rate >= rateLimit else { return }
        throw RuleViolation("\(rateMessage): \(rate.base)/\(rate.quote) on \(rate.date) is \(rate.rate.plainText).",
                            rule: .outOfRange, date: rate.date)
    }

    /// The extremes of one currency's stored rates: the rates where it is the base and those
    /// where it is the quote (each nil when there are none).
    public struct Extremes: Sendable {
        public var baseLowest: ExactDecimal?, baseHighest: ExactDecimal?
        public var quoteLowest: ExactDecimal?, quoteHighest: ExactDecimal?

        public init(baseLowest: ExactDecimal?, baseHighest: ExactDecimal?, quoteLowest: ExactDecimal?, quoteHighest: ExactDecimal?) {
            self.baseLowest = baseLowest
            self.baseHighest = baseHighest
            self.quoteLowest = quoteLowest
            self.quoteHighest = quoteHighest
        }
    }

    /// Throws when `code`'s stored rates span a factor of 10^12 or more. A rate where `code`
    /// is the base is a factor f; one where it is the quote is 1 ÷ rate: compared without
    /// dividing (every product is exact or rounded at 38 digits).
    public static func checkSpread(_ code: String, _ e: Extremes) throws {
        var wide = false
        if let high = e.baseHighest, let low = e.baseLowest { wide = wide || high >= low * rateLimit }
        if let high = e.quoteHighest, let low = e.quoteLowest { wide = wide || high >= low * rateLimit }
        if let high = e.baseHighest, let quote = e.quoteHighest { wide = wide || high * quote >= rateLimit }
        if let quote = e.quoteLowest, let low = e.baseLowest { wide = wide || quote * low * rateLimit <= 1 }
        guard wide else { return }
        throw RuleViolation("\(spreadMessage) (\(code)).", rule: .outOfRange)
    }

    /// Throws when `held` × `price` is at or beyond 10^21 (or cannot be computed).
    public static func checkValue(held: ExactDecimal, price: ExactDecimal, asset: String) throws {
        let value = held.magnitude * price.magnitude
        guard value.isOutOfRange || value >= valueLimit else { return }
        throw RuleViolation("\(valueMessage): \(asset) would be worth \(held.plainText) × \(price.plainText).",
                            rule: .outOfRange, asset: asset)
    }
}
