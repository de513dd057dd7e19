import Foundation

/// Stores the prices a provider returned for one asset, all or nothing: each must be in the
/// asset's currency and pass the price rules (not in the future, not negative). The caller
/// has left out the days already stored (one query, not one per day).
public struct RecordFetchedPrices: Command {
    public var asset: Int64
    public var prices: [FetchedPrice]

    public init(asset: Int64, prices: [FetchedPrice]) {
        self.asset = asset
        self.prices = prices
    }

    public func run(in store: CommandStore) throws -> Int {
        let owner = try store.requireAsset(id: asset)
        let held = try store.quantity(ofAsset: asset)
        for fetched in prices {
            try RuleViolation.about(asset: owner.name, date: fetched.date) {
                if fetched.currency != owner.currency {
                    throw RuleViolation("The provider gave a price in \(fetched.currency); \(owner.name) is priced in \(owner.currency).")
                }
                let point = PricePoint(assetID: asset, date: fetched.date, price: owner.isCash ? 1 : fetched.price)
                try PriceRules.validate(point, today: store.today)
                try ConversionRange.checkValue(held: held, price: point.price, asset: owner.name)
                _ = try store.insert(point)
            }
        }
        return prices.count
    }
}
