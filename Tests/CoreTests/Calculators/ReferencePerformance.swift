import Foundation
import Testing
@testable import Core


/// `Performance.report` and `twrSeries` as they were before issue 14, on `ReferenceLedger`.
enum ReferencePerformance {
    /// The report, and its TWR trail (which the new report derives on demand).
    static func report(_ input: PerformanceInput, from: CalendarDate, to: CalendarDate,
                       annualizeShortPeriod: Bool = false) -> (report: PerformanceReport, trail: [Returns.LinkedSubPeriod]) {
        let ledger = ReferenceLedger(input)
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
        let twr = ReferenceTWR.timeWeighted(values: timeline, flows: flowList)
        let twrAnnualized = twr.figure.value.map { Returns.annualized($0, from: from, to: to, annualizeShortPeriod: annualizeShortPeriod) } ?? twr.figure
        var investorFlows = flowList.map { CashFlow(date: $0.date, amount: -$0.amount) }
        investorFlows.append(CashFlow(date: from, amount: -startValue))
        investorFlows.append(CashFlow(date: to, amount: endValue))
        let mwr = ReferenceXIRR.xirr(investorFlows, annualizeShortPeriod: annualizeShortPeriod)
        let report = PerformanceReport(
            from: from, to: to, startValue: startValue, endValue: endValue, netFlows: netFlows, income: income,
            realizedGain: realized, unrealizedChange: unrealizedChange, twr: twr.figure, twrAnnualized: twrAnnualized, mwr: mwr,
            modifiedDietz: Returns.modifiedDietz(begin: startValue, end: endValue, flows: flowList, from: from, to: to),
            cagr: Returns.cagr(begin: startValue, end: endValue, from: from, to: to, annualizeShortPeriod: annualizeShortPeriod),
            growth: Returns.growth(begin: startValue, end: endValue),
            twrPeriods: twr.trail.map(\.period), flows: inPeriod)
        return (report, twr.trail)
    }

    static func twrSeries(_ input: PerformanceInput, dates: [CalendarDate]) -> [Performance.SeriesPoint] {
        guard let from = dates.first, let to = dates.last else { return [] }
        let ledger = ReferenceLedger(input)
        let boundaries = Set(dates).union(ledger.activityDates(from: from, to: to)).sorted()
        let values = ledger.values(on: boundaries)
        let flows = ledger.entries.filter { $0.date > from && $0.date <= to && !$0.flow.isZero }.map { CashFlow(date: $0.date, amount: $0.flow) }
        let twr = ReferenceTWR.timeWeighted(values: zip(boundaries, values).map { (date: $0, value: $1) }, flows: flows)
        var cumulativeAt: [CalendarDate: ExactDecimal] = [from: 0]
        for line in twr.trail { cumulativeAt[line.period.to] = line.cumulative }
        var valueAt: [CalendarDate: ExactDecimal] = [:]
        for (d, v) in zip(boundaries, values) { valueAt[d] = v }
        return dates.map { Performance.SeriesPoint(date: $0, value: valueAt[$0] ?? 0, cumulative: cumulativeAt[$0] ?? 0) }
    }

