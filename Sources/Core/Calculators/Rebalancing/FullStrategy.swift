import Foundation

/// `full`: every group back to its target, as in the seeds' "Rebalancing Suggestions"
/// (with `newMoney`, the targets of the total after it; an adjustment under `RebalanceEngine.minimumTrade` is "no action").
///
///     // Example 4: stock 5000, crypto 1500, bond 2000, cash 1500; targets 60/20/20
///     FullStrategy.adjustments(input)   // stock +1000, crypto −1500, cash +500 (bond 0)
public enum FullStrategy {
    public static func adjustments(_ input: RebalanceInput, newMoney: ExactDecimal = 0) -> GroupAdjustments {
        var result: GroupAdjustments = [:]
        guard input.total + newMoney > 0 else { return result }
        for group in input.groups {
            let change = input.targetValue(group, newMoney: newMoney) - input.value(group)
            if abs(change) >= RebalanceEngine.minimumTrade { result[group] = change }
        }
        return result
    }
}
