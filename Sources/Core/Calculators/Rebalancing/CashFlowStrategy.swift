import Foundation

/// `cash_flow`: invests new money (amount > 0) with buys only, or raises a withdrawal
/// (amount < 0) with sells only, steering towards the targets without trading the other side.
///
/// With the total after the flow `T' = total + amount`, each group's gap is
/// `target × T' ÷ 100 − value`. New money goes to the groups below target in proportion to
/// their gaps; once every gap is closed, the rest follows the targets. A withdrawal is taken
/// from the groups above target in proportion to their excess, then from every group in
/// proportion to its value.
///
///     // stock 5000, bond 5000, targets 60/40, amount 1000 → T' = 11000:
///     // gaps stock +1600, bond −600 → buy stock 1000 only; `full` would also sell bond.
public enum CashFlowStrategy {
    public static func adjustments(_ input: RebalanceInput, amount: ExactDecimal) throws -> GroupAdjustments {
        guard !amount.isZero else { throw RuleViolation("cash_flow needs an amount: > 0 to invest new money, < 0 to raise a withdrawal.") }
        if amount < 0, -amount > input.total {
            throw RuleViolation("Cannot withdraw \((-amount).fixedText(places: 2)): the portfolio is worth \(input.total.fixedText(places: 2)).")
        }
        let newTotal = input.total + amount
        let groups = input.groups
        var result: GroupAdjustments = [:]
        let size = abs(amount)
        // Gaps in the direction of the flow.
        let gaps = groups.map { g -> ExactDecimal in
            let gap = newTotal * input.target(g) / 100 - input.value(g)
            return amount > 0 ? max(0, gap) : max(0, -gap)
        }
        let totalGap = gaps.reduce(ExactDecimal.zero, +)
        let used = min(size, totalGap)
        if totalGap > 0 {
            for (i, g) in groups.enumerated() where gaps[i] > 0 { result[g] = used * gaps[i] / totalGap }
        }
        let rest = size - used
        if rest > 0 {
            // Beyond the gaps: buys follow the targets, sells the values left.
            let weights = groups.map { g in amount > 0 ? input.target(g) : input.value(g) - (result[g] ?? 0) }
            let sum = weights.reduce(ExactDecimal.zero, +)
            for (i, g) in groups.enumerated() {
                let share = sum > 0 ? rest * weights[i] / sum : rest / ExactDecimal(groups.count)
                result[g, default: 0] += share
            }
        }
        if amount < 0 { for key in result.keys { result[key] = -result[key]! } }
        return result.filter { abs($0.value) >= RebalanceEngine.minimumTrade }
    }
}
