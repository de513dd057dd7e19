import Core
import GRDB

/// Totals and values in the past: quantity at D × the latest price on or before D, each
/// converted into the reporting currency at D's rate (see Documentation/Currencies.md).
extension StoreSession {
    /// Refuses a total over assets in more than one currency, naming them; returns the one
    /// currency (nil when there are no assets).
    @discardableResult
    public func requireSingleCurrency(_ assets: [Asset]) throws -> String? {
        let currencies = Set(assets.map(\.currency))
        if currencies.count > 1 {
            throw RuleViolation("Cannot add values in different currencies (\(currencies.sorted().joined(separator: ", "))) without exchange rates.", rule: .mixedCurrencies)
        }
        return currencies.first
    }

    /// Σ current value of `assets` in `currency` (default: the main currency): each value
    /// converted at today's rate, else the latest earlier one; a missing rate is an error
    /// naming the pair (a value is never added unconverted).
    public func totalValue(of assets: [Asset], in currency: String? = nil) throws -> ExactDecimal {
        try convertedTotal(of: assets, in: currency).total
    }

    /// The total of `totalValue` with the rates it used (to say which were fallbacks).
    public func convertedTotal(of assets: [Asset], in currency: String? = nil) throws -> ConvertedSum {
        var sum = try convertedSum(of: assets, in: try reportingCurrency(currency), through: today)
        for asset in assets {
            let valuation = try valuation(ofAsset: asset.id!)
            if valuation.isUnpriced { sum.noteUnpriced(asset.name) }
            try sum.add(valuation.currentValue, asset.currency, on: today)
        }
        return sum
    }

    /// Net worth: Σ current value of every asset (those outside any portfolio included), in
    /// `currency` (default: the main currency).
    public func netWorth(in currency: String? = nil) throws -> ExactDecimal { try totalValue(of: try assets(), in: currency) }

    /// The value of `assets` on `date` in `currency` (default: the main currency).
    public func value(of assets: [Asset], at date: CalendarDate, in currency: String? = nil) throws -> ExactDecimal {
        try timeline(of: assets, dates: [date], in: currency).first?.value ?? 0
    }

    /// Value on each of `dates` (ascending) in `currency` (default: the main currency): per
    /// asset, quantity at D × latest price on or before D (0 when none), converted at D's
    /// rate (else the latest earlier one).
    ///
    /// Reads only what the walk needs into flat per-asset series (`DatedSeries`): each
    /// asset's quantity by day from its checkpoints (`quantityLevels`, rebuilt by one walk of
    /// the transactions when a change removed them), and its market prices by day from the
    /// monthly price series (`marketPriceSeries`: about a row per asset and month, extended
    /// from the tables where a change removed rows), or, for few dates while rows are
    /// missing, one index seek per asset and date. For most of the store's assets the tables
    /// are scanned rather than read through their indexes (see `scansWholeTables`).
    /// `readsDerivedSeries` off reads the source tables only (the reference the tests
    /// compare with).
    public func timeline(of assets: [Asset], dates: [CalendarDate], in currency: String? = nil) throws -> [(date: CalendarDate, value: ExactDecimal)] {
        try readingOneSnapshot { _ in try walkTimeline(of: assets, dates: dates, in: currency) }
    }

    /// Runs `body` inside a transaction: the one in progress, else a deferred one of its own
    /// (`body` is told which). Outside a transaction every statement takes and drops
    /// SQLite's read lock (fcntl calls, a look at the file and the WAL index): a third of a
    /// monthly timeline's 11,000 price seeks went there. One transaction also makes every
    /// read see the same store.
    func readingOneSnapshot<T>(_ body: (_ ownTransaction: Bool) throws -> T) throws -> T {
        if db.isInsideTransaction { return try body(false) }
        var result: T?
        try db.inTransaction(.deferred) {
            result = try body(true)
            return .commit
        }
        return result!
    }

