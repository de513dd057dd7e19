import Foundation

/// A request for a rebalancing plan: which strategy, with which settings. It changes
/// nothing (apply the plan with `ApplyRebalancePlan`); it owns the strategy selection and
/// its defaults: strategy `full`, tolerance `.standard`, bands back to the target.
///
/// Rules: `bands` and `min_trades` take no amount; `cash_flow` needs one; without targets a
/// built-in strategy gives the "no targets" plan. Any other name is a custom rule, which
/// the caller runs (`custom`).
public struct PlanRebalance {
    public static let builtIn = ["full", "bands", "cash_flow", "min_trades"]

    public var strategy: String = "full"
    public var tolerance: RebalanceTolerance = .standard
    public var destination: BandDestination = .target
    /// New money (> 0) or a withdrawal (< 0).
    public var amount: ExactDecimal?
    /// The asset to trade per group.
    public var choose: [String: Int64] = [:]

    public init() {}

    /// A custom rule may not take a built-in strategy's name.
    public static func validateRuleName(_ name: String) throws {
        if builtIn.contains(name) { throw RuleViolation("'\(name)' is a built-in strategy; give your rule another name.", rule: .locked) }
    }

    /// A wrong combination of arguments; the caller prefixes its own name.
    public struct ArgumentError: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// The plan for `input` (`dimension` names the grouping for the "no targets" message).
    public func plan(_ input: RebalanceInput, dimension: AllocationDimension,
                     custom: (_ name: String, _ amount: ExactDecimal) throws -> TradePlan) throws -> TradePlan {
        if input.targets.isEmpty, Self.builtIn.contains(strategy) {
            return RebalanceEngine.withoutTargets(input, strategy: strategy, dimension: dimension.rawValue)
        }
        switch strategy {
        case "full":
            return RebalanceEngine.plan(input, adjustments: FullStrategy.adjustments(input, newMoney: amount ?? 0), strategy: strategy,
                                        choose: choose, newMoney: amount ?? 0)
        case "bands", "min_trades":
            if amount != nil {
                throw ArgumentError(description: "strategy '\(strategy)' takes no amount (use cash_flow or full to bring in new money)")
            }
            let changes = strategy == "bands" ? try BandsStrategy.adjustments(input, tolerance: tolerance, to: destination)
                                              : try MinTradesStrategy.adjustments(input, tolerance: tolerance)
            return RebalanceEngine.plan(input, adjustments: changes, strategy: strategy, choose: choose)
        case "cash_flow":
            guard let amount else { throw ArgumentError(description: "strategy 'cash_flow' needs amount (> 0 new money, < 0 a withdrawal)") }
            return RebalanceEngine.plan(input, adjustments: try CashFlowStrategy.adjustments(input, amount: amount), strategy: strategy,
                                        choose: choose, newMoney: amount)
        default:
            return try custom(strategy, amount ?? 0)
        }
    }
}
