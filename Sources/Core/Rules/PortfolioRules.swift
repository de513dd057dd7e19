import Foundation

/// Rules for portfolios (the app's portfolio form and deletion rule).
public enum PortfolioRules {
    /// Trims the name and refuses an empty one.
    public static func validateName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { throw RuleViolation("Portfolio name cannot be empty.", rule: .required) }
        return trimmed
    }

    public static let duplicateNameMessage = "A portfolio with this name already exists."

    /// Names are unique ignoring case: `existing` is the portfolio the store found under the
    /// name (nil for none), `id` the portfolio being renamed (nil for a new one).
    public static func validateUniqueName(existing: Portfolio?, id: Int64? = nil) throws {
        if let existing, existing.id != id { throw RuleViolation(duplicateNameMessage, rule: .duplicate) }
    }

    /// Only an empty portfolio can be deleted.
    public static func validateDeletion(assetCount: Int) throws {
        if assetCount > 0 {
            throw RuleViolation("This portfolio contains \(assetCount) asset(s). Remove all assets before deleting the portfolio.", rule: .inUse)
        }
    }
}
