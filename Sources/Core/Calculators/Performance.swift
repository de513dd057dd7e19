import Foundation

/// A scope's performance over `from`…`to`: every measure, the reconciliation and the trail.
///
/// Values are at the end of their day and flows happen at the end of their day, so a
/// transaction dated `from` is part of the start value and one dated `to` is a flow of the
/// period. The reconciliation is an identity the figures must satisfy to the cent:
///
///     start value + net flows + income + realized gain + change in unrealized gain = end value
public struct PerformanceReport: Equatable, Sendable {
    public let from: CalendarDate
    public let to: CalendarDate
    public let startValue: ExactDecimal
    public let endValue: ExactDecimal
    /// Σ money into the scope (−: out) during (from, to].
    public let netFlows: ExactDecimal
    /// Dividends and interest paid by the scope's assets.
    public let income: ExactDecimal
    public let realizedGain: ExactDecimal
    /// (value − cost basis) at `to` − the same at `from`.
    public let unrealizedChange: ExactDecimal
    /// Time-weighted return over the period (not annualised).
    public let twr: ReturnFigure
    /// The TWR per year, for periods of at least a year.
    public let twrAnnualized: ReturnFigure
    /// Money-weighted return: the XIRR of the start value, the flows and the end value,
    /// for periods of at least a year.
    public let mwr: ReturnFigure
    public let modifiedDietz: ReturnFigure
    public let cagr: ReturnFigure
    public let growth: ReturnFigure
    /// The TWR's sub-periods; their returns and the chain (`subPeriods`) are worked out
    /// when asked for, since only the explanation shows them.
    let twrPeriods: [Returns.SubPeriod]
    /// The TWR's sub-periods with their returns.
    public var subPeriods: [Returns.LinkedSubPeriod] { Returns.timeWeighted(twrPeriods).trail }
    /// Each transaction's part: flow, income, realized gain.
    public let flows: [ScopeFlow]

    /// start + flows + income + realized + unrealized change − end: 0 when it reconciles.
    public var reconciliationDifference: ExactDecimal {
        startValue + netFlows + income + realizedGain + unrealizedChange - endValue
    }

    /// The net flow of each day with one, in the scope's point of view.
    public var dailyFlows: [CashFlow] {
        var result: [CashFlow] = []
        for f in flows where !f.flow.isZero {
            if let last = result.last, last.date == f.date { result[result.count - 1].amount += f.flow } else { result.append(CashFlow(date: f.date, amount: f.flow)) }
        }
        return result.filter { !$0.amount.isZero }
    }
}

/// Computes performance reports and cumulative TWR series from a `PerformanceInput`.
public enum Performance {
    /// Rates per year (CAGR, MWR, annualised TWR) are given for periods of at least a year
    /// only, unless `annualizeShortPeriod`.
    public static func report(_ input: PerformanceInput, from: CalendarDate, to: CalendarDate,
                              annualizeShortPeriod: Bool = false) throws -> PerformanceReport {
        try report(PerformanceRecords(input), from: from, to: to, annualizeShortPeriod: annualizeShortPeriod)
    }

