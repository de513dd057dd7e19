import Foundation

/// Records a rebalancing plan's trades as buys and sells on `date` (default today) with
/// `note` (default "Rebalance (strategy)"), sells first so the holdings and the cash they
/// free are there for the buys. A plan with problems cannot be applied; if any trade breaks
/// a rule, the error names it and nothing is recorded.
public struct ApplyRebalancePlan: Command {
    /// A plan is applied once; the caller keeps track (a Lua plan table remembers it).
    public static let alreadyAppliedMessage = "This plan was already applied; ask the portfolio for a new one."

    public var plan: TradePlan
    public var date: CalendarDate?
    public var note: String?

    public init(_ plan: TradePlan, date: CalendarDate? = nil, note: String? = nil) {
        self.plan = plan
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> [Transaction] {
        if let problem = plan.problems.first { throw RuleViolation("This plan cannot be applied: \(problem)", rule: .notAllowed) }
        let day = date ?? store.today
        let text = note ?? "Rebalance (\(plan.strategy))"
        let ordered = plan.trades.filter { $0.side == .sell } + plan.trades.filter { $0.side == .buy }
        return try ordered.map { trade in
            let asset = try store.requireAsset(id: trade.assetID)
            // A plan may be in the main currency (an asset in another currency was planned at
            // its converted price): the trade is recorded at the asset's own price.
            let price = asset.isCash ? 1 : try store.currentPrice(ofAsset: asset.id!)
            let draft = Transaction(assetID: trade.assetID, type: trade.side == .buy ? .buy : .sell, date: day,
                                    quantity: trade.quantity, pricePerUnit: price, currency: asset.currency, note: text)
            do { return try RecordTransaction(draft).run(in: store) } catch {
                throw RuleViolation("\(trade.label) (\(trade.quantity.plainText) at \(trade.price.plainText)): \(error) Nothing was recorded.",
                                    rule: (error as? RuleViolation)?.rule ?? .other, asset: asset.name, date: day)
            }
        }
    }
}
