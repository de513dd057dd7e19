extension PerformanceRecords {
    /// The same history expressed in `currency`, by the rule of `PerformanceInput.converted`
    /// (which the tests keep as the reference): each transaction of an asset in another
    /// currency has its price and fees converted at the rate of its date (from the
    /// transaction's own currency when `transactionCurrencies` names one, else the asset's);
    /// each scope asset in another currency has its prices re-stated on every day its price
    /// or its rate changes, and cash in another currency is priced at the rate instead of 1.
    /// So a scope with assets in other currencies is read as flat as a one-currency scope.
    ///
    /// - Parameters:
    ///   - currencies: every involved asset's currency, by id.
    ///   - transactionCurrencies: by transaction id, the currency of those whose stored
    ///     currency is set and differs from their asset's.
    public func converted(to currency: String, currencies: [Int64: String], transactionCurrencies: [Int64: String],
                          rates: RateTable) throws -> PerformanceRecords {
        let converting = assetIDs.map { id in currencies[id].map { $0 != currency } ?? false }
        var cash = Set<Int64>()
        for n in assetIDs.indices where isCash[n] && !(converting[n] && inScope[n]) { cash.insert(assetIDs[n]) }
        var result = PerformanceRecords(scope: scope, cashAssets: cash)
        var transactionDates = [[CalendarDate]](repeating: [], count: assetIDs.count)
        for row in rows {
            let n = Int(row.asset), id = assetIDs[n]
            var price = row.price, fees = row.fees
            if converting[n] {
                let rate = try rates.rate(from: row.id.flatMap { transactionCurrencies[$0] } ?? currencies[id]!, to: currency, on: row.date)
                price = rate.convert(price)
                fees = rate.convert(fees)
                if inScope[n] { transactionDates[n].append(row.date) }
            }
            result.addTransaction(id: row.id, assetID: id, type: row.type, date: row.date, quantity: row.quantity, price: price, fees: fees,
                                  sourceAssetID: row.sourceAssetID, relatedID: row.relatedID)
        }
        for n in assetIDs.indices where inScope[n] {
            let id = assetIDs[n]
            let range = priceStart[n]..<priceStart[n + 1]
            if !converting[n] {
                for i in range { result.addPrice(assetID: id, date: priceDates[i], price: prices[i]) }
                continue
            }
            let local = isCash[n] ? nil : range.map { PricePoint(assetID: id, date: priceDates[$0], price: prices[$0]) }
            for point in try PerformanceInput.restated(id, code: currencies[id]!, to: currency, local: local,
                                                       transactionDates: transactionDates[n], rates: rates) {
                result.addPrice(assetID: id, date: point.date, price: point.price)
            }
        }
        result.finish()
        return result
    }
}
