import Foundation

/// What `Dividend` and `Interest` share: income paid by `source` into a cash asset.
enum Income {
    /// A payment of `amount` into the cash asset `asset`, counted at 1 per unit.
    static func paidInCash(_ type: TransactionType, asset: Int64, source: Int64, amount: ExactDecimal?,
                           date: CalendarDate?, note: String, in store: CommandStore) throws -> Transaction {
        let cash = try store.requireAsset(id: asset)
        _ = try store.requireAsset(id: source)
        let label = type == .dividend ? "Dividend" : "Interest"
        guard cash.isCash else {
            throw RuleViolation("\(label) is paid into a cash asset; '\(cash.name)' is not cash.", rule: .notAllowed, asset: cash.name)
        }
        guard let amount else { throw RuleViolation("\(label) needs an amount.", rule: .required, asset: cash.name) }
        return try RecordTransaction(Transaction(assetID: asset, type: type, date: date ?? store.today, quantity: amount, pricePerUnit: 1,
                                                 currency: cash.currency, sourceAssetID: source, note: note)).run(in: store)
    }
}
