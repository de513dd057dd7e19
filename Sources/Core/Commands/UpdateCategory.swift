import Foundation

/// Renames a category or changes its target, with the rules of `CreateCategory`: a
/// non-empty name unique ignoring case (itself excluded, so a change of case is allowed), a
/// target in 0…100. `targetPercent: .some(nil)` removes the target.
public struct UpdateCategory: Command {
    public var id: Int64
    public var name: String?
    public var targetPercent: ExactDecimal??

    public init(id: Int64, name: String? = nil, targetPercent: ExactDecimal?? = nil) {
        self.id = id
        self.name = name
        self.targetPercent = targetPercent
    }

    public func run(in store: CommandStore) throws -> Category {
        var category = try store.requireCategory(id: id)
        if let name {
            category.name = try CategoryRules.validateName(name)
            if let existing = try store.category(named: category.name), existing.id != id {
                throw RuleViolation(CategoryRules.duplicateNameMessage(existing.name), rule: .duplicate)
            }
        }
        if let targetPercent {
            try CategoryRules.validateTarget(targetPercent)
            category.targetPercent = targetPercent
        }
        try store.update(category)
        return category
    }
}
