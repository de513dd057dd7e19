import Core
import GRDB

/// Inputs for goal projections drawn from the store (issue 6).
extension StoreSession {
    /// Monthly returns of `assets` from their price history, at today's quantities (so
    /// deposits and withdrawals do not count as returns): month-end values over the last
    /// `months` months (up to today), month-on-month. Three queries whatever the size.
    public func monthlyReturns(of assets: [Asset], months: Int = 120) throws -> [Double] {
        let main = try mainCurrency()
        let rates = try rateTable(for: Set(assets.map(\.currency)).union([main]), through: today)
        let ids = assets.compactMap(\.id)
        guard !ids.isEmpty, months > 0 else { return [] }
        var quantities: [Int64: ExactDecimal] = [:]
        for id in ids { quantities[id] = try position(ofAsset: id).quantity }
        let list = ids.map(String.init).joined(separator: ",")
        let prices = try marketPricesByAsset(assets: "asset_id IN (\(list))")
        // Start once every held non-cash asset has a price: an asset's first price is not a return.
        let held = assets.filter { !$0.isCash && (quantities[$0.id!] ?? 0) > 0 }
        guard !held.isEmpty else { return [] }
        var start = CalendarDate(dayNumber: Int.min / 4)
        for asset in held {
            guard let firstPrice = prices[asset.id!]?.first?.date else { return [] }
            start = max(start, firstPrice)
        }
        var dates: [CalendarDate] = []
        var n = 0
        while today.adding(months: -n) >= start, n <= months { dates.insert(today.adding(months: -n), at: 0); n += 1 }
        // Each month-end value in the main currency at that day's rate (cash at 1 in its own).
        var totals = [ExactDecimal](repeating: 0, count: dates.count)
        for asset in assets {
            let id = asset.id!
            let points = prices[id] ?? []
            var p = 0
            var price: ExactDecimal = asset.isCash ? 1 : 0
            for (i, date) in dates.enumerated() {
                if !asset.isCash { while p < points.count, points[p].date <= date { price = points[p].price; p += 1 } }
                let local = quantities[id]! * price
                if local.isZero { continue }
                totals[i] += asset.currency == main ? local : try rates.rate(from: asset.currency, to: main, on: date).convert(local)
            }
        }
        return MonteCarlo.monthlyReturns(totals)
    }
}
