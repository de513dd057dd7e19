import Foundation
import Testing
@testable import Core

private func day(_ text: String) -> CalendarDate { CalendarDate(text)! }
private func days(_ texts: String...) -> [CalendarDate] { texts.map(day) }

private func plan(_ frequency: SavingFrequency, start: String, next: String? = nil, active: Bool = true) -> RegularSavingPlan {
    RegularSavingPlan(name: "Plan", assetID: 1, amount: 100, frequency: frequency, startDate: day(start),
                      nextDueDate: next.map(day), isActive: active)
}

@Suite struct SavingPlanScheduleTests {
    @Test func defaults() {
        let monthly = plan(.monthly, start: "2025-01-31")
        #expect(monthly.nextDueDate == day("2025-01-31"))
        #expect(monthly.dayOfMonth == 31)
        #expect(monthly.executionMethod == .manual)
        #expect(monthly.isActive)
        #expect(plan(.weekly, start: "2025-01-31").dayOfMonth == nil)
    }

    @Test func advanceByFrequency() {
        #expect(plan(.daily, start: "2025-12-31").advance(from: day("2025-12-31")) == day("2026-01-01"))
        #expect(plan(.weekly, start: "2025-02-25").advance(from: day("2025-02-25")) == day("2025-03-04"))
        #expect(plan(.biweekly, start: "2024-02-20").advance(from: day("2024-02-20")) == day("2024-03-05"))
        #expect(plan(.monthly, start: "2025-01-15").advance(from: day("2025-01-15")) == day("2025-02-15"))
    }

    @Test func monthlyOn31stFallsBackAndReturns() {
        let p = plan(.monthly, start: "2025-01-31")
        var date = p.startDate
        var seen: [CalendarDate] = [date]
        for _ in 0..<5 { date = p.advance(from: date); seen.append(date) }
        #expect(seen == days("2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31", "2025-06-30"))
    }

    @Test func monthlyOn29thInLeapYearAndAcrossYearEnd() {
        let p = plan(.monthly, start: "2023-12-29")
        #expect(p.dueOccurrences(asOf: day("2024-04-01")) == days("2023-12-29", "2024-01-29", "2024-02-29", "2024-03-29"))
        let q = plan(.monthly, start: "2024-12-30")
        #expect(q.dueOccurrences(asOf: day("2025-03-30")) == days("2024-12-30", "2025-01-30", "2025-02-28", "2025-03-30"))
    }

    @Test func explicitDayOfMonthWins() {
        var p = plan(.monthly, start: "2025-01-10")
        p.dayOfMonth = 31
        #expect(p.advance(from: day("2025-01-10")) == day("2025-02-28"))
        #expect(p.advance(from: day("2025-02-28")) == day("2025-03-31"))
    }

    @Test func catchUpListsEveryMissedDate() {
        let p = plan(.weekly, start: "2025-03-03")
        #expect(p.dueOccurrences(asOf: day("2025-03-18")) == days("2025-03-03", "2025-03-10", "2025-03-17"))
        let d = plan(.daily, start: "2025-02-27")
        #expect(d.dueOccurrences(asOf: day("2025-03-02")) == days("2025-02-27", "2025-02-28", "2025-03-01", "2025-03-02"))
    }

    @Test func dueDateItselfIsIncludedAndFutureIsNot() {
        let p = plan(.monthly, start: "2025-05-01")
        #expect(p.dueOccurrences(asOf: day("2025-05-01")) == days("2025-05-01"))
        #expect(p.dueOccurrences(asOf: day("2025-04-30")).isEmpty)
    }

    @Test func inactivePlanIsNeverDue() {
        #expect(plan(.daily, start: "2025-01-01", active: false).dueOccurrences(asOf: day("2025-02-01")).isEmpty)
    }

    @Test func markingExecutedIsIdempotent() {
        let p = plan(.weekly, start: "2025-03-03")
        let once = p.markingExecuted(through: day("2025-03-18"))
        #expect(once.nextDueDate == day("2025-03-24"))
        #expect(once.dueOccurrences(asOf: day("2025-03-18")).isEmpty)
        let twice = once.markingExecuted(through: day("2025-03-18"))
        #expect(twice == once)
        // nothing due: unchanged
        #expect(p.markingExecuted(through: day("2025-03-01")) == p)
    }

    @Test func catchUpResumesFromNextDueDate() {
        let p = plan(.monthly, start: "2025-01-31", next: "2025-03-31")
        #expect(p.dueOccurrences(asOf: day("2025-06-01")) == days("2025-03-31", "2025-04-30", "2025-05-31"))
        #expect(p.markingExecuted(through: day("2025-06-01")).nextDueDate == day("2025-06-30"))
    }

    @Test func validation() throws {
        try plan(.monthly, start: "2025-01-31").validate()
        var p = plan(.monthly, start: "2025-01-31")
        p.amount = 0
        #expect(throws: RuleViolation("Saving plan amount must be greater than zero.")) { try p.validate() }
        p.amount = -5
        #expect(throws: RuleViolation("Saving plan amount must be greater than zero.")) { try p.validate() }
        p = plan(.monthly, start: "2025-01-31"); p.name = " "
        #expect(throws: RuleViolation("Saving plan name cannot be empty.")) { try p.validate() }
        p = plan(.monthly, start: "2025-01-31"); p.dayOfMonth = 32
        #expect(throws: RuleViolation("Day of month must be between 1 and 31, not 32.")) { try p.validate() }
        p = plan(.monthly, start: "2025-01-31", next: "2025-01-30")
        #expect(throws: RuleViolation("Next due date cannot be before the start date.")) { try p.validate() }
        p = plan(.monthly, start: "2025-01-31"); p.sourceAssetID = 1
        #expect(throws: RuleViolation("The source asset must be different from the asset being bought.")) { try p.validate() }
    }

    @Test func sourceBalance() throws {
        let p = plan(.monthly, start: "2025-01-31")
        try p.validateSourceBalance(available: 100)
        #expect(throws: RuleViolation("The source asset balance (99.5) is not enough to cover the plan amount (100).")) {
            try p.validateSourceBalance(available: ExactDecimal.parse("99.5"))
        }
    }

    @Test func parsing() throws {
        #expect(try SavingFrequency.parse("Biweekly") == .biweekly)
        #expect(throws: RuleViolation("Unknown frequency 'yearly'. Use one of: daily, weekly, biweekly, monthly.")) {
            try SavingFrequency.parse("yearly")
        }
        #expect(try SavingExecutionMethod.parse("automatic") == .automatic)
        #expect(throws: RuleViolation.self) { try SavingExecutionMethod.parse("auto") }
    }
}
