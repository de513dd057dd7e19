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
        var holdings: [RebalanceHolding] = []
        for (asset, entry) in zip(assets, grouped) {
            let v = try valuation(ofAsset: asset.id!)
            holdings.append(RebalanceHolding(assetID: asset.id!, name: asset.name, group: entry.key, quantity: v.position.quantity,
                                             price: asset.isCash ? 1 : v.currentPrice, isCash: asset.isCash))
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

    /// Records the plan's trades: the `ApplyRebalancePlan` command.
    public func apply(_ plan: TradePlan, date: CalendarDate? = nil, note: String? = nil) throws -> [Transaction] {
        try execute(ApplyRebalancePlan(plan, date: date, note: note))
    }
}
