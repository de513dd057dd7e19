import Foundation

/// A rate of return, or the reason it cannot be computed. Never a stand-in 0 or −100 %:
/// a sub-period that starts from nothing, an IRR with no root or a zero denominator each
/// say so in words.
///
///     Returns.growth(begin: 100, end: 110)   // .value(0.1)
///     Returns.growth(begin: 0, end: 110)     // .unavailable("start value is zero")
public enum ReturnFigure: Equatable, Sendable, CustomStringConvertible {
    case value(ExactDecimal)
    case unavailable(String)

    /// The figure, nil when unavailable.
    public var value: ExactDecimal? {
        if case .value(let v) = self { return v }
        return nil
    }

    /// Why there is no figure, nil when there is one.
    public var reason: String? {
        if case .unavailable(let r) = self { return r }
        return nil
    }

    public var description: String { value?.plainText ?? "unavailable: \(reason!)" }
}

/// Money entering (positive) or leaving (negative) on a day, from the point of view the
/// calculator states (the scope for TWR and Modified Dietz, the investor for XIRR).
public struct CashFlow: Equatable, Sendable {
    public var date: CalendarDate
    public var amount: ExactDecimal

    public init(date: CalendarDate, amount: ExactDecimal) {
        self.date = date
        self.amount = amount
    }
}

/// Pure return calculators; one measure per file (`Returns+TWR.swift`, …). See
/// Documentation/Returns.md for the definitions and worked examples.
public enum Returns {
    /// The reasons shared by several measures, worded once.
    public enum Reason {
        public static let startValueZero = "start value is zero"
        public static let startValueNegative = "start value is negative"
        public static let noDays = "the period has no days (from equals to)"
        public static let fewerThanTwoValuations = "fewer than two valuations"
        public static let noSignChange = "no sign change in cash flows"
        public static func shorterThanAYear(days: Int) -> String {
            "the period is shorter than a year (\(days) days); an annual rate would extrapolate it (ask for it explicitly to annualise anyway)"
        }
    }

    /// Decimal places of the rates computed with fractional powers (CAGR, XIRR): enough for
    /// 1e-9 agreement with spreadsheets, few enough to drop binary noise (0.1, not
    /// 0.10000000000000009).
    public static let floatRatePlaces = 10

    /// A Double-computed rate back as an exact decimal, rounded to `floatRatePlaces`.
    static func decimalRate(fromFloat rateAsFloat: Double) -> ExactDecimal? {
        ExactDecimal(shortestTextOf: rateAsFloat)?.rounded(places: floatRatePlaces)
    }

    /// The value as a Double, for fractional powers only.
    static func float(_ value: ExactDecimal) -> Double { (value).doubleValue }

    /// True when `to` is at least one calendar year after `from` (2021-01-01 → 2022-01-01 is).
    public static func spansAtLeastAYear(from: CalendarDate, to: CalendarDate) -> Bool {
        to >= from.adding(months: 12)
    }
}
