import Foundation

/// Deletes a transaction unless the asset's quantity would become negative ("Deleting this
/// transaction would cause the asset quantity to become negative."). The other half of a
/// swap stays, its link cleared.
public struct DeleteTransaction: Command {
    public var id: Int64

    public init(id: Int64) { self.id = id }

    public func run(in store: CommandStore) throws {
        let t = try store.requireTransaction(id: id)
        let held = try store.quantity(ofAsset: t.assetID)
        try RuleViolation.about(asset: try store.requireAsset(id: t.assetID).name, date: t.date) {
            try TransactionEditRules.validateDeletion(t, currentQuantity: held)
        }
        try store.deleteTransaction(id: id)
    }
}
