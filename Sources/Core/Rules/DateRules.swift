import Foundation

/// The date rule every dated record shares (transactions, price records, an asset's
/// initial position): nothing is recorded in the future.
public enum DateRules {
    public static let futureMessage = "Date cannot be in the future."

    public static func validateNotFuture(_ date: CalendarDate, today: CalendarDate) throws {
        if date > today { throw RuleViolation(futureMessage, rule: .futureDate, date: date) }
    }
}
