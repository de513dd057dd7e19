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

    /// Records the plan's trades as buys and sells on `date` (default today) inside one
    /// savepoint: if any trade breaks a rule, nothing is recorded. Returns the transactions.
    public func apply(_ plan: TradePlan, date: CalendarDate? = nil, note: String? = nil) throws -> [Transaction] {
        if let problem = plan.problems.first { throw ValidationError("This plan cannot be applied: \(problem)") }
        let day = date ?? today
        let text = note ?? "Rebalance (\(plan.strategy))"
        // Sells first, so the holdings and the cash they free are there for the buys.
        let ordered = plan.trades.filter { $0.side == .sell } + plan.trades.filter { $0.side == .buy }
        return try atomically {
            try ordered.map { trade in
                let asset = try requireAsset(id: trade.assetID)
                let draft = Transaction(assetID: trade.assetID, type: trade.side == .buy ? .buy : .sell, date: day,
                                        quantity: trade.quantity, pricePerUnit: trade.price, currency: asset.currency, note: text)
                do { return try record(draft) } catch {
                    throw ValidationError("\(trade.label) (\(trade.quantity.plainText) at \(trade.price.plainText)): \(error) Nothing was recorded.")
                }
            }
        }
    }
}
