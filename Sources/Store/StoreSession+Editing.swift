import Core
import GRDB

/// Editing and deleting what was recorded: transactions, price records, assets, portfolios,
/// each through its command (`Core/Commands`).
extension StoreSession {
    /// A transaction that must exist.
    public func requireTransaction(id: Int64) throws -> Transaction {
        guard let t = try transaction(id: id) else { throw StoreError.deleted(table: TransactionRecord.table, id: id) }
        return t
    }

    /// Edits a transaction in place: `change` sets the new fields of an `EditTransaction`.
    public func editTransaction(id: Int64, _ change: (inout Transaction) throws -> Void) throws -> Transaction {
        let original = try requireTransaction(id: id)
        var edited = original
        try change(&edited)
        return try execute(EditTransaction(from: original, to: edited))
    }

    /// Deletes a transaction: the `DeleteTransaction` command.
    public func deleteTransaction(id: Int64) throws { try execute(DeleteTransaction(id: id)) }

    /// A price record that must exist.
    public func requirePrice(id: Int64) throws -> PricePoint {
        guard let p = try price(id: id) else { throw StoreError.deleted(table: "price_history", id: id) }
        return p
    }

    /// Changes a price record: the `EditPrice` command.
    public func editPrice(id: Int64, price newPrice: ExactDecimal?, date newDate: CalendarDate?) throws -> PricePoint {
        try execute(EditPrice(id: id, price: newPrice, date: newDate))
    }

    /// Deletes a price record: the `DeletePrice` command.
    public func deletePrice(id: Int64) throws { try execute(DeletePrice(id: id)) }

    /// Whether the asset has any transaction or price record (which locks type and currency).
    public func hasHistory(asset id: Int64) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS(SELECT 1 FROM asset_transaction WHERE asset_id = ?) OR EXISTS(SELECT 1 FROM price_history WHERE asset_id = ?)
            """, arguments: [id, id]) ?? false
    }

    /// Updates an asset's attributes: `change` sets the new values of an `UpdateAsset`.
    public func updateAsset(id: Int64, _ change: (inout Asset) throws -> Void) throws -> Asset {
        var updated = try requireAsset(id: id)
        try change(&updated)
        return try execute(UpdateAsset(to: updated, id: id))
    }

    /// Deletes an asset: the `DeleteAsset` command.
    public func deleteAsset(id: Int64) throws { try execute(DeleteAsset(id: id)) }

    /// Deletes a portfolio: the `DeletePortfolio` command.
    public func deletePortfolio(id: Int64) throws { try execute(DeletePortfolio(id: id)) }
}
