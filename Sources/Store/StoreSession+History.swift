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
        for asset in assets { try sum.add(try valuation(ofAsset: asset.id!).currentValue, asset.currency, on: today) }
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
    /// rate (else the latest earlier one). Three queries in all, whatever the number of dates.
    public func timeline(of assets: [Asset], dates: [CalendarDate], in currency: String? = nil) throws -> [(date: CalendarDate, value: ExactDecimal)] {
        let target = try reportingCurrency(currency)
        let ids = assets.compactMap(\.id)
        guard !ids.isEmpty else { return dates.map { ($0, ExactDecimal.zero) } }
        let rates = try rateTable(for: Set(assets.map(\.currency)).union([target]), through: dates.last)
        let list = ids.map(String.init).joined(separator: ",")
        // Read in place, in each asset's (date, id) order: only what the walk needs.
        var history: [Int64: [(CalendarDate, ExactDecimal)]] = [:]
        try forEachRawRow("SELECT asset_id, type, date, quantity FROM asset_transaction WHERE asset_id IN (\(list)) ORDER BY asset_id, date, id") { row in
            let typeText = try row.text(1, "type")
            guard let type = TransactionType(rawValue: typeText) else { throw StoreError.corrupt("transaction type '\(typeText)'") }
            let quantity = try row.decimal(3, "quantity")
            let impact = type == .sell || type == .transferOut ? -quantity : quantity
            history[try row.int64(0, "asset_id"), default: []].append((try row.date(2, "date"), impact))
        }
        // Few dates (a monthly timeline): one index seek per asset and date reads far fewer
        // rows than the whole price history; many dates (daily): one pass over it.
        let prices = dates.count * ids.count <= 20_000
            ? try pricesOn(dates, assets: ids) : try pricesByAsset(where: "WHERE asset_id IN (\(list))")
        var totals = [ExactDecimal](repeating: 0, count: dates.count)
        for asset in assets {
            let id = asset.id!
            let moves = history[id] ?? [], points = prices[id] ?? []
            var m = 0, p = 0
            var quantity = ExactDecimal.zero
            var price = ExactDecimal.zero
            for (i, date) in dates.enumerated() {
                while m < moves.count, moves[m].0 <= date { quantity += moves[m].1; m += 1 }
                while p < points.count, points[p].date <= date { price = points[p].price; p += 1 }
                let local = quantity * price
                if local.isZero { continue }
                totals[i] += asset.currency == target ? local : try rates.rate(from: asset.currency, to: target, on: date).convert(local)
            }
        }
        return zip(dates, totals).map { ($0, $1) }
    }

    /// Each asset's latest price on or before each of `dates` (as price points dated then),
    /// by index seeks.
    func pricesOn(_ dates: [CalendarDate], assets ids: [Int64]) throws -> [Int64: [PricePoint]] {
        let statement = try db.cachedStatement(sql: "SELECT price FROM price_history WHERE asset_id = ? AND date <= ? ORDER BY date DESC LIMIT 1")
        var result: [Int64: [PricePoint]] = [:]
        for id in ids {
            var points: [PricePoint] = []
            for date in dates {
                guard let text = try String.fetchOne(statement, arguments: [id, date.description]) else { continue }
                guard let price = ExactDecimal.parseOrNil(text) else { throw StoreError.corrupt("column price holds '\(text)', not a decimal") }
                points.append(PricePoint(assetID: id, date: date, price: price))
            }
            result[id] = points
        }
        return result
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
