import Foundation

/// What to do with one group to reach its target.
public enum RebalanceAction: String, CaseIterable, Sendable {
    case buy, sell
    case noAction = "no action"
}

/// One group's suggested trade.
public struct RebalanceRow: Equatable, Sendable {
    public let key: String
    public let currentValue: ExactDecimal
    /// total × target ÷ 100.
    public let targetValue: ExactDecimal
    public let action: RebalanceAction
    /// |target value − current value|, exact (also given for "no action", where it is below 1).
    public let amount: ExactDecimal
}

/// One trade of a plan, at the asset's current price.
public struct PlannedTrade: Equatable, Sendable {
    public let assetID: Int64
    public let asset: String
    public let group: String
    /// `.buy` or `.sell`.
    public let side: RebalanceAction
    /// Money moved (quantity × price for a trade given by quantity).
    public let amount: ExactDecimal
    public let quantity: ExactDecimal
    public let price: ExactDecimal
    public let isCash: Bool

    /// "sell ACME 500.00".
    public var label: String { "\(side.rawValue) \(asset) \(amount.fixedText(places: 2))" }
}

/// One group before or after a plan.
public struct PlanRow: Equatable, Sendable {
    public let key: String
    public let value: ExactDecimal
    /// Percent of the total, 2 decimals, summing to 100 (as `Allocation.rows`).
    public let percent: ExactDecimal
    public let target: ExactDecimal
}

/// A rebalancing plan: the trades, the allocation before and after, and the summary.
/// Nothing is recorded until the Store applies it.
public struct TradePlan: Equatable, Sendable {
    public let strategy: String
    public let trades: [PlannedTrade]
    /// Each group's change: buy, sell or no action and |change| (sorted largest first).
    public let groups: [RebalanceRow]
    public let before: [PlanRow]
    public let after: [PlanRow]
    /// "Move 1000.00 from crypto to stock", then unmatched "Buy 500.00 of bond" / "Sell … of …".
    public let summary: [String]
    /// New money (> 0) or a withdrawal (< 0) the plan brings in or takes out.
    public let newMoney: ExactDecimal
    /// Reasons the plan cannot be applied (a group with no asset to buy, an asset without a price).
    public let problems: [String]
    public let targetsWarning: String?
}
