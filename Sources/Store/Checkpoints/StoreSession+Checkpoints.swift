import Core
import GRDB
import GRDBSQLite

/// Quantity checkpoints (table `quantity_checkpoint`): each asset's quantity by day, one row
/// per asset and month, so that a timeline reads about a row per asset and month instead
/// of every transaction. Derived data, like position snapshots: triggers delete an asset's
/// rows from the month of any changed transaction on (and its `complete` row), whatever
/// door the change came through; the rows that remain are still true. An asset without a
/// `complete` row is rebuilt here by one walk of its transactions, then written back.
extension StoreSession {
    /// Each asset's quantity levels (day, quantity at the end of that day), in day order.
    /// Rebuilt levels are written back only inside a write transaction the caller already
    /// holds (`mayWriteDerived`); inside a read (a report: it must not take the write lock
    /// while it runs) they are only computed. Rows of another rule's version are not read.
    func quantityLevels(_ slots: AssetSlots, scan: Bool) throws -> [DatedSeries] {
        var levels = [DatedSeries](repeating: DatedSeries(), count: slots.count)
        var complete = [Bool](repeating: false, count: slots.count)
        let sql = "SELECT asset_id, month, levels FROM quantity_checkpoint"
            + (scan ? "" : " WHERE asset_id IN (\(Self.idList(slots)))")
        if try derivedRowsAreCurrent(.quantityCheckpoint) { try forEachRawRow(sql) { row in
            guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
            let month = row.bytes(1)
            if month.elementsEqual(Self.completeMonth) { complete[slot] = true; return }
            if !QuantityCheckpoint.append(month: month, text: row.bytes(2), to: &levels[slot]) {
                throw StoreError.corrupt(table: "quantity_checkpoint", column: "levels", rowID: nil, damage: .unreadable(key: row.string(1), value: row.string(2)))
            }
        } }
        let stale = slots.ids.indices.filter { !complete[$0] }
        guard !stale.isEmpty else { return levels }
        let staleSlots = AssetSlots(stale.map { slots.ids[$0] })
        let moves = try unitMoves(staleSlots, scan: try scansWholeTables(for: staleSlots))
        let store = try mayWriteDerived(.quantityCheckpoint)
        for (i, slot) in stale.enumerated() {
            levels[slot] = QuantityCheckpoint.levels(from: moves[i])
            if store { try? storeCheckpoints(levels[slot], ofAsset: slots.ids[slot]) }
        }
        return levels
    }

    private static let completeMonth = Array(QuantityCheckpoint.complete.utf8)

    /// Replaces the asset's checkpoints, in a savepoint: derived data, so when the store
    /// cannot be written now (another writer holds the lock) the caller goes on without.
    func storeCheckpoints(_ levels: DatedSeries, ofAsset id: Int64) throws {
        let rows = try QuantityCheckpoint.rows(of: levels)
        try db.inSavepoint {
            try db.cachedStatement(sql: "DELETE FROM quantity_checkpoint WHERE asset_id = ?").execute(arguments: [id])
            let insert = try db.cachedStatement(sql: "INSERT INTO quantity_checkpoint(asset_id, month, levels) VALUES (?, ?, ?)")
            for row in rows { try insert.execute(arguments: [id, row.month, row.text]) }
            try insert.execute(arguments: [id, QuantityCheckpoint.complete, ""])
            return .commit
        }
    }
}
