import Foundation

/// A name change (a ticker or company renamed, a merger that keeps the holding): the asset
/// keeps its transactions, prices and figures under `name` (unique, ignoring case).
public struct RenameAsset: Command {
    public var asset: Int64
    public var name: String

    public init(asset: Int64, name: String) {
        self.asset = asset
        self.name = name
    }

    public func run(in store: CommandStore) throws -> Asset {
        try UpdateAsset(id: asset, name: name).run(in: store)
        return try store.requireAsset(id: asset)
    }
}
