import Foundation

/// Deletes a transaction unless the asset's quantity would become negative on any date
/// from its date on (`HoldingsRules.checkDeletion`: "Deleting this transaction would cause
/// the asset quantity to become negative on 2024-03-01."). The other half of a
/// swap stays, its link cleared.
public struct DeleteTransaction: Command {
    public var id: Int64

    public init(id: Int64) { self.id = id }

    public func run(in store: CommandStore) throws {
        let t = try store.requireTransaction(id: id)
        if try !HoldingsRules.clearlyHolds(removing: t, adding: nil, lowest: { try store.lowestHoldings(ofAsset: t.assetID, from: $0, upTo: $1) }) {
            let history = try store.holdings(ofAsset: t.assetID, from: HoldingsHistory.ledgerKey(t))
            try HoldingsRules.checkDeletion(t, asset: try store.requireAsset(id: t.assetID), history: history)
        }
        try store.deleteTransaction(id: id)
    }
}
