import Foundation

extension Returns {
    /// Days per year of every annualized figure (CAGR, annualized TWR, XIRR and MWR):
    /// Actual/365, as spreadsheets' XIRR.
    public static let daysPerYear: Double = 365

    /// Compound annual growth rate: (end ÷ begin)^(1 ÷ years) − 1 with years = calendar days
    /// ÷ 365 (`Returns.daysPerYear`: the one day count of every annualized figure, XIRR's
    /// Actual/365, so a quarter without flows gives the same MWR and annualized TWR). Like growth, it includes deposits and withdrawals. The power is taken in
    /// Double and rounded to `floatRatePlaces`.
    ///
    /// A period shorter than a year is refused unless `annualizeShortPeriod` (a two-week
    /// 1 % becomes a 30 % "annual" rate).
    ///
    ///     Returns.cagr(begin: 100_000, end: 110_000, from: "2024-01-01", to: "2025-01-01")
    ///     // 0.0997135859 (366 ÷ 365 years)
    public static func cagr(begin: ExactDecimal, end: ExactDecimal, from: CalendarDate, to: CalendarDate,
                            annualizeShortPeriod: Bool = false) -> ReturnFigure {
        let days = from.days(until: to)
        if days <= 0 { return .unavailable(Reason.noDays) }
        if begin.isZero { return .unavailable(Reason.startValueZero) }
        if begin < 0 { return .unavailable(Reason.startValueNegative) }
        if end.isZero { return .unavailable("end value is zero (nothing left to compound)") }
        if end < 0 { return .unavailable("end value is negative") }
        if !annualizeShortPeriod, !spansAtLeastAYear(from: from, to: to) { return .unavailable(Reason.shorterThanAYear(days: days)) }
        let years = Double(days) / Returns.daysPerYear
        let ratioAsFloat = float(end / begin)
        let rateAsFloat = Foundation.pow(ratioAsFloat, 1 / years) - 1
        guard let rate = decimalRate(fromFloat: rateAsFloat) else { return .unavailable("the rate overflows") }
        return .value(rate)
    }

    /// A period return expressed per year: (1 + r)^(365 ÷ days) − 1; refused for periods
    /// shorter than a year unless `annualizeShortPeriod`.
    public static func annualized(_ periodReturn: ExactDecimal, from: CalendarDate, to: CalendarDate,
                                  annualizeShortPeriod: Bool = false) -> ReturnFigure {
        cagr(begin: 1, end: 1 + periodReturn, from: from, to: to, annualizeShortPeriod: annualizeShortPeriod)
    }
}
