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

    /// A price record that must exist.
    public func requirePrice(id: Int64) throws -> PricePoint {
        guard let p = try price(id: id) else { throw StoreError.deleted(table: "price_history", id: id) }
        return p
    }

    /// Whether the asset has any transaction or price record (which locks type and currency).
    public func hasHistory(asset id: Int64) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS(SELECT 1 FROM asset_transaction WHERE asset_id = ?) OR EXISTS(SELECT 1 FROM price_history WHERE asset_id = ?)
            """, arguments: [id, id]) ?? false
    }

}
