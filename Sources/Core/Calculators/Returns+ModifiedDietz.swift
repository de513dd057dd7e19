import Foundation

extension Returns {
    /// Modified Dietz return over `from`…`to`:
    /// r = (end − begin − CF) ÷ (begin + Σ wᵢ·CFᵢ), wᵢ = (D − dᵢ) ÷ D in whole calendar days,
    /// where dᵢ counts days from `from` to the flow: a flow on day 0 has weight 1, one on `to`
    /// weight 0. (A scope's performance counts a flow on `from` in the begin value, since flows
    /// are at the end of their day.) Exact: numerator and denominator are multiplied by D first.
    ///
    ///     // begin 100,000, end 215,000, +100,000 on day 30 of 90:
    ///     // 15,000 × 90 ÷ (100,000 × 90 + 60 × 100,000) = 0.09
    ///
    /// A begin value of 0 is allowed when the weighted flows give a positive denominator
    /// (money invested during the period).
    public static func modifiedDietz(begin: ExactDecimal, end: ExactDecimal, flows: [CashFlow],
                                     from: CalendarDate, to: CalendarDate) -> ReturnFigure {
        let totalDays = from.days(until: to)
        if totalDays <= 0 { return .unavailable(Reason.noDays) }
        if begin < 0 { return .unavailable(Reason.startValueNegative) }
        var net = ExactDecimal.zero
        var weightedTimesDays = ExactDecimal.zero
        for flow in flows {
            let day = from.days(until: flow.date)
            if day < 0 || day > totalDays {
                return .unavailable("a flow on \(flow.date) lies outside \(from)…\(to)")
            }
            net += flow.amount
            weightedTimesDays += ExactDecimal(totalDays - day) * flow.amount
        }
        let denominatorTimesDays = begin * ExactDecimal(totalDays) + weightedTimesDays
        if denominatorTimesDays.isZero {
            return .unavailable(begin.isZero ? Reason.startValueZero + " and no money was invested during the period" : "the average capital (begin + weighted flows) is zero")
        }
        if denominatorTimesDays < 0 { return .unavailable("the average capital (begin + weighted flows) is negative") }
        return .value((end - begin - net) * ExactDecimal(totalDays) / denominatorTimesDays)
    }
}
