import Foundation

extension ConversionRange {
    /// The value rule for a write that leaves `held` units of `asset`: at the asset's latest
    /// price and at each price in `prices` (a trade's price per unit, which is the market
    /// price when prices come from trades). Cached reads, no history.
    public static func checkValue(of asset: Asset, held: ExactDecimal, alsoAt prices: [ExactDecimal] = [], in store: CommandContext) throws {
        for price in [try store.priceForValueCheck(ofAsset: asset.id!)] + prices {
            try checkValue(held: held, price: price, asset: asset.name)
        }
    }
}
