import Foundation

/// Records a transaction as given, after the transaction form's rules
/// (`TransactionRules.validateFields`: no future date, quantity above zero) and the
/// holdings-at-date rule (`HoldingsRules.check`: no sell or transfer out beyond the
/// holdings at its date, nor one that leaves later transactions short). Cash counts at 1
/// per unit; the currency is the asset's. Every command that records a transaction goes
/// through this one.
public struct RecordTransaction: Command {
    public var transaction: Transaction
    /// The transaction's asset when the caller has already read it (a trade): not read again.
    public var asset: Asset?

    public init(_ transaction: Transaction, asset: Asset? = nil) {
        self.transaction = transaction
        self.asset = asset?.id == transaction.assetID ? asset : nil
    }

    public func run(in store: CommandStore) throws -> Transaction {
        let asset = try self.asset ?? store.requireAsset(id: transaction.assetID)
        var t = TransactionRules.normalized(transaction, for: asset)
        t.currency = asset.currency
        try RuleViolation.about(asset: asset.name, date: t.date) { try TransactionRules.validateFields(t, asset: asset, today: store.today) }
        try HoldingsRules.check(removing: nil, adding: t, asset: asset, in: store)
        let held = try store.quantity(ofAsset: asset.id!) + t.quantityImpact
        try AmountRange.checkHeld(held, asset: asset.name)
        // The position's value at its latest price, and the transaction's own total, stay
        // convertible into any currency (`ConversionRange`).
        try ConversionRange.checkValue(of: asset, held: held, alsoAt: [t.pricePerUnit], in: store)
        try ConversionRange.checkValue(held: t.quantity, price: t.pricePerUnit, asset: asset.name)
        return try store.insert(t)
    }
}
