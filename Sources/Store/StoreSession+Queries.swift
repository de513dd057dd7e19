import Core

extension StoreSession {
    /// Every price record of the store, grouped by asset, each group in date order: one
    /// table scan, for the query pipeline (`af.query.prices`).
    public func allPricesByAsset() throws -> [Int64: [PricePoint]] {
        try pricesByAsset()
    }
}
