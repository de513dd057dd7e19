import Foundation

/// Deletes a category no asset uses; otherwise "This category cannot be deleted because it
/// has N asset(s) assigned. Reassign the assets first." (app notes S24).
public struct DeleteCategory: Command {
    public var id: Int64

    public init(id: Int64) { self.id = id }

    public func run(in store: CommandStore) throws {
        _ = try store.requireCategory(id: id)
        try CategoryRules.validateDeletion(assetCount: try store.assetCount(inCategory: id))
        try store.deleteCategory(id: id)
    }
}
