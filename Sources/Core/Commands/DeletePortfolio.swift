import Foundation

/// Deletes a portfolio; only an empty one can be deleted (`PortfolioRules.validateDeletion`).
public struct DeletePortfolio: Command {
    public var id: Int64

    public init(id: Int64) { self.id = id }

    public func run(in store: CommandStore) throws {
        _ = try store.requirePortfolio(id: id)
        try PortfolioRules.validateDeletion(assetCount: try store.assetCount(inPortfolio: id))
        try store.deletePortfolio(id: id)
    }
}