    private func walkTimeline(of assets: [Asset], dates: [CalendarDate], in currency: String?) throws -> [(date: CalendarDate, value: ExactDecimal)] {
        let target = try reportingCurrency(currency)
        let slots = AssetSlots(assets.compactMap(\.id))
        guard slots.count > 0 else { return dates.map { ($0, ExactDecimal.zero) } }
        let rates = try rateTable(for: Set(assets.map(\.currency)).union([target]), through: dates.last)
        let scan = try scansWholeTables(for: slots)
        let quantities: [DatedSeries], prices: [PriceMonth.Sources]
        if readsDerivedSeries {
            quantities = try quantityLevels(slots, scan: scan)
            // A seek per asset and date costs about as much as reading 30 prices from the
            // monthly rows: seeks for few dates, or while rows are missing and dates few.
            let seeks = try dates.count * slots.count <= 20_000 && (dates.count < 100 || !priceMonthsAreWhole(slots))
            if seeks {
                prices = try pricesOn(dates, slots).map { PriceMonth.Sources(recorded: $0) }
            } else {
                // Merged as the walk goes (`walk`), not into a third series per asset.
                let useTrades = try pricesFromTrades()
                prices = try priceSources(slots, scan: scan).map { useTrades ? $0 : PriceMonth.Sources(recorded: $0.recorded) }
            }
        } else {  // the reference: every figure straight from the source tables
            quantities = try unitMoves(slots, scan: scan).map { QuantityCheckpoint.levels(from: $0) }
            prices = try (dates.count * slots.count <= 20_000 ? pricesOn(dates, slots) : priceSeries(slots, scan: scan)).map { PriceMonth.Sources(recorded: $0) }
        }
        let days = dates.map { Int32(truncatingIfNeeded: $0.dayNumber) }
        if readsDerivedSeries, assets.allSatisfy({ $0.currency == target }) {  // the usual case: scaled integers, the same figures
            var sums = TimelineTotals(count: days.count)
            for asset in assets {
                guard let id = asset.id, let slot = slots.slot(of: id) else { continue }
                let q = quantities[slot], p = prices[slot]
                sums.addAsset(days: days, quantityDays: q.days, quantities: q.values, recordedDays: p.recorded.days, recorded: p.recorded.values,
                              tradeDays: p.trades.days, trades: p.trades.values)
                if !sums.isExact { break }
            }
            if sums.isExact { return zip(dates, sums.totals()).map { ($0, $1) } }
        }
        // Other currencies (converted at each date's rate), or values beyond 128 bits: one
        // `ExactDecimal` product and sum at a time.
        var totals = [ExactDecimal](repeating: 0, count: dates.count)
        for asset in assets {
            guard let id = asset.id, let slot = slots.slot(of: id) else { continue }
            if asset.currency == target {
                totals.withUnsafeMutableBufferPointer { totals in
                    Self.walk(quantities[slot], prices[slot], days: days) { i, local in totals[i] += local }
                }
            } else {
                try Self.walk(quantities[slot], prices[slot], days: days) { i, local in
                    totals[i] += try rates.rate(from: asset.currency, to: target, on: dates[i]).convert(local)
                }
            }
        }
        return zip(dates, totals).map { ($0, $1) }
    }

    /// Calls `body(i, quantity × price)` for each of `days` where the asset's value is not
    /// zero: quantity and price are the latest levels on or before the day. The price is the
    /// market price (`PriceMonth.merged`, without making that series): the latest recorded
    /// price or trade on or before the day, the recorded one when both fall on the same day.
    /// The product is taken again only when either changed.
    static func walk(_ quantities: DatedSeries, _ prices: PriceMonth.Sources, days: [Int32], _ body: (Int, ExactDecimal) throws -> Void) rethrows {
        let recorded = prices.recorded, trades = prices.trades
        var m = 0, r = 0, t = 0
        var quantity = ExactDecimal.zero, local = ExactDecimal.zero
        var changed = false
        for (i, day) in days.enumerated() {
            while m < quantities.count, quantities.days[m] <= day { quantity = quantities.values[m]; m += 1; changed = true }
            while r < recorded.count, recorded.days[r] <= day { r += 1; changed = true }
            while t < trades.count, trades.days[t] <= day { t += 1; changed = true }
            if changed {
                // The later of the latest recorded price and the latest trade; a recorded price wins its day.
                let useTrade = t > 0 && (r == 0 || trades.days[t - 1] > recorded.days[r - 1])
                let price = useTrade ? trades.values[t - 1] : r > 0 ? recorded.values[r - 1] : ExactDecimal.zero
                local = quantity * price
                changed = false
            }
            if local.isZero { continue }
            try body(i, local)
        }
    }

    public static let timelineLimit = 10_000

    /// The dates of a timeline from `from` to `to` inclusive, every day or every month (same
    /// day of month, falling back to the month's last day); `to` is always the last date.
    public static func timelineDates(from: CalendarDate, to: CalendarDate, monthly: Bool) throws -> [CalendarDate] {
        if from > to { throw RuleViolation("The timeline's start date (\(from)) is after its end date (\(to)).") }
        var dates: [CalendarDate] = []
        var n = 0
        while true {
            let date = monthly ? from.adding(months: n, preferredDay: from.day) : from.adding(days: n)
            if date > to { break }
            dates.append(date)
            n += 1
            if dates.count > timelineLimit { throw RuleViolation("A timeline is limited to \(timelineLimit) dates; use every = \"month\" or a shorter range.") }
        }
        if dates.last != to { dates.append(to) }
        return dates
    }
}
