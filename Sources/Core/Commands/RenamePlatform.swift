import Foundation

/// Renames a platform on every asset that has exactly that platform name (app notes S27):
/// "Platform name cannot be empty.", "A platform named 'X' already exists."; an unknown
/// platform is an error naming the ones there are.
public struct RenamePlatform: Command {
    public var name: String
    public var newName: String

    public init(_ name: String, to newName: String) {
        self.name = name
        self.newName = newName
    }

    /// Returns the new name as stored.
    public func run(in store: CommandStore) throws -> String {
        let platforms = try store.platforms()
        let old = AssetRules.normalizedPlatform(name)
        guard platforms.contains(old) else {
            let known = platforms.isEmpty ? "no asset has a platform" : "platforms: " + platforms.joined(separator: ", ")
            throw RuleViolation("No platform named '\(name)' (\(known)).", rule: .unknownValue)
        }
        let new = try PlatformRules.validateRename(from: old, to: newName, existing: platforms)
        if new != old { try store.renamePlatform(old, to: new) }
        return new
    }
}
