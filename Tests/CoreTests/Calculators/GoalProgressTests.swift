import Foundation
import Testing
@testable import Core

@Suite struct GoalProgressTests {
    @Test(arguments: [
        (ExactDecimal(50000), ExactDecimal?(100000), ExactDecimal(50)),
        (100000, 100000, 100),
        (150000, 100000, 150),
        (50000, nil, 0),
        (50000, 0, 0),
        (0, 100000, 0),
        (50000, -10, 0),
    ])
    func achievementRate(total: ExactDecimal, goal: ExactDecimal?, expected: ExactDecimal) {
        #expect(GoalProgress(totalValue: total, goal: goal).achievementPercent == expected)
    }

    @Test func distance() {
        #expect(GoalProgress(totalValue: 40000, goal: 100000).distance == 60000)
        #expect(GoalProgress(totalValue: 100000, goal: 100000).distance == 0)
        #expect(GoalProgress(totalValue: 120000, goal: 100000).distance == -20000)
        #expect(GoalProgress(totalValue: 120000, goal: nil).distance == 0)
    }

    @Test func reached() {
        #expect(GoalProgress(totalValue: 100000, goal: 100000).isReached)
        #expect(GoalProgress(totalValue: 100001, goal: 100000).isReached)
        #expect(!GoalProgress(totalValue: 99999, goal: 100000).isReached)
        #expect(!GoalProgress(totalValue: 100000, goal: nil).isReached)
    }
}