    static func firstActivity(_ input: PerformanceInput) -> CalendarDate? {
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

/// The ledger as it was before issue 14's flat walk (dictionaries of transactions, one sorted
/// event list for the values), kept as the oracle the new one must equal.
struct ReferenceLedger {
    let input: PerformanceInput
    /// Every transaction touching the scope, classified, in date order.
    private(set) var entries: [ScopeFlow] = []
    /// (date, Σ cost basis of the scope after that day) at each date with a transaction.
    private var costSteps: [(CalendarDate, ExactDecimal)] = []
    /// Value events: (date, asset, new quantity or nil, new price or nil).
    private var quantitySteps: [Int64: [(CalendarDate, ExactDecimal)]] = [:]

    init(_ input: PerformanceInput) {
        self.input = input
        var all: [(Transaction, ExactDecimal, ExactDecimal, ExactDecimal)] = []  // tx, Δcost, Δrealized, quantity after
        for (assetID, list) in input.transactions {
            let inScope = input.scope.contains(assetID)
            var position = Position()
            for t in list {
                let (cost, realized) = (position.costBasis, position.realizedGain)
                position.apply(t)
                if inScope || isIncome(t) {
                    all.append((t, position.costBasis - cost, position.realizedGain - realized, position.quantity))
                }
            }
        }
        all.sort { ($0.0.date, $0.0.id ?? .max) < ($1.0.date, $1.0.id ?? .max) }
        let scopeTransactionIDs = Set(input.scope.flatMap { input.transactions[$0] ?? [] }.compactMap(\.id))
        var totalCost = ExactDecimal.zero
        for (t, deltaCost, deltaRealized, quantityAfter) in all {
            let inScope = input.scope.contains(t.assetID)
            let entry: ScopeFlow
            if isIncome(t) {
                let source = t.sourceAssetID ?? t.assetID
                let amount = t.quantity * t.pricePerUnit + t.fees  // what the receiving position acquires
                switch (inScope, input.scope.contains(source)) {
                case (true, true): entry = make(t, .income, flow: 0, income: amount, realized: 0)
                case (true, false): entry = make(t, .external, flow: amount, income: 0, realized: 0)
                case (false, true): entry = make(t, .incomePaidOut, flow: -amount, income: amount, realized: 0)
                case (false, false): continue
                }
            } else if t.type == .transferOut {
                let price = t.pricePerUnit > 0 ? t.pricePerUnit : self.price(of: t.assetID, on: t.date)
                let proceeds = t.quantity * price - t.fees
                entry = make(t, .external, flow: -proceeds, income: 0, realized: proceeds + deltaCost)
            } else {
                let inside = t.relatedTransactionID.map(scopeTransactionIDs.contains) ?? false
                // A sell's flow is its net proceeds exactly; the others' is the cost they add
                // (a buy's price × quantity + fees, an adjustment's cost at the average).
                let flow = t.type == .sell ? -(t.quantity * t.pricePerUnit - t.fees) : deltaCost - deltaRealized
                entry = make(t, inside ? .swapInside : .external, flow: flow, income: 0, realized: deltaRealized)
            }
            entries.append(entry)
            if inScope {
                totalCost += deltaCost
                if let last = costSteps.last, last.0 == t.date { costSteps[costSteps.count - 1].1 = totalCost } else { costSteps.append((t.date, totalCost)) }
                quantitySteps[t.assetID, default: []].append((t.date, quantityAfter))
            }
        }
    }

    private func isIncome(_ t: Transaction) -> Bool { t.type == .dividend || t.type == .interest }

    private func make(_ t: Transaction, _ kind: FlowKind, flow: ExactDecimal, income: ExactDecimal, realized: ExactDecimal) -> ScopeFlow {
        ScopeFlow(date: t.date, assetID: t.assetID, transactionID: t.id, type: t.type, kind: kind, flow: flow, income: income, realizedGain: realized)
    }

    /// The latest price on or before `date` (1 for cash, 0 when there is none).
    func price(of asset: Int64, on date: CalendarDate) -> ExactDecimal {
        if input.cashAssets.contains(asset) { return 1 }
        guard let points = input.prices[asset] else { return 0 }
        var lo = 0, hi = points.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if points[mid].date <= date { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? 0 : points[lo - 1].price
    }

    /// Σ cost basis of the scope's holdings at the end of `date`.
    func costBasis(on date: CalendarDate) -> ExactDecimal {
        var lo = 0, hi = costSteps.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if costSteps[mid].0 <= date { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? 0 : costSteps[lo - 1].1
    }

    /// The scope's value at the end of each of `dates` (ascending): per asset, quantity at D
    /// × latest price on or before D, summed. One sweep over the events, whatever the count.
    func values(on dates: [CalendarDate]) -> [ExactDecimal] {
        var events: [(date: CalendarDate, asset: Int64, quantity: ExactDecimal?, price: ExactDecimal?)] = []
        for (asset, steps) in quantitySteps { for (d, q) in steps { events.append((d, asset, q, nil)) } }
        for asset in input.scope where !input.cashAssets.contains(asset) {
            for p in input.prices[asset] ?? [] { events.append((p.date, asset, nil, p.price)) }
        }
        events.sort { $0.date < $1.date }
        var quantity: [Int64: ExactDecimal] = [:]
        var price: [Int64: ExactDecimal] = [:]
        var total = ExactDecimal.zero
        var e = 0
        var result: [ExactDecimal] = []
        result.reserveCapacity(dates.count)
        for date in dates {
            while e < events.count, events[e].date <= date {
                let ev = events[e]
                let cash = input.cashAssets.contains(ev.asset)
                let oldQ = quantity[ev.asset] ?? 0, oldP = cash ? 1 : (price[ev.asset] ?? 0)
                let newQ = ev.quantity ?? oldQ, newP = cash ? 1 : (ev.price ?? oldP)
                total += newQ * newP - oldQ * oldP
                quantity[ev.asset] = newQ
                price[ev.asset] = newP
                e += 1
            }
            result.append(total)
        }
        return result
    }

    /// Dates in (from, to) with a transaction or a price of the scope.
    func activityDates(from: CalendarDate, to: CalendarDate) -> Set<CalendarDate> {
        var dates = Set(entries.lazy.map(\.date).filter { $0 > from && $0 < to })
        for asset in input.scope where !input.cashAssets.contains(asset) {
            for p in input.prices[asset] ?? [] where p.date > from && p.date < to { dates.insert(p.date) }
        }
        return dates
    }

    /// The first transaction date of the scope, nil when it has none.
    var firstDate: CalendarDate? { entries.first?.date }
}

/// `Returns.timeWeighted` as it was before issue 14 (the trail built with every figure).
enum ReferenceTWR {
    static func timeWeighted(_ periods: [Returns.SubPeriod]) -> Returns.TimeWeighted {
        var numerator = ExactDecimal(1), denominator = ExactDecimal(1)
        var trail: [Returns.LinkedSubPeriod] = []
        var linked = 0
        for period in periods {
            let r = period.periodReturn
            if r.value != nil {
                if numerator.magnitude > Returns.foldAbove || denominator.magnitude > Returns.foldAbove {
                    numerator /= denominator
                    denominator = 1
                }
                numerator *= period.endValue - period.flow
                denominator *= period.startValue
                linked += 1
            }
            trail.append(Returns.LinkedSubPeriod(period: period, periodReturn: r, cumulative: numerator / denominator - 1))
        }
        if periods.isEmpty { return Returns.TimeWeighted(figure: .unavailable(Returns.Reason.fewerThanTwoValuations), trail: []) }
        if linked == 0 {
            return Returns.TimeWeighted(figure: .unavailable(Returns.Reason.startValueZero + " in every sub-period (nothing was held)"), trail: trail)
        }
        return Returns.TimeWeighted(figure: .value(numerator / denominator - 1), trail: trail)
    }

    static func timeWeighted(values: [(date: CalendarDate, value: ExactDecimal)], flows: [CashFlow]) -> Returns.TimeWeighted {
        if values.count < 2 { return Returns.TimeWeighted(figure: .unavailable(Returns.Reason.fewerThanTwoValuations), trail: []) }
        let sortedFlows = flows.sorted { $0.date < $1.date }
        var f = 0
        while f < sortedFlows.count, sortedFlows[f].date <= values[0].date { f += 1 }
        var periods: [Returns.SubPeriod] = []
        for i in 1..<values.count {
            var flow = ExactDecimal.zero
            while f < sortedFlows.count, sortedFlows[f].date <= values[i].date { flow += sortedFlows[f].amount; f += 1 }
            periods.append(Returns.SubPeriod(from: values[i - 1].date, to: values[i].date, startValue: values[i - 1].value, endValue: values[i].value, flow: flow))
        }
        return timeWeighted(periods)
    }
}
