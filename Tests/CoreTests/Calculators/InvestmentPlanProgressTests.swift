import Foundation
import Testing
@testable import Core

private func day(_ text: String) -> CalendarDate { CalendarDate(text)! }
private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

private func plan(target: ExactDecimal = 10000, start: String = "2024-01-01", end: String = "2025-01-01") -> InvestmentPlan {
    InvestmentPlan(name: "Goal", targetAmount: target, monthlyContribution: 500, startDate: day(start), targetDate: day(end))
}

@Suite struct InvestmentPlanProgressTests {
    @Test func seedsExampleBehindSchedule() {
        let p = InvestmentPlanProgress(plan: plan(), currentAmount: 4000, today: day("2024-07-02"))
        #expect(p.progressPercent == 40)
        #expect(p.totalDays == 366)
        #expect(p.daysElapsed == 183)
        #expect(p.timeProgressPercent == 50)
        #expect(!p.isOnTrack)
        #expect(p.monthsRemaining == 5)
        #expect(p.requiredMonthly == 1200)
    }

    @Test func seedsMonthlyContributionExample() {
        // target 10000, current 4000, 6 months remaining → 1000 per month
        let p = InvestmentPlanProgress(plan: plan(), currentAmount: 4000, today: day("2024-07-01"))
        #expect(p.monthsRemaining == 6)
        #expect(p.remainingAmount == 6000)
        #expect(p.requiredMonthly == 1000)
        #expect(p.daysRemaining == 184)
    }

    @Test func onTrackWhenProgressEqualsTime() {
        let p = InvestmentPlanProgress(plan: plan(), currentAmount: 5000, today: day("2024-07-02"))
        #expect(p.isOnTrack)
    }

    @Test func timeProgressIsClamped() {
        let before = InvestmentPlanProgress(plan: plan(), currentAmount: 0, today: day("2023-06-01"))
        #expect(before.timeProgressPercent == 0)
        #expect(before.daysElapsed == 0)
        #expect(before.isOnTrack)
        let after = InvestmentPlanProgress(plan: plan(), currentAmount: 9000, today: day("2026-03-01"))
        #expect(after.timeProgressPercent == 100)
        #expect(after.daysRemaining == 0)
        #expect(!after.isOnTrack)
        #expect(after.monthsRemaining == 1)
        #expect(after.requiredMonthly == 1000)
    }

    @Test func reachedNeedsNothingMore() {
        let p = InvestmentPlanProgress(plan: plan(), currentAmount: 12000, today: day("2024-03-01"))
        #expect(p.progressPercent == 120)
        #expect(p.isReached)
        #expect(p.requiredMonthly == 0)
        #expect(p.remainingAmount == 0)
        #expect(p.isOnTrack)
    }

    @Test func zeroTargetAndZeroDurationDoNotDivideByZero() {
        let p = InvestmentPlanProgress(plan: plan(target: 0, start: "2024-01-01", end: "2024-01-01"), currentAmount: 0, today: day("2024-01-01"))
        #expect(p.progressPercent == 0)
        #expect(p.timeProgressPercent == 100)
        #expect(p.requiredMonthly == 0)
    }

    @Test func wholeMonths() {
        #expect(InvestmentPlanProgress.wholeMonths(from: day("2024-01-31"), to: day("2024-02-29")) == 1)
        #expect(InvestmentPlanProgress.wholeMonths(from: day("2024-01-15"), to: day("2024-02-14")) == 1)  // less than a month → at least 1
        #expect(InvestmentPlanProgress.wholeMonths(from: day("2024-01-15"), to: day("2024-03-15")) == 2)
        #expect(InvestmentPlanProgress.wholeMonths(from: day("2024-01-15"), to: day("2025-01-14")) == 11)
        #expect(InvestmentPlanProgress.wholeMonths(from: day("2024-05-01"), to: day("2024-01-01")) == 1)
    }

    @Test func requiredMonthlyIsExactNotRounded() {
        let p = InvestmentPlanProgress(plan: plan(target: 1000), currentAmount: 0, today: day("2024-10-01"))
        #expect(p.monthsRemaining == 3)
        #expect(p.requiredMonthly.rounded(places: 2) == dec("333.33"))
    }

    @Test func planValidation() {
        #expect(throws: Never.self) { try plan().validate() }
        #expect(throws: RuleViolation("Plan name cannot be empty.")) {
            var p = plan(); p.name = "  "; try p.validate()
        }
        #expect(throws: RuleViolation("Target amount must be greater than zero.")) { try plan(target: 0).validate() }
        #expect(throws: RuleViolation("Monthly contribution must be zero or greater.")) {
            var p = plan(); p.monthlyContribution = -1; try p.validate()
        }
        #expect(throws: RuleViolation("Target date must be after the start date.")) {
            try plan(start: "2024-01-01", end: "2024-01-01").validate()
        }
    }

    @Test func enumsAndRawValues() throws {
        #expect(RiskTolerance.allCases.map(\.rawValue) == ["very_low", "low", "moderate", "high", "very_high"])
        #expect(RiskTolerance.veryHigh.displayName == "Very High")
        #expect(try RiskTolerance.parse("Very Low") == .veryLow)
        #expect(try RiskTolerance.parse("veryhigh") == .veryHigh)
        #expect(throws: RuleViolation.self) { try RiskTolerance.parse("wild") }
        #expect(InvestmentPlanStatus.allCases.map(\.rawValue) == ["active", "paused", "completed", "cancelled"])
        #expect(try InvestmentPlanStatus.parse("Paused") == .paused)
        #expect(plan().status == .active)
    }
}
