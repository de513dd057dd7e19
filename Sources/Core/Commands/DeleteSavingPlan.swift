import Foundation

/// Deletes a regular saving plan. The transactions it made stay (they are the asset's
/// history).
public struct DeleteSavingPlan: Command {
    public var id: Int64

    public init(id: Int64) { self.id = id }

    public func run(in store: CommandStore) throws {
        _ = try store.requireSavingPlan(id: id)
        try store.deleteSavingPlan(id: id)
    }
}
