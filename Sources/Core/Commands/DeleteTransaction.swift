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
        let asset = try store.requireAsset(id: t.assetID)
        try HoldingsRules.check(removing: t, adding: nil, asset: asset, in: store)
        // Deleting a sell raises the quantity held: its value must stay convertible.
        try ConversionRange.checkValue(of: asset, held: try store.quantity(ofAsset: asset.id!) - t.quantityImpact, in: store)
        try store.deleteTransaction(id: id)
    }
}
