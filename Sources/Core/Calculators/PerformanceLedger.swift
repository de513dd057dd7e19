import Foundation

/// What a scope's performance is computed from: the scope's assets, their transactions and
/// prices, and the income its assets paid into assets outside it. Built by the store with
/// one query for the transactions and one for the prices; the calculators are pure.
public struct PerformanceInput: Sendable {
    /// The assets of the scope (an asset, a portfolio's assets, or every asset).
    public var scope: Set<Int64>
    /// Cash assets are valued at 1 per unit whatever their price records say.
    public var cashAssets: Set<Int64>
    /// Transactions of the scope's assets, plus dividends and interest paid by a scope asset
    /// into an asset outside the scope (alone or with the rest of that asset's history),
    /// each asset's list in date order (ties by id).
    public var transactions: [Int64: [Transaction]]
    /// Price records of the scope's assets, oldest first.
    public var prices: [Int64: [PricePoint]]

    public init(scope: Set<Int64>, cashAssets: Set<Int64>, transactions: [Int64: [Transaction]], prices: [Int64: [PricePoint]]) {
        self.scope = scope
        self.cashAssets = cashAssets
        self.transactions = transactions
        self.prices = prices
    }
}

/// How a transaction counts for a scope.
public enum FlowKind: String, Sendable {
    /// Money entering or leaving the scope (buy, sell, transfer, adjustment at its cost,
    /// income paid in from an asset outside the scope). Swaps inside the scope net to zero
    /// on their day.
    case external
    /// Dividend or interest paid by a scope asset into a scope asset: a return, not a flow.
    case income
    /// Dividend or interest paid by a scope asset into an asset outside it: income of the
    /// scope that leaves it at once (income + an equal outflow).
    case incomePaidOut = "income_paid_out"
    /// One half of a swap whose other half is also in the scope: its flow nets with the
    /// other half's on the same day (only a rounding difference, if any, remains).
    case swapInside = "swap_inside"
}

/// One transaction's part in a scope's performance: a line of the explanation.
public struct ScopeFlow: Equatable, Sendable {
    public let date: CalendarDate
    public let assetID: Int64
    public let transactionID: Int64?
    public let type: TransactionType
    public let kind: FlowKind
    /// Into the scope (+) or out of it (−); 0 for income that stays in the scope.
    public let flow: ExactDecimal
    public let income: ExactDecimal
    /// Gain realized by a sell (average cost), or by a transfer out at its price.
    public let realizedGain: ExactDecimal
}

/// The scope's transactions replayed once: flows, income and realized gains per
/// transaction, cost basis and value at any date, in one pass over history.
struct PerformanceLedger {
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
