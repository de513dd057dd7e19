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

/// The scope's transactions replayed once, in (date, id) order: flows, income and realized
/// gains per transaction, the cost basis at any date, and each asset's quantity after each of
/// its transactions, from which values at any dates follow. State is kept in arrays by asset
/// number (`PerformanceRecords`), so the walk neither hashes nor allocates per transaction.
struct PerformanceLedger {
    let records: PerformanceRecords
    /// Every transaction touching the scope, classified, in date order; empty when the ledger
    /// was made without them (`keepingEntries: false`).
    private(set) var entries: [ScopeFlow] = []
    /// The period the walk added up (`period`), nil when none was given.
    let period: (from: CalendarDate, to: CalendarDate)?
    /// The entries dated in `period`'s (from, to], added up in date order as they were made
    /// (the same sums, in the same order, as a loop over those entries).
    private(set) var periodSums = PeriodSums()
    /// (date, Σ cost basis of the scope after that day) at each date with a transaction.
    private var costSteps: [(date: CalendarDate, cost: ExactDecimal)] = []
    /// By asset number: (date, quantity after) at each of the asset's transactions.
    private var quantitySteps: [[(date: CalendarDate, quantity: ExactDecimal)]]
    /// Every entry's non-zero amounts, in date order, when the ledger was made to answer any
    /// period (`collectingAmounts`): what `periodSums(after:through:)` adds up.
    private var amounts: Amounts?

    /// Each entry's non-zero flow, income and realized gain, dated, in the entries' order.
    struct Amounts {
        var flows: [CashFlow] = []
        var income: [CashFlow] = []
        var realized: [CashFlow] = []
    }

    /// What the entries of a period add up to, and their non-zero flows in date order.
    struct PeriodSums {
        var netFlows = ExactDecimal.zero
        var income = ExactDecimal.zero
        var realizedGain = ExactDecimal.zero
        var flows: [CashFlow] = []
    }

    /// The walk. `keepingEntries` false: the entries are added into `period`'s sums as they
    /// are made and not kept (issue 27: 100,000 entries of 104 bytes over the benchmark store,
    /// which only the explanation of a report lists).
    ///
    /// `collectingAmounts`: every entry's non-zero amounts are kept instead (`Amounts`, about a
    /// third of the entries' size), so that `periodSums(after:through:)` answers any period
    /// without a second walk (a `PerformanceWalk`).
    init(_ records: PerformanceRecords, keepingEntries: Bool = true, period: (from: CalendarDate, to: CalendarDate)? = nil,
         collectingAmounts: Bool = false) {
        self.records = records
        self.period = period
        if collectingAmounts { amounts = Amounts() }
        quantitySteps = Array(repeating: [], count: records.assetIDs.count)
        if keepingEntries { entries.reserveCapacity(records.rows.count) }
        // Each asset's steps allocated once at their count, not grown by copying.
        var counts = [Int](repeating: 0, count: records.assetIDs.count)
        var inPeriod = 0
        for i in records.rows.indices {
            let (asset, day) = records.rows.assetAndDay(i)  // not the row's decimals
            counts[Int(asset)] += 1
            if let period, day > period.from.dayNumber, day <= period.to.dayNumber { inPeriod += 1 }
        }
        for a in counts.indices where records.inScope[a] && counts[a] > 0 { quantitySteps[a].reserveCapacity(counts[a]) }
        if period != nil { periodSums.flows.reserveCapacity(inPeriod) }
        var positions = [Position](repeating: Position(), count: records.assetIDs.count)
        var totalCost = ExactDecimal.zero
        for row in records.rows {
            let a = Int(row.asset)
            guard records.inScope[a] else {
                // Only income comes from outside assets: paid by a scope asset, it is income of
                // the scope that leaves it at once; otherwise it is none of the scope's business.
                if row.sourceInScope {
                    let amount = row.quantity * row.price + row.fees
                    add(entry(row, .incomePaidOut, flow: -amount, income: amount, realized: 0), keeping: keepingEntries)
                }
                continue
            }
            let (cost, realized) = (positions[a].costBasis, positions[a].realizedGain)
            positions[a].apply(row.type, quantity: row.quantity, price: row.price, fees: row.fees)
            // Only a sell, a fee and a tax realize anything. For the others the change is 0 (at
            // the gain's places), which the entry's amounts, trimmed, cannot tell from 0.
            let realizes = row.type == .sell || row.type == .fee || row.type == .tax
            let deltaCost = positions[a].costBasis - cost, deltaRealized = realizes ? positions[a].realizedGain - realized : .zero
            add(classified(row, deltaCost: deltaCost, deltaRealized: deltaRealized), keeping: keepingEntries)
            totalCost += deltaCost
            if let last = costSteps.last, last.date == row.date { costSteps[costSteps.count - 1].cost = totalCost } else { costSteps.append((row.date, totalCost)) }
            quantitySteps[a].append((row.date, positions[a].quantity))
        }
    }

