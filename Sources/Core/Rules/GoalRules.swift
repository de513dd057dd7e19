import Foundation

/// Validation of the financial-goal input, with the app's messages.
///
///     try GoalRules.parseGoal("  ")       // nil: clears the goal
///     try GoalRules.parseGoal("100000")   // 100000
///     try GoalRules.parseGoal("abc")      // throws "Financial goal must be a valid number."
///     try GoalRules.parseGoal("0")        // throws "Financial goal must be greater than zero."
public enum GoalRules {
    public static let invalidNumberMessage = "Financial goal must be a valid number."
    public static let notPositiveMessage = "Financial goal must be greater than zero."

    /// Empty or whitespace-only text means "no goal" (nil); otherwise a strict decimal
    /// (`ExactDecimal.parse`) greater than zero.
    public static func parseGoal(_ text: String) throws -> ExactDecimal? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        guard let value = ExactDecimal.parseOrNil(trimmed) else { throw RuleViolation(invalidNumberMessage, rule: .unknownValue) }
        guard value > 0 else { throw RuleViolation(notPositiveMessage, rule: .outOfRange) }
        return value
    }
}
