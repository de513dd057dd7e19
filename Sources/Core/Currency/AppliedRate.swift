import Foundation

/// How an amount was converted from one currency to another on a date: which rate, from
/// which day, and whether that day was earlier than asked (a fallback).
///
/// The conversion is `amount × numerator ÷ denominator`: a direct rate is rate ÷ 1, an
/// inverse one 1 ÷ rate, a cross rate through a third currency the product of two legs.
/// Keeping the two parts apart means an inverse rate does not lose digits to an early
/// division (1 ÷ 0.92 has no finite decimal form).
public struct AppliedRate: Equatable, Sendable {
    public let from: String
    public let to: String
    /// The date the value is for.
    public let requestedDate: CalendarDate
    /// The date of the (oldest) stored rate used: `requestedDate` or an earlier day.
    public let rateDate: CalendarDate
    public let numerator: ExactDecimal
    public let denominator: ExactDecimal
    /// The third currency a cross rate went through (nil for a direct or inverse rate).
    public let via: String?

    public init(from: String, to: String, requestedDate: CalendarDate, rateDate: CalendarDate,
                numerator: ExactDecimal, denominator: ExactDecimal, via: String? = nil) {
        self.from = from
        self.to = to
        self.requestedDate = requestedDate
        self.rateDate = rateDate
        self.numerator = numerator
        self.denominator = denominator
        self.via = via
    }

    /// Same currency: 1, on the date asked.
    public static func identity(_ code: String, on date: CalendarDate) -> AppliedRate {
        AppliedRate(from: code, to: code, requestedDate: date, rateDate: date, numerator: 1, denominator: 1)
    }

    /// True when the rate is from a day before the one asked for.
    public var isFallback: Bool { rateDate < requestedDate }

    /// Units of `to` per unit of `from` (for display: the conversion itself keeps both parts).
    public var rate: ExactDecimal { denominator == 1 ? numerator : numerator / denominator }

    /// `amount` in `to`.
    public func convert(_ amount: ExactDecimal) -> ExactDecimal {
        if numerator == denominator { return amount }
        return denominator == 1 ? amount * numerator : amount * numerator / denominator
    }

    /// "EUR→USD 1.0870 (2024-03-01, fallback for 2024-03-03, via EUR)": for notes in reports.
    public var explanation: String {
        var text = "\(from)→\(to) \(rate.rounded(places: 6).plainText) (\(rateDate)"
        if isFallback { text += ", latest before \(requestedDate)" }
        if let via { text += ", via \(via)" }
        return text + ")"
    }
}
