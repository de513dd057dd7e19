import Foundation

/// Where an investment plan stands on a given day (BusinessLogic-Phases.md "Plan Progress
/// Tracking" and "Monthly Contribution Suggestion").
///
/// - progress % = current ÷ target × 100 (0 when the target is 0 or less; may exceed 100)
/// - time progress % = days elapsed since the start ÷ days from start to target date × 100,
///   clamped to 0…100 (100 when the target date is not after the start date)
/// - on track iff progress % ≥ time progress %
/// - required monthly = (target − current) ÷ months remaining; 0 once the target is reached
///
/// **Months remaining** is the number of whole calendar months from `today` to the target
/// date (the largest n with today + n months ≤ target date, using `CalendarDate.adding(months:)`),
/// but at least 1: a deadline less than a month away, or already past, asks for the whole
/// remainder in one month. A partial month does not count, so the suggestion errs on the
/// side of saving slightly more.
///
/// Worked example (the seeds' example):
///
///     let plan = InvestmentPlan(name: "Goal", targetAmount: 10000,
///                               startDate: CalendarDate("2024-01-01")!, targetDate: CalendarDate("2025-01-01")!)
///     let p = InvestmentPlanProgress(plan: plan, currentAmount: 4000, today: CalendarDate("2024-07-02")!)
///     p.progressPercent      // 40
///     p.timeProgressPercent  // 50   (183 of 366 days)
///     p.isOnTrack            // false: behind schedule
///     p.monthsRemaining      // 5    (2024-12-02 ≤ 2025-01-01 < 2025-01-02)
///     p.requiredMonthly      // 1200 (6000 ÷ 5)
///
/// Percentages and the monthly amount are exact; round them for display.
public struct InvestmentPlanProgress: Equatable, Sendable {
    public let plan: InvestmentPlan
    public let currentAmount: ExactDecimal
    public let today: CalendarDate

    public init(plan: InvestmentPlan, currentAmount: ExactDecimal, today: CalendarDate) {
        self.plan = plan
        self.currentAmount = currentAmount
        self.today = today
    }

    public var progressPercent: ExactDecimal {
        guard plan.targetAmount > 0 else { return 0 }
        return currentAmount / plan.targetAmount * 100
    }

    /// Days from start to target date (0 or less for a plan with no duration).
    public var totalDays: Int { plan.startDate.days(until: plan.targetDate) }

    /// Days since the start, clamped to 0…totalDays.
    public var daysElapsed: Int { max(0, min(plan.startDate.days(until: today), max(totalDays, 0))) }

    /// Days until the target date; 0 once it has passed.
    public var daysRemaining: Int { max(0, today.days(until: plan.targetDate)) }

    public var timeProgressPercent: ExactDecimal {
        guard totalDays > 0 else { return 100 }
        return ExactDecimal(daysElapsed) / ExactDecimal(totalDays) * 100
    }

    public var isOnTrack: Bool { progressPercent >= timeProgressPercent }

    /// current ≥ target.
    public var isReached: Bool { currentAmount >= plan.targetAmount }

    /// What is still missing; 0 once reached.
    public var remainingAmount: ExactDecimal { max(0, plan.targetAmount - currentAmount) }

    /// Whole calendar months from today to the target date, at least 1 (see the type's note).
    public var monthsRemaining: Int { InvestmentPlanProgress.wholeMonths(from: today, to: plan.targetDate) }

    /// (target − current) ÷ months remaining; 0 once the target is reached.
    public var requiredMonthly: ExactDecimal {
        guard !isReached else { return 0 }
        return remainingAmount / ExactDecimal(monthsRemaining)
    }

    /// The largest n ≥ 1 with start + n months ≤ end, or 1 when there is none.
    public static func wholeMonths(from start: CalendarDate, to end: CalendarDate) -> Int {
        guard end > start else { return 1 }
        var n = (end.year * 12 + end.month) - (start.year * 12 + start.month)
        while n > 0, start.adding(months: n) > end { n -= 1 }
        return max(n, 1)
    }
}