    /// Keeps an entry (when asked) and adds it to the period's sums when it falls in it.
    ///
    /// A zero amount is not added: the entry's amounts are `trimmed`, so a zero is 0 with no
    /// places, and adding it gives back the sum unchanged (units, places and sign); most
    /// entries have no income and no realized gain (issue 27: two of a first
    /// `af.performance{}`'s three additions an entry).
    private mutating func add(_ e: ScopeFlow, keeping: Bool) {
        if keeping { entries.append(e) }
        if amounts != nil {
            if !e.flow.isZero { amounts!.flows.append(CashFlow(date: e.date, amount: e.flow)) }
            if !e.income.isZero { amounts!.income.append(CashFlow(date: e.date, amount: e.income)) }
            if !e.realizedGain.isZero { amounts!.realized.append(CashFlow(date: e.date, amount: e.realizedGain)) }
        }
        if let period, e.date > period.from, e.date <= period.to {
            if !e.flow.isZero {
                periodSums.netFlows += e.flow
                periodSums.flows.append(CashFlow(date: e.date, amount: e.flow))
            }
            if !e.income.isZero { periodSums.income += e.income }
            if !e.realizedGain.isZero { periodSums.realizedGain += e.realizedGain }
        }
    }

    /// The sums of the entries dated in (from, to], as the walk adds them up for its `period`:
    /// its own when that is the period, else from the amounts it collected (the same additions
    /// in the same order: each sum starts at zero and takes the non-zero amounts in date order).
    func periodSums(after from: CalendarDate, through to: CalendarDate) -> PeriodSums {
        if let period, period.from == from, period.to == to { return periodSums }
        guard let amounts else { preconditionFailure("a ledger made for another period, without its amounts") }
        func inPeriod(_ list: [CashFlow]) -> ArraySlice<CashFlow> {
            var lo = 0, hi = list.count
            while lo < hi { let mid = (lo + hi) / 2; if list[mid].date > from { hi = mid } else { lo = mid + 1 } }
            var end = lo, top = list.count
            while end < top { let mid = (end + top) / 2; if list[mid].date > to { top = mid } else { end = mid + 1 } }
            return list[lo..<end]
        }
        func total(_ slice: ArraySlice<CashFlow>) -> ExactDecimal {
            var sum = ExactDecimal.zero
            for f in slice { sum += f.amount }
            return sum
        }
        let flows = inPeriod(amounts.flows)
        return PeriodSums(netFlows: total(flows), income: total(inPeriod(amounts.income)), realizedGain: total(inPeriod(amounts.realized)),
                          flows: Array(flows))
    }

    /// The part a transaction of a scope asset plays, given what it changed in the asset's
    /// cost basis and realized gain.
    private func classified(_ row: PerformanceRecords.Row, deltaCost: ExactDecimal, deltaRealized: ExactDecimal) -> ScopeFlow {
        if row.isIncome {
            let amount = row.quantity * row.price + row.fees  // what the receiving position acquires
            return row.sourceInScope ? entry(row, .income, flow: 0, income: amount, realized: 0)
                                     : entry(row, .external, flow: amount, income: 0, realized: 0)
        }
        if row.type == .transferOut, !row.relatedInScope {  // a move inside the scope (`MoveUnits`) is no withdrawal
            let price = row.price > 0 ? row.price : self.price(of: Int(row.asset), on: row.date)
            let proceeds = row.quantity * price - row.fees
            return entry(row, .external, flow: -proceeds, income: 0, realized: proceeds + deltaCost)
        }
        // A sell's flow is its net proceeds exactly; the others' is the cost they add (a buy's
        // price × quantity + fees, an adjustment's cost at the average).
        let flow = row.type == .sell ? -(row.quantity * row.price - row.fees) : deltaCost - deltaRealized
        return entry(row, row.relatedInScope ? .swapInside : .external, flow: flow, income: 0, realized: deltaRealized)
    }

