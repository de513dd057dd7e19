import Foundation

/// A new category ("Category name cannot be empty.", "A category named 'X' already exists.",
/// "Target allocation must be between 0% and 100%.").
public struct CreateCategory: Command {
    public var name: String
    public var targetPercent: ExactDecimal?

    public init(name: String, targetPercent: ExactDecimal? = nil) {
        self.name = name
        self.targetPercent = targetPercent
    }

    public func run(in store: CommandStore) throws -> Category {
        let name = try CategoryRules.validateName(name)
        try CategoryRules.validateTarget(targetPercent)
        if let existing = try store.category(named: name) { throw RuleViolation(CategoryRules.duplicateNameMessage(existing.name), rule: .duplicate) }
        return try store.insert(Category(name: name, targetPercent: targetPercent))
    }
}
