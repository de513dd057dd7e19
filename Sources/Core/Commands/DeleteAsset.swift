import Foundation

/// Deletes an asset with its transactions, price records and saving plans.
public struct DeleteAsset: Command {
    public var id: Int64

    public init(id: Int64) { self.id = id }

    public func run(in store: CommandStore) throws {
        _ = try store.requireAsset(id: id)
        try store.deleteAsset(id: id)
    }
}
