import Foundation

/// Progress of the portfolio towards the financial goal (BusinessLogic.md "Financial Goal Progress").
///
/// Worked example:
///
///     let p = GoalProgress(totalValue: 40000, goal: 100000)
///     p.achievementPercent   // 40
///     p.distance             // 60000   (negative = surplus above the goal)
///     p.isReached            // false
///     GoalProgress(totalValue: 150000, goal: 100000).achievementPercent  // 150 (may exceed 100)
///     GoalProgress(totalValue: 50000, goal: nil).achievementPercent      // 0
///
/// Amounts are in the main currency; the percentage is exact (round it for display).
public struct GoalProgress: Equatable, Sendable {
    public let totalValue: ExactDecimal
    public let goal: ExactDecimal?

    public init(totalValue: ExactDecimal, goal: ExactDecimal?) {
        self.totalValue = totalValue
        self.goal = goal
    }

    /// total ÷ goal × 100; 0 when there is no goal, the goal is 0 or less, or the total is 0
    /// or less. May exceed 100.
    public var achievementPercent: ExactDecimal {
        guard let goal, goal > 0, totalValue > 0 else { return 0 }
        return totalValue / goal * 100
    }

    /// goal − total: positive = still needed, 0 = exactly at the goal, negative = surplus.
    /// 0 when there is no goal.
    public var distance: ExactDecimal {
        guard let goal else { return 0 }
        return goal - totalValue
    }

    /// total ≥ goal; false when there is no goal.
    public var isReached: Bool {
        guard let goal else { return false }
        return totalValue >= goal
    }
}
