import Foundation

/// Records a transaction as given, after the transaction form's rules
/// (`TransactionRules.validateFields`: no future date, quantity above zero) and the
/// holdings-at-date rule (`HoldingsRules.checkNew`: no sell or transfer out beyond the
/// holdings at its date, nor one that leaves later transactions short; the history is read
/// only when the lowest holdings from its date on do not clear it, `clearlyHolds`). Cash counts at 1 per unit; the currency is the
/// asset's. Every command that records a transaction goes through this one.
public struct RecordTransaction: Command {
    public var transaction: Transaction

    public init(_ transaction: Transaction) { self.transaction = transaction }

    public func run(in store: CommandStore) throws -> Transaction {
        let asset = try store.requireAsset(id: transaction.assetID)
        var t = TransactionRules.normalized(transaction, for: asset)
        t.currency = asset.currency
        try RuleViolation.about(asset: asset.name, date: t.date) { try TransactionRules.validateFields(t, asset: asset, today: store.today) }
        let id = asset.id!
        if try !HoldingsRules.clearlyHolds(removing: nil, adding: t, lowest: { try store.lowestHoldings(ofAsset: id, from: $0, upTo: $1) }) {
            let history = try store.holdings(ofAsset: id, from: HoldingsHistory.ledgerKey(t))
            try HoldingsRules.checkNew(t, asset: asset, history: history)
        }
        try AmountRange.checkHeld(try store.quantity(ofAsset: id) + t.quantityImpact, asset: asset.name)
        return try store.insert(t)
    }
}