    /// The entry, its amounts without trailing zeros (`trimmed`): a buy's flow is the change
    /// in a cost basis that, after a partial sell, carries 30-odd decimal places, and every
    /// sum and product over the flows (net flows, TWR, Modified Dietz, XIRR) would otherwise
    /// work on 38-digit numbers that hold a few cents.
    private func entry(_ row: PerformanceRecords.Row, _ kind: FlowKind, flow: ExactDecimal, income: ExactDecimal, realized: ExactDecimal) -> ScopeFlow {
        ScopeFlow(date: row.date, assetID: records.assetIDs[Int(row.asset)], transactionID: row.id, type: row.type, kind: kind,
                  flow: flow.trimmed, income: income.trimmed, realizedGain: realized.trimmed)
    }

    /// The latest price of asset number `asset` on or before `date` (1 for cash, 0 when there
    /// is none).
    func price(of asset: Int, on date: CalendarDate) -> ExactDecimal {
        if records.isCash[asset] { return 1 }
        var lo = records.priceStart[asset], hi = records.priceStart[asset + 1]
        let first = lo
        while lo < hi {
            let mid = (lo + hi) / 2
            if records.priceDates[mid] <= date { lo = mid + 1 } else { hi = mid }
        }
        return lo == first ? 0 : records.prices[lo - 1]
    }

