import Core
import Foundation
import GRDB
import GRDBSQLite

/// Quantity checkpoints (table `quantity_checkpoint`): each asset's quantity by day, one row
/// per asset and month, so that a timeline reads about a row per asset and month instead
/// of every transaction. Derived data, like position snapshots: triggers delete an asset's
/// rows from the month of any changed transaction on (and its `complete` row), whatever
/// door the change came through; the rows that remain are still true. An asset without a
/// `complete` row is computed here from its transactions; the rows are written back only
/// inside a write transaction the caller already holds, and extended at the end of every
/// write (`keepCheckpointsInStep`), so a report that follows finds them whole.
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
        // Rows come in key order (asset, month): each asset's rows are gathered, then decoded
        // at once (`PackedRuns`).
        var runs = PackedRuns()
        var current = -1
        func decodeCurrent() throws {
            guard current >= 0, !runs.isEmpty else { return }
            defer { runs.reset() }
            if let k = runs.decode(into: &levels[current]) {
                throw StoreError.corrupt(table: "quantity_checkpoint", column: "levels", rowID: nil,
                                         damage: .unreadable(key: runs.month(of: k), value: "\(runs.count(of: k)) bytes"))
            }
        }
        if try derivedRowsAreCurrent(.quantityCheckpoint) {
            try forEachRawRow(sql) { row in
                guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
                if slot != current { try decodeCurrent(); current = slot }
                let month = row.bytes(1)
                if month.elementsEqual(Self.completeMonth) { complete[slot] = true; return }
                guard runs.add(month: month, bytes: row.blob(2)) else {
                    throw StoreError.corrupt(table: "quantity_checkpoint", column: "levels", rowID: nil,
                                             damage: .unreadable(key: row.string(1), value: "\(row.blob(2).count) bytes"))
                }
            }
            try decodeCurrent()
        }
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
    func storeCheckpoints(_ levels: DatedSeries, ofAsset id: Int64, after: String? = nil) throws {
        let rows = try QuantityCheckpoint.rows(of: levels)
        try db.inSavepoint {
            try db.cachedStatement(sql: "DELETE FROM quantity_checkpoint WHERE asset_id = ? AND month > ?").execute(arguments: [id, after ?? ""])
            var insert = try BulkStatement(db, table: "quantity_checkpoint", columns: ["asset_id", "month", "levels"],
                                           rowCount: rows.count + 1, rowsPerStatement: Self.derivedRowsPerStatement)
            for row in rows + [(month: QuantityCheckpoint.complete, bytes: [UInt8]())] {
                insert.bind(1, id)
                insert.bind(2, row.month)
                insert.bind(3, blob: row.bytes)
                try insert.endRow()
            }
            return .commit
        }
    }

    /// Inside a write transaction the user's operation holds: extends the checkpoints of
    /// every asset a change left without its `complete` row, so that the next read, a
    /// report's included (which never writes), finds them whole. One index seek per asset
    /// when nothing is missing; for an asset that lost its last months, the level at the end
    /// of its last remaining month and its transactions after that month (a read of the
    /// changed months, never a replay of the history). Most of the assets at once (a rule
    /// change, a bulk write): one scan of the table.
    func keepCheckpointsInStep() throws {
        guard try mayWriteDerived(.quantityCheckpoint) else { return }
        let missing = try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT id FROM asset WHERE NOT EXISTS (SELECT 1 FROM quantity_checkpoint WHERE asset_id = asset.id AND month = 'complete') ORDER BY id
            """))
        guard !missing.isEmpty else { return }
        let slots = AssetSlots(missing)
        if try scansWholeTables(for: slots) {
            _ = try quantityLevels(slots, scan: true)
            return
        }
        for id in missing { try extendCheckpoints(ofAsset: id) }
    }

    /// The asset's rows from the month after its last one on, and its `complete` row.
    private func extendCheckpoints(ofAsset id: Int64) throws {
        var last: (month: String, levels: DatedSeries)?
        try forEachRawRow("SELECT month, levels FROM quantity_checkpoint WHERE asset_id = \(id) AND month < 'complete' ORDER BY month DESC LIMIT 1") { row in
            var levels = DatedSeries()
            let readable = QuantityCheckpoint.append(month: row.bytes(0), bytes: row.blob(1), to: &levels)
            last = readable && levels.count > 0 ? (row.string(0), levels) : (row.string(0), DatedSeries())
        }
        if let last, last.levels.count == 0 {  // damage: rebuilt whole from the transactions
            try storeCheckpoints(QuantityCheckpoint.levels(from: unitMoves(AssetSlots([id]), scan: false)[0]), ofAsset: id)
            return
        }
        var moves = DatedSeries()
        var days = DayReader()
        let after = last.map { " AND date > '\(PriceMonth.endOfMonth($0.month))'" } ?? ""
        try forEachRawRow("SELECT type, date, quantity FROM asset_transaction WHERE asset_id = \(id)\(after) ORDER BY date, id") { row in
            moves.append(try row.day(1, "date", &days), try row.transactionType(0).quantityImpact(try row.decimal(2, "quantity")))
        }
        let start = last.map { $0.levels.values[$0.levels.count - 1] } ?? .zero
        try storeCheckpoints(QuantityCheckpoint.levels(from: moves, startingAt: start), ofAsset: id, after: last?.month)
    }
}
