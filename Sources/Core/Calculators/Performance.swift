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
    /// Each transaction's part: flow, income, realized gain. Empty when the report was made
    /// without them (`Performance.report(…, keepingFlows: false)`).
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
                              annualizeShortPeriod: Bool = false, keepingFlows: Bool = true) throws -> PerformanceReport {
        try report(PerformanceRecords(input), from: from, to: to, annualizeShortPeriod: annualizeShortPeriod, keepingFlows: keepingFlows)
    }

    /// The report from the history's flat form (what the store loads). `keepingFlows` false:
    /// the report's `flows` (each transaction's part, which only its explanation lists) are
    /// left empty, and the ledger adds the period up as it walks instead of keeping an entry
    /// per transaction; every figure is the same (issue 27).
    public static func report(_ records: PerformanceRecords, from: CalendarDate, to: CalendarDate,
                              annualizeShortPeriod: Bool = false, keepingFlows: Bool = true) throws -> PerformanceReport {
        try checkPeriod(from: from, to: to)
        let ledger = PerformanceLedger(records, keepingEntries: keepingFlows, period: (from, to))
        return report(ledger, from: from, to: to, annualizeShortPeriod: annualizeShortPeriod, keepingFlows: keepingFlows)
    }

    /// The report from a walk made once for every period (`PerformanceWalk`): the same figures
    /// as from the records, without the report's `flows` (issue 27: a script asking for the
    /// TWR of each of 20 years walked the 100,000 transactions 20 times).
    public static func report(_ walk: PerformanceWalk, from: CalendarDate, to: CalendarDate,
                              annualizeShortPeriod: Bool = false) throws -> PerformanceReport {
        try checkPeriod(from: from, to: to)
        return report(walk.ledger, from: from, to: to, annualizeShortPeriod: annualizeShortPeriod, keepingFlows: false)
    }

    /// Refuses a period that ends before it starts.
    private static func checkPeriod(from: CalendarDate, to: CalendarDate) throws {
        if from > to { throw RuleViolation("The period's start date (\(from)) is after its end date (\(to)).") }
    }

    /// The report from a ledger that can add up (from, to] (its own period, or every period).
    private static func report(_ ledger: PerformanceLedger, from: CalendarDate, to: CalendarDate, annualizeShortPeriod: Bool,
                               keepingFlows: Bool) -> PerformanceReport {
        let boundaries = ledger.boundaries(from: from, to: to)
        let values = ledger.values(on: boundaries)
        let startValue = values[0], endValue = values[values.count - 1]
        let sums = ledger.periodSums(after: from, through: to)
        let unrealizedChange = (endValue - ledger.costBasis(on: to)) - (startValue - ledger.costBasis(on: from))
        let timeline = zip(boundaries, values).map { (date: $0, value: $1) }
        let flowList = sums.flows
        let periods = Returns.subPeriods(values: timeline, flows: flowList)
        let twr = timeline.count < 2 ? .unavailable(Returns.Reason.fewerThanTwoValuations) : Returns.timeWeightedFigure(periods)
        let twrAnnualized = twr.value.map { Returns.annualized($0, from: from, to: to, annualizeShortPeriod: annualizeShortPeriod) } ?? twr

        // The investor's flows added up per day as XIRR adds them (the start value before every
        // flow, which all come after `from`; the end value after those of `to`): from the
        // sub-periods, whose flows are those days' sums already (issue 27), or, for a period of
        // one day (no sub-period), read in place from the scope's flows.
        let mwr: ReturnFigure
        if periods.isEmpty {
            let investorFlows = InvestorFlows(start: CashFlow(date: from, amount: -startValue), flows: flowList,
                                              end: CashFlow(date: to, amount: endValue))
            mwr = Returns.xirr(investorFlows, annualizeShortPeriod: annualizeShortPeriod)
        } else {
            let netted = Returns.investorDailyNet(from: from, startValue: startValue, periods: periods, endValue: endValue)
            mwr = Returns.xirr(netted: netted, annualizeShortPeriod: annualizeShortPeriod)
        }
        return PerformanceReport(
            from: from, to: to, startValue: startValue, endValue: endValue, netFlows: sums.netFlows, income: sums.income,
            realizedGain: sums.realizedGain, unrealizedChange: unrealizedChange, twr: twr, twrAnnualized: twrAnnualized, mwr: mwr,
            modifiedDietz: Returns.modifiedDietz(begin: startValue, end: endValue, flows: flowList, from: from, to: to),
            cagr: Returns.cagr(begin: startValue, end: endValue, from: from, to: to, annualizeShortPeriod: annualizeShortPeriod),
            growth: Returns.growth(begin: startValue, end: endValue),
            twrPeriods: periods, flows: keepingFlows ? ledger.entries(after: from, through: to) : [])
    }

    /// A scope's ledger walked once for every period: each entry's amounts kept (about 5 MB
    /// for 100,000 transactions), so that `report(_:from:to:)` of any period adds up its part
    /// instead of walking again. Made from the same records, its reports equal theirs.
    public struct PerformanceWalk: Sendable {
        let ledger: PerformanceLedger

        public init(_ records: PerformanceRecords) {
            ledger = PerformanceLedger(records, keepingEntries: false, collectingAmounts: true)
        }

        /// The records it walked.
        public var records: PerformanceRecords { ledger.records }
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
        // The period's non-zero flows added up by the walk, no entry kept (issue 27).
        let ledger = PerformanceLedger(records, keepingEntries: false, period: (from, to))
        let boundaries = ledger.boundaries(from: from, to: to, including: dates)
        let values = ledger.values(on: boundaries)
        let flows = ledger.periodSums.flows
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
