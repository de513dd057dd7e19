import Foundation

/// Platforms exist only as the platform names on assets (app notes S27). Renaming one
/// renames it on every asset that has it.
public enum PlatformRules {
    public static let emptyNameMessage = "Platform name cannot be empty."

    public static func duplicateNameMessage(_ name: String) -> String { "A platform named '\(name)' already exists." }

    /// The new name, normalized as on assets (trimmed, inner whitespace collapsed); it must
    /// not be empty nor clash, ignoring case, with another platform in `existing` (the same
    /// platform in another case is allowed: "ibkr" → "IBKR").
    public static func validateRename(from old: String, to new: String, existing: [String]) throws -> String {
        let name = AssetRules.normalizedPlatform(new)
        if name.isEmpty { throw RuleViolation(emptyNameMessage, rule: .required) }
        if let clash = existing.first(where: { $0 != old && $0.lowercased() == name.lowercased() }) {
            throw RuleViolation(duplicateNameMessage(clash), rule: .duplicate)
        }
        return name
    }
}
