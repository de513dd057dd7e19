import Core
import GRDB

/// Rebalancing plans over stored portfolios (issue 6): the input a strategy works on, and
/// applying a plan's trades, all or nothing, through the same rules as every other door.
extension StoreSession {
    /// Holdings of the portfolio grouped by `dimension`, with its targets (or `targets`
    /// when given: the only way to target by asset or platform). No targets gives an input
    /// with none (see `RebalanceEngine.withoutTargets`).
    public func rebalanceInput(portfolio id: Int64, by dimension: AllocationDimension,
                               targets given: [String: ExactDecimal]? = nil) throws -> RebalanceInput {
        let assets = try assets(inPortfolio: id)
        let grouped = try groupedValues(of: assets, by: dimension)
        // The plan works in the main currency: each holding's price is converted at today's
        // rate; the trades are recorded at the asset's own price (ApplyRebalancePlan).
        let main = try mainCurrency()
        let rates = try rateTable(for: Set(assets.map(\.currency)).union([main]), through: today)
        var holdings: [RebalanceHolding] = []
        for (asset, entry) in zip(assets, grouped) {
            let v = try valuation(ofAsset: asset.id!)
            let local: ExactDecimal = asset.isCash ? 1 : v.currentPrice
            let price = asset.currency == main || local.isZero ? local : try rates.rate(from: asset.currency, to: main, on: today).convert(local)
            holdings.append(RebalanceHolding(assetID: asset.id!, name: asset.name, group: entry.key, quantity: v.position.quantity,
                                             price: price, isCash: asset.isCash && asset.currency == main))
        }
        let targets: [String: ExactDecimal]
        if let given {
            targets = given
        } else {
            try dimension.requireTargetable()
            targets = try self.targets(portfolio: id, by: dimension)
        }
        return try RebalanceInput(holdings: holdings, targets: targets)
    }
}