    /// The report from the history's flat form (what the store loads).
    public static func report(_ records: PerformanceRecords, from: CalendarDate, to: CalendarDate,
                              annualizeShortPeriod: Bool = false) throws -> PerformanceReport {
        if from > to { throw RuleViolation("The period's start date (\(from)) is after its end date (\(to)).") }
        let ledger = PerformanceLedger(records)
        let boundaries = ledger.boundaries(from: from, to: to)
        let values = ledger.values(on: boundaries)
        let startValue = values[0], endValue = values[values.count - 1]
        let inPeriod = ledger.entries(after: from, through: to)
        var netFlows = ExactDecimal.zero, income = ExactDecimal.zero, realized = ExactDecimal.zero
        for f in inPeriod {
            netFlows += f.flow
            income += f.income
            realized += f.realizedGain
        }
        let unrealizedChange = (endValue - ledger.costBasis(on: to)) - (startValue - ledger.costBasis(on: from))
        let timeline = zip(boundaries, values).map { (date: $0, value: $1) }
        var flowList: [CashFlow] = []
        flowList.reserveCapacity(inPeriod.count)
        for f in inPeriod where !f.flow.isZero { flowList.append(CashFlow(date: f.date, amount: f.flow)) }
        let periods = Returns.subPeriods(values: timeline, flows: flowList)
        let twr = timeline.count < 2 ? .unavailable(Returns.Reason.fewerThanTwoValuations) : Returns.timeWeightedFigure(periods)
        let twrAnnualized = twr.value.map { Returns.annualized($0, from: from, to: to, annualizeShortPeriod: annualizeShortPeriod) } ?? twr

        // The investor's flows in date order as XIRR sorts them (the start value before every
        // flow, which all come after `from`; the end value after those of `to`), made at their
        // size: no sorted copy, no array grown by copying (issue 27).
        var investorFlows: [CashFlow] = []
        investorFlows.reserveCapacity(flowList.count + 2)
        investorFlows.append(CashFlow(date: from, amount: -startValue))
        for f in flowList { investorFlows.append(CashFlow(date: f.date, amount: -f.amount)) }
        investorFlows.append(CashFlow(date: to, amount: endValue))
        let mwr = Returns.xirr(investorFlows, annualizeShortPeriod: annualizeShortPeriod)
        return PerformanceReport(
            from: from, to: to, startValue: startValue, endValue: endValue, netFlows: netFlows, income: income,
            realizedGain: realized, unrealizedChange: unrealizedChange, twr: twr, twrAnnualized: twrAnnualized, mwr: mwr,
            modifiedDietz: Returns.modifiedDietz(begin: startValue, end: endValue, flows: flowList, from: from, to: to),
            cagr: Returns.cagr(begin: startValue, end: endValue, from: from, to: to, annualizeShortPeriod: annualizeShortPeriod),
            growth: Returns.growth(begin: startValue, end: endValue),
            twrPeriods: periods, flows: inPeriod)
    }

    /// One point of a cumulative TWR series.
    public struct SeriesPoint: Equatable, Sendable {
        public let date: CalendarDate
        public let value: ExactDecimal
        /// Chained TWR since the first point (0 at the first point).
        public let cumulative: ExactDecimal
    }

    /// The cumulative TWR at each of `dates` (ascending, the first one the origin at 0 %):
    /// sub-periods run between every activity date and every requested date, so a point is
    /// exact whatever the sampling.
    public static func twrSeries(_ input: PerformanceInput, dates: [CalendarDate]) -> [SeriesPoint] {
        twrSeries(PerformanceRecords(input), dates: dates)
    }

    /// The series from the history's flat form (what the store loads).
    public static func twrSeries(_ records: PerformanceRecords, dates: [CalendarDate]) -> [SeriesPoint] {
        guard let from = dates.first, let to = dates.last else { return [] }
        let ledger = PerformanceLedger(records)
        let boundaries = ledger.boundaries(from: from, to: to, including: dates)
        let values = ledger.values(on: boundaries)
        // The period's entries read in place (a copy of them was 10 MB over 100,000 transactions).
        let flows = Array(ledger.entries[ledger.entryRange(after: from, through: to)].lazy.filter { !$0.flow.isZero }.map { CashFlow(date: $0.date, amount: $0.flow) })
        let twr = Returns.timeWeighted(values: zip(boundaries, values).map { (date: $0, value: $1) }, flows: flows)
        var cumulativeAt: [CalendarDate: ExactDecimal] = [from: 0]
        for line in twr.trail { cumulativeAt[line.period.to] = line.cumulative }
        var valueAt: [CalendarDate: ExactDecimal] = [:]
        for (d, v) in zip(boundaries, values) { valueAt[d] = v }
        return dates.map { SeriesPoint(date: $0, value: valueAt[$0] ?? 0, cumulative: cumulativeAt[$0] ?? 0) }
    }

    /// The date of the scope's first transaction, the natural start of "since inception".
    public static func firstActivity(_ input: PerformanceInput) -> CalendarDate? { firstActivity(PerformanceRecords(input)) }

    /// The first date with a transaction of the scope, or income another asset received from
    /// a source in the scope: the rows are in date order, so the first such row.
    public static func firstActivity(_ records: PerformanceRecords) -> CalendarDate? {
        records.rows.first { records.inScope[Int($0.asset)] || $0.sourceInScope }?.date
    }
}
