import Foundation

/// The due dates of a regular saving plan.
///
/// - daily: +1 day; weekly: +7 days; biweekly: +14 days
/// - monthly: +1 calendar month on the plan's `dayOfMonth`; a month without that day uses
///   its last day, and the next month returns to the chosen day:
///   2025-01-31 → 2025-02-28 → 2025-03-31 → 2025-04-30 → 2025-05-31
///
/// Catch-up: `dueOccurrences(asOf:)` lists every date from `nextDueDate` to `asOf`
/// inclusive, so a run that missed days executes each one. After executing them, store
/// `markingExecuted(through:)`: its `nextDueDate` is after `asOf`, so asking again for the
/// same day gives nothing (running twice never executes twice).
///
/// Worked example:
///
///     var plan = RegularSavingPlan(name: "Weekly BTC", assetID: 3, amount: 50, frequency: .weekly,
///                                  startDate: CalendarDate("2025-03-03")!)
///     plan.dueOccurrences(asOf: CalendarDate("2025-03-18")!)   // 2025-03-03, 2025-03-10, 2025-03-17
///     plan = plan.markingExecuted(through: CalendarDate("2025-03-18")!)
///     plan.nextDueDate                                          // 2025-03-24
///     plan.dueOccurrences(asOf: CalendarDate("2025-03-18")!)   // []
public enum SavingPlanSchedule {
    /// The occurrence after `date`.
    public static func advance(from date: CalendarDate, frequency: SavingFrequency, dayOfMonth: Int?) -> CalendarDate {
        switch frequency {
        case .daily: date.adding(days: 1)
        case .weekly: date.adding(days: 7)
        case .biweekly: date.adding(days: 14)
        case .monthly: date.adding(months: 1, preferredDay: dayOfMonth ?? date.day)
        }
    }

    /// Every occurrence from `first` up to `asOf` inclusive (empty when `first` is after `asOf`).
    public static func occurrences(from first: CalendarDate, through asOf: CalendarDate,
                                   frequency: SavingFrequency, dayOfMonth: Int?) -> [CalendarDate] {
        var dates: [CalendarDate] = []
        var date = first
        while date <= asOf {
            dates.append(date)
            date = advance(from: date, frequency: frequency, dayOfMonth: dayOfMonth)
        }
        return dates
    }
}

extension RegularSavingPlan {
    /// The occurrence after `date` for this plan's frequency.
    public func advance(from date: CalendarDate) -> CalendarDate {
        SavingPlanSchedule.advance(from: date, frequency: frequency, dayOfMonth: dayOfMonth)
    }

    /// Every due date from `nextDueDate` up to `asOf` inclusive; none for an inactive plan.
    public func dueOccurrences(asOf: CalendarDate) -> [CalendarDate] {
        guard isActive else { return [] }
        return SavingPlanSchedule.occurrences(from: nextDueDate, through: asOf, frequency: frequency, dayOfMonth: dayOfMonth)
    }

    /// The plan with every occurrence up to `asOf` done: `nextDueDate` moves to the first
    /// occurrence after `asOf` (unchanged when nothing was due). Idempotent.
    public func markingExecuted(through asOf: CalendarDate) -> RegularSavingPlan {
        var plan = self
        while plan.nextDueDate <= asOf { plan.nextDueDate = advance(from: plan.nextDueDate) }
        return plan
    }
}