    /// Σ cost basis of the scope's holdings at the end of `date`.
    func costBasis(on date: CalendarDate) -> ExactDecimal {
        var lo = 0, hi = costSteps.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if costSteps[mid].date <= date { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? 0 : costSteps[lo - 1].cost
    }

    /// The scope's value at the end of each of `dates` (ascending): per asset, quantity at D
    /// × latest price on or before D, summed.
    ///
    /// Each asset's quantity steps and prices are merged in date order (on the same day the
    /// quantity first); every change adds newQ × newP − oldQ × oldP to the first of `dates` on
    /// or after it, and a running sum of those changes gives the values. One pass per asset
    /// over arrays already in order: no event list to sort, no dictionary per event. The sums
    /// are exact, so their order does not change them.
    ///
    /// The changes are added as scaled integers (`ExactChangeSums`), which give the value and
    /// scale of the `ExactDecimal` additions one by one; when something would not fit there,
    /// the walk is made again with `ExactDecimal`s (`decimalValues`, also the tests' reference).
    func values(on dates: [CalendarDate]) -> [ExactDecimal] {
        guard !dates.isEmpty else { return [] }
        var sums = ExactChangeSums(count: dates.count)
        sums.addingChanges { adder in
            forEachValueChange(on: dates) { slot, newQuantity, newPrice, quantity, price, chained in
                adder.add(at: slot, newQuantity, newPrice, minus: quantity, price, chained: chained)
                return adder.isExact
            }
        }
        return sums.runningTotals() ?? decimalValues(on: dates)
    }

    /// `values(on:)` by `ExactDecimal` additions.
    func decimalValues(on dates: [CalendarDate]) -> [ExactDecimal] {
        guard !dates.isEmpty else { return [] }
        var changes = [ExactDecimal](repeating: 0, count: dates.count)
        forEachValueChange(on: dates) { slot, newQuantity, newPrice, quantity, price, _ in
            changes[slot] += newQuantity * newPrice - quantity * price
            return true
        }
        var total = ExactDecimal.zero
        return changes.map { change in
            total += change
            return total
        }
    }

    /// Calls `change(slot, newQuantity, newPrice, quantity, price, chained)` for every change of
    /// a scope asset's value up to the last of `dates`, in each asset's date order; stops when
    /// it returns false. `chained`: the call before was the same asset's, with nothing skipped
    /// in between, so this quantity and price are that call's new ones.
    @inline(__always)
    private func forEachValueChange(on dates: [CalendarDate],
                                    _ change: (Int, ExactDecimal, ExactDecimal, ExactDecimal, ExactDecimal, Bool) -> Bool) {
        let first = dates[0], last = dates[dates.count - 1]
        let slots = DateSlots(dates)
        for a in records.assetIDs.indices where records.inScope[a] {
            let steps = quantitySteps[a]
            if steps.isEmpty { continue }  // nothing held, ever: its value is 0 whatever its price
            let cash = records.isCash[a]
            let end = records.priceStart[a + 1]
            var i = 0, j = cash ? end : records.priceStart[a]
            var quantity = ExactDecimal.zero, price: ExactDecimal = cash ? 1 : 0
            var chained = false
            while true {
                var newQuantity = quantity, newPrice = price
                let date: CalendarDate
                if i < steps.count, j == end || steps[i].date <= records.priceDates[j] {
                    date = steps[i].date
                    newQuantity = steps[i].quantity
                    i += 1
                } else if j < end {
                    date = records.priceDates[j]
                    newPrice = records.prices[j]
                    j += 1
                } else {
                    break
                }
                if date > last { break }
                if !(quantity.isZero && newQuantity.isZero) {
                    guard change(date <= first ? 0 : slots.slot(of: date), newQuantity, newPrice, quantity, price, chained) else { return }
                    chained = true
                } else {
                    chained = false
                }
                quantity = newQuantity
                price = newPrice
            }
        }
    }

    /// `from`, `to`, `extra` (dates in between) and every date in (from, to) with a
    /// transaction of the ledger or a price of a non-cash scope asset: ascending, each once.
    func boundaries(from: CalendarDate, to: CalendarDate, including extra: [CalendarDate] = []) -> [CalendarDate] {
        let span = max(0, to.dayNumber - from.dayNumber)
        var marked = [Bool](repeating: false, count: span + 1)
        marked[0] = true
        marked[span] = true
        for d in extra where d >= from && d <= to { marked[d.dayNumber - from.dayNumber] = true }
        // The entries' dates, from the rows that make one (a scope asset's, or income a scope
        // asset paid elsewhere), so that no entry need be kept.
        for i in records.rows.indices {
            let (asset, day, sourceInScope) = records.rows.assetDayAndSource(i)  // not the row's decimals
            if day > from.dayNumber, day < to.dayNumber, records.inScope[Int(asset)] || sourceInScope {
                marked[day - from.dayNumber] = true
            }
        }
        for a in records.assetIDs.indices where records.inScope[a] && !records.isCash[a] {
            for d in records.priceDates[records.priceStart[a]..<records.priceStart[a + 1]] where d > from && d < to {
                marked[d.dayNumber - from.dayNumber] = true
            }
        }
        var result: [CalendarDate] = []
        for (offset, isMarked) in marked.enumerated() where isMarked { result.append(CalendarDate(dayNumber: from.dayNumber + offset)) }
        return result
    }

    /// The entries dated in (from, to]: a contiguous run, since they are in date order. The
    /// whole list shares its storage rather than being copied (100,000 entries of a first
    /// `af.performance` over everything).
    func entries(after from: CalendarDate, through to: CalendarDate) -> [ScopeFlow] {
        let range = entryRange(after: from, through: to)
        if range.count == entries.count { return entries }
        return Array(entries[range])
    }

    /// Where the entries dated in (from, to] stand, to read them in place.
    func entryRange(after from: CalendarDate, through to: CalendarDate) -> Range<Int> {
        let lo = firstIndex { $0.date > from }, hi = firstIndex { $0.date > to }
        return lo < hi ? lo..<hi : 0..<0
    }

    /// The index of the first entry for which `isAfter` holds (it holds for every later one).
    private func firstIndex(_ isAfter: (ScopeFlow) -> Bool) -> Int {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isAfter(entries[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}

/// The index of the first of some ascending dates on or after a day, by a table over their
/// span (a day's number minus the first's), so a walk finds it without searching.
struct DateSlots {
    private let first: Int
    private var table: [Int32]

    init(_ dates: [CalendarDate]) {
        first = dates[0].dayNumber
        table = [Int32](repeating: 0, count: dates[dates.count - 1].dayNumber - first + 1)
        var k = 0
        for offset in table.indices {
            while dates[k].dayNumber < first + offset { k += 1 }
            table[offset] = Int32(k)
        }
    }

    /// For a day within the dates' span.
    @inline(__always) func slot(of date: CalendarDate) -> Int { Int(table[date.dayNumber - first]) }
}
