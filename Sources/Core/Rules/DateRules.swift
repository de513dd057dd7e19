import Foundation

/// The date rule every dated record shares (transactions, price records, an asset's
/// initial position): nothing is recorded in the future.
public enum DateRules {
    /// A period given backwards: "The start date (2024-05-01) is after the end date (2024-04-01)."
    public static func startAfterEndMessage(_ from: CalendarDate, _ to: CalendarDate) -> String {
        "The start date (\(from)) is after the end date (\(to))."
    }

    public static let futureMessage = "Date cannot be in the future."

    public static func validateNotFuture(_ date: CalendarDate, today: CalendarDate) throws {
        if date > today { throw RuleViolation(futureMessage, rule: .futureDate, date: date) }
    }
}
