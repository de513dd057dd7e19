import Foundation

extension PerformanceInput {
    /// The same history expressed in `currency`, so that TWR, MWR and Modified Dietz measure
    /// the return of someone who counts in that currency (currency moves included).
    ///
    /// For every asset in another currency: each transaction's price, total and fees are
    /// converted at the rate of its date; its price series is re-stated on every day its
    /// price or its rate changes (local price × that day's rate, else the latest earlier
    /// one). Cash in another currency stops being "worth 1": its price is the rate. A value
    /// with no rate on or before its date is an error (`MissingRateError`), never a 1:1.
    ///
    ///     1 unit bought for 100 EUR on 03-01 (1 EUR = 1.10 USD), price still 100 EUR on 03-31
    ///     (1 EUR = 1.21 USD): 0 % in EUR, 10 % in USD.
    public func converted(to currency: String, currencies: [Int64: String], rates: RateTable) throws -> PerformanceInput {
        var transactions = self.transactions
        var prices = self.prices
        var cash = cashAssets
        let ids = Set(transactions.keys).union(prices.keys).union(scope)
        for id in ids.sorted() {
            let list = transactions[id] ?? []
            guard let code = currencies[id] ?? list.first?.currency, code != currency else { continue }
            transactions[id] = try list.map { t in
                let rate = try rates.rate(from: t.currency.isEmpty ? code : t.currency, to: currency, on: t.date)
                var c = t
                c.pricePerUnit = rate.convert(t.pricePerUnit)
                c.totalAmount = rate.convert(t.totalAmount)
                c.fees = rate.convert(t.fees)
                return c
            }
            guard scope.contains(id) else { continue }
            let isCash = cash.remove(id) != nil
            prices[id] = try restated(id, code: code, to: currency, local: isCash ? nil : (prices[id] ?? []), transactions: list, rates: rates)
        }
        return PerformanceInput(scope: scope, cashAssets: cash, transactions: transactions, prices: prices)
    }

    /// The asset's price in `currency` on each day its local price (nil: cash, always 1) or
    /// its rate changes, from its first transaction or price on.
    private func restated(_ id: Int64, code: String, to currency: String, local: [PricePoint]?, transactions: [Transaction],
                          rates: RateTable) throws -> [PricePoint] {
        try Self.restated(id, code: code, to: currency, local: local, transactionDates: transactions.map(\.date), rates: rates)
    }

    /// `restated` from the asset's transaction dates (in date order) alone: what
    /// `PerformanceRecords.converted` shares with it.
    static func restated(_ id: Int64, code: String, to currency: String, local: [PricePoint]?, transactionDates: [CalendarDate],
                         rates: RateTable) throws -> [PricePoint] {
        let starts = [local?.first?.date, transactionDates.first].compactMap { $0 }
        guard let start = starts.min() else { return [] }
        var days = Set(rates.dates(involving: code).filter { $0 >= start } + rates.dates(involving: currency).filter { $0 >= start })
        days.formUnion(transactionDates)
        if let local { days.formUnion(local.map(\.date)) }
        var result: [PricePoint] = []
        var p = 0
        var price: ExactDecimal = local == nil ? 1 : 0
        for day in days.sorted() {
            if let local { while p < local.count, local[p].date <= day { price = local[p].price; p += 1 } }
            if price.isZero { result.append(PricePoint(assetID: id, date: day, price: 0)); continue }
            result.append(PricePoint(assetID: id, date: day, price: try rates.rate(from: code, to: currency, on: day).convert(price)))
        }
        return result
    }
}
