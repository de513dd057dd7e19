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
    /// The TWR's sub-periods with their returns.
    public let subPeriods: [Returns.LinkedSubPeriod]
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
        if from > to { throw RuleViolation("The period's start date (\(from)) is after its end date (\(to)).") }
        let ledger = PerformanceLedger(input)
        let boundaries = [from] + ledger.activityDates(from: from, to: to).sorted() + (to > from ? [to] : [])
        let values = ledger.values(on: boundaries)
        let startValue = values[0], endValue = values[values.count - 1]
        let inPeriod = ledger.entries.filter { $0.date > from && $0.date <= to }
        var netFlows = ExactDecimal.zero, income = ExactDecimal.zero, realized = ExactDecimal.zero
        for f in inPeriod {
            netFlows += f.flow
            income += f.income
            realized += f.realizedGain
        }
        let unrealizedChange = (endValue - ledger.costBasis(on: to)) - (startValue - ledger.costBasis(on: from))
        let timeline = zip(boundaries, values).map { (date: $0, value: $1) }
        let flowList = inPeriod.filter { !$0.flow.isZero }.map { CashFlow(date: $0.date, amount: $0.flow) }
        let twr = Returns.timeWeighted(values: timeline, flows: flowList)
        let twrAnnualized = twr.figure.value.map { Returns.annualized($0, from: from, to: to, annualizeShortPeriod: annualizeShortPeriod) } ?? twr.figure

        var investorFlows = flowList.map { CashFlow(date: $0.date, amount: -$0.amount) }
        investorFlows.append(CashFlow(date: from, amount: -startValue))
        investorFlows.append(CashFlow(date: to, amount: endValue))
        let mwr = Returns.xirr(investorFlows, annualizeShortPeriod: annualizeShortPeriod)
        return PerformanceReport(
            from: from, to: to, startValue: startValue, endValue: endValue, netFlows: netFlows, income: income,
            realizedGain: realized, unrealizedChange: unrealizedChange, twr: twr.figure, twrAnnualized: twrAnnualized, mwr: mwr,
            modifiedDietz: Returns.modifiedDietz(begin: startValue, end: endValue, flows: flowList, from: from, to: to),
            cagr: Returns.cagr(begin: startValue, end: endValue, from: from, to: to, annualizeShortPeriod: annualizeShortPeriod),
            growth: Returns.growth(begin: startValue, end: endValue),
            subPeriods: twr.trail, flows: inPeriod)
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
        guard let from = dates.first, let to = dates.last else { return [] }
        let ledger = PerformanceLedger(input)
        let boundaries = Set(dates).union(ledger.activityDates(from: from, to: to)).sorted()
        let values = ledger.values(on: boundaries)
        let flows = ledger.entries.filter { $0.date > from && $0.date <= to && !$0.flow.isZero }.map { CashFlow(date: $0.date, amount: $0.flow) }
        let twr = Returns.timeWeighted(values: zip(boundaries, values).map { (date: $0, value: $1) }, flows: flows)
        var cumulativeAt: [CalendarDate: ExactDecimal] = [from: 0]
        for line in twr.trail { cumulativeAt[line.period.to] = line.cumulative }
        var valueAt: [CalendarDate: ExactDecimal] = [:]
        for (d, v) in zip(boundaries, values) { valueAt[d] = v }
        return dates.map { SeriesPoint(date: $0, value: valueAt[$0] ?? 0, cumulative: cumulativeAt[$0] ?? 0) }
    }

    /// The date of the scope's first transaction, the natural start of "since inception".
    public static func firstActivity(_ input: PerformanceInput) -> CalendarDate? {
        // The ledger's first entry, without building the ledger: a transaction of the scope,
        // or income another asset received from a source in the scope. Each asset's list is
        // in date order, so its first match is its earliest.
        var first: CalendarDate?
        for (assetID, list) in input.transactions {
            let inScope = input.scope.contains(assetID)
            let match = list.first { t in
                inScope || ((t.type == .dividend || t.type == .interest) && input.scope.contains(t.sourceAssetID ?? t.assetID))
            }
            if let date = match?.date, first.map({ date < $0 }) ?? true { first = date }
        }
        return first
    }
}
