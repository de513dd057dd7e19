import Core
import GRDB

/// Persisted positions (table position_snapshot): see the migration "Create position
/// snapshots" for why a snapshot is never stale. Snapshots are derived data (`DerivedTable`):
/// writing one is not a change the user made, so it is not counted for --dry-run, and it
/// is written only inside a write transaction the user's operation holds.
extension StoreSession {
    /// The asset's stored snapshot, if its history has not changed since it was written.
    func storedSnapshot(ofAsset id: Int64) throws -> CachedPosition? {
        guard try derivedRowsAreCurrent(.positionSnapshot) else { return nil }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM position_snapshot WHERE asset_id = ?"), arguments: [id]) else { return nil }
        return try Self.snapshot(from: row)
    }

    /// Writes the asset's snapshot (after the store itself applied every change), when
    /// derived rows may be written now; otherwise the session's cache keeps the position.
    func storeSnapshot(_ cached: CachedPosition, ofAsset id: Int64) throws {
        guard let lastDate = cached.lastDate, try mayWriteDerived(.positionSnapshot) else { return }
        let p = cached.position
        try p.checkInRange(asset: try? requireAsset(id: id).name)  // a rule's message, not the raw decimal error
        try db.cachedStatement(sql: """
            INSERT INTO position_snapshot(asset_id, last_date, last_id, quantity, cost_basis, realized_gain)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(asset_id) DO UPDATE SET last_date = excluded.last_date, last_id = excluded.last_id,
                quantity = excluded.quantity, cost_basis = excluded.cost_basis, realized_gain = excluded.realized_gain
            """).execute(arguments: [id, lastDate.description, cached.lastID, try p.quantity.storedText(), try p.costBasis.storedText(), try p.realizedGain.storedText()])
    }

    /// Every asset's position: stored snapshots where they exist, history replayed (in one
    /// query) for the others, which then get a snapshot when derived rows may be written
    /// now. Opening a large store reads a row per asset instead of every transaction.
    public func allPositions() throws -> [Int64: Position] {
        var result: [Int64: Position] = [:]
        let stored = try derivedRowsAreCurrent(.positionSnapshot)
        for row in try stored ? Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM position_snapshot")) : [] {
            let id: Int64 = try row.value("asset_id")
            let cached = try Self.snapshot(from: row)
            positionCache[id] = cached
            result[id] = cached.position
        }
        let missing = try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT DISTINCT asset_id FROM asset_transaction
            WHERE asset_id NOT IN (SELECT asset_id FROM position_snapshot WHERE ?)
            """), arguments: [stored])
        guard !missing.isEmpty else { return result }
        let groups = try transactionsByAsset(where: "WHERE asset_id IN (\(missing.map(String.init).joined(separator: ",")))")
        for (id, history) in groups {
            let cached = CachedPosition(history)
            positionCache[id] = cached
            try storeSnapshot(cached, ofAsset: id)
            result[id] = cached.position
        }
        return result
    }

    /// Writes the snapshot of every asset a backdated, edited or deleted transaction left
    /// without one: from the session's cache, or by one replay of the others (one query).
    func writeDeferredSnapshots() throws {
        defer { unsnapshotted.removeAll() }
        guard !unsnapshotted.isEmpty, try mayWriteDerived(.positionSnapshot) else { return }
        var replay = Set<Int64>()
        for id in unsnapshotted.sorted() {
            if let cached = positionCache[id] { try storeSnapshot(cached, ofAsset: id) } else { replay.insert(id) }
        }
        try rewriteSnapshots(of: replay)
    }

    static func snapshot(from row: Row) throws -> CachedPosition {
        CachedPosition(position: Position(quantity: try row.decimal("quantity"), costBasis: try row.decimal("cost_basis"),
                                          realizedGain: try row.decimal("realized_gain")),
                       lastDate: try row.date("last_date"), lastID: try row.value("last_id"))
    }
}
