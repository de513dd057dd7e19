import Core
import GRDB

/// Keeping the per-asset series (quantity checkpoints, monthly prices) whole at the end of
/// every write transaction the user's operation holds, so that the next read, a report's
/// included (which never writes), finds them complete and reads a few thousand rows. What a
/// change removed is extended from the asset's last remaining month on: an appended
/// transaction or price costs a read of its own month, never a replay of the history.
extension StoreSession {
    /// Called by `commit` and at the end of a command that ran in a transaction of its own.
    /// Derived rows only: a row that cannot be extended now (damage, which `assetflow check`
    /// names) is left missing and computed when read; the user's write goes on.
    func keepSeriesInStepIfPossible() {
        try? db.inSavepoint {
            try keepSeriesInStep()
            return .commit
        }
    }

    func keepSeriesInStep() throws {
        try keepCheckpointsInStep()
        try keepPriceMonthsInStep()
    }

    /// Extends the checkpoints of every asset without a `complete` row: the quantity at the
    /// end of its last remaining month, then its units moved after that month.
    func keepCheckpointsInStep() throws {
        guard try mayWriteDerived(.quantityCheckpoint) else { return }
        let missing = try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT id FROM asset WHERE NOT EXISTS (SELECT 1 FROM quantity_checkpoint WHERE asset_id = asset.id AND month = 'complete') ORDER BY id
            """))
        guard !missing.isEmpty else { return }
        let slots = AssetSlots(missing)
        if try scansWholeTables(for: slots) {  // most assets (a rule change, a bulk write): one scan of the table
            _ = try quantityLevels(slots, scan: true)
            return
        }
        for id in missing { try extendCheckpoints(ofAsset: id) }
    }

    /// The asset's rows from the month after its last one on, and its `complete` row.
    private func extendCheckpoints(ofAsset id: Int64) throws {
        var last: (month: String, levels: String)?
        if let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT month, levels FROM quantity_checkpoint WHERE asset_id = ? AND month < 'complete' ORDER BY month DESC LIMIT 1"), arguments: [id]) {
            last = (row[0], row[1])
        }
        var start = ExactDecimal.zero
        if let last {
            var levels = DatedSeries()
            var month = last.month, text = last.levels
            let readable = month.withUTF8 { m in text.withUTF8 { t in QuantityCheckpoint.append(month: m, text: t, to: &levels) } }
            guard readable, levels.count > 0 else {  // damage: rebuilt whole from the transactions
                _ = try quantityLevels(AssetSlots([id]), scan: false)
                return
            }
            start = levels.values[levels.count - 1]
        }
        var moves = DatedSeries()
        var days = DayReader()
        let after = last.map { " AND date > '\(PriceMonth.endOfMonth($0.month))'" } ?? ""
        try forEachRawRow("SELECT type, date, quantity FROM asset_transaction WHERE asset_id = \(id)\(after) ORDER BY date, id") { row in
            moves.append(try row.day(1, "date", &days), try row.transactionType(0).quantityImpact(try row.decimal(2, "quantity")))
        }
        let levels = QuantityCheckpoint.levels(from: moves, startingAt: start)
        try db.inSavepoint {
            let insert = try db.cachedStatement(sql: "INSERT INTO quantity_checkpoint(asset_id, month, levels) VALUES (?, ?, ?)")
            for row in try QuantityCheckpoint.rows(of: levels) { try insert.execute(arguments: [id, row.month, row.text]) }
            try insert.execute(arguments: [id, QuantityCheckpoint.complete, ""])
            return .commit
        }
    }
}
