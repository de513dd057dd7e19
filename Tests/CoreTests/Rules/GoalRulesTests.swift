import Foundation
import Testing
@testable import Core

@Suite struct GoalRulesTests {
    @Test func emptyOrWhitespaceClearsTheGoal() throws {
        #expect(try GoalRules.parseGoal("") == nil)
        #expect(try GoalRules.parseGoal("   ") == nil)
        #expect(try GoalRules.parseGoal(" \t\n") == nil)
    }

    @Test func validGoals() throws {
        #expect(try GoalRules.parseGoal("100000") == 100000)
        #expect(try GoalRules.parseGoal("  2500.50 ") == ExactDecimal.parse("2500.5"))
        #expect(try GoalRules.parseGoal("0.01") == ExactDecimal.parse("0.01"))
    }

    @Test(arguments: ["abc", "12abc", "1.2.3", "1,000", "$100", "--5"])
    func invalidNumber(text: String) {
        #expect(throws: RuleViolation("Financial goal must be a valid number.")) { try GoalRules.parseGoal(text) }
    }

    @Test(arguments: ["0", "0.00", "-5", "-0.01"])
    func notPositive(text: String) {
        #expect(throws: RuleViolation("Financial goal must be greater than zero.")) { try GoalRules.parseGoal(text) }
    }
}
