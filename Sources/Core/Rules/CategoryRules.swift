import Foundation

/// Rules for categories (the later app's category form): a trimmed, non-empty name, unique
/// ignoring case, and an optional target allocation in 0…100 percent.
public enum CategoryRules {
    public static let emptyNameMessage = "Category name cannot be empty."
    public static let targetRangeMessage = "Target allocation must be between 0% and 100%."

    public static func duplicateNameMessage(_ name: String) -> String { "A category named '\(name)' already exists." }

    /// The app's message when assets still use the category (app notes S24).
    public static func inUseMessage(assetCount: Int) -> String {
        "This category cannot be deleted because it has \(assetCount) asset(s) assigned. Reassign the assets first."
    }

    /// A category is deleted only when no asset uses it.
    public static func validateDeletion(assetCount: Int) throws {
        if assetCount > 0 { throw RuleViolation(inUseMessage(assetCount: assetCount), rule: .inUse) }
    }

    public static func validateName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { throw RuleViolation(emptyNameMessage, rule: .required) }
        return trimmed
    }

    public static func validateTarget(_ target: ExactDecimal?) throws {
        if let target, target < 0 || target > 100 { throw RuleViolation(targetRangeMessage, rule: .outOfRange) }
    }
}

/// A named group of assets with an optional target share of the whole.
public struct Category: Equatable, Sendable {
    public var id: Int64?
    public var name: String
    public var targetPercent: ExactDecimal?

    public init(id: Int64? = nil, name: String, targetPercent: ExactDecimal? = nil) {
        self.id = id
        self.name = name
        self.targetPercent = targetPercent
    }
}
