import Foundation

/// Records a transaction as given, after the transaction form's rules
/// (`TransactionRules.validateNew`): no future date, quantity above zero, no sell or
/// transfer out beyond current holdings. Cash counts at 1 per unit; the currency is the
/// asset's. Every command that records a transaction goes through this one.
public struct RecordTransaction: Command {
    public var transaction: Transaction

    public init(_ transaction: Transaction) { self.transaction = transaction }

    public func run(in store: CommandStore) throws -> Transaction {
        let asset = try store.requireAsset(id: transaction.assetID)
        var t = TransactionRules.normalized(transaction, for: asset)
        t.currency = asset.currency
        let held = try store.quantity(ofAsset: asset.id!)
        try RuleViolation.about(asset: asset.name, date: t.date) {
            try TransactionRules.validateNew(t, asset: asset, currentQuantity: held, today: store.today)
        }
        return try store.insert(t)
    }
}
