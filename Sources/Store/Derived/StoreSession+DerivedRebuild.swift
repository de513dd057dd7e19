import Core
import GRDB

/// Writing derived rows again from a replay: at a change of rule, `check --repair`, and
/// the snapshots of the assets an import or a backdated write touched.
extension StoreSession {
    /// Empties `tables` and writes every row again from a replay of every asset, a few
    /// assets at a time (`rebuildChunk`): replaying every asset at once held the whole
    /// history while the rows were written (`check --repair` peaked at 76 MB on the
    /// benchmark store). Each asset's rows are the same either way. Source rows are not
    /// touched. The caller holds a write transaction.
    func rebuildDerivedRows(_ tables: [DerivedTable] = DerivedTable.allCases) throws {
        for table in tables { try db.execute(sql: "DELETE FROM \(table.rawValue)") }
        let ids = try Int64.fetchAll(db, sql: "SELECT id FROM asset ORDER BY id")
        for start in stride(from: 0, to: ids.count, by: Self.rebuildChunk) {
            let replay = try replayDerived(assets: Array(ids[start..<min(start + Self.rebuildChunk, ids.count)]))
            if tables.contains(.positionSnapshot) {
                for (id, cached) in replay.snapshots.sorted(by: { $0.key < $1.key }) { try storeSnapshot(cached, ofAsset: id) }
            }
            if tables.contains(.quantityCheckpoint) {
                for (id, levels) in replay.levels.sorted(by: { $0.key < $1.key }) { try storeCheckpoints(levels, ofAsset: id) }
            }
            if tables.contains(.priceMonth) {
                for (id, sources) in replay.prices.sorted(by: { $0.key < $1.key }) { try storePriceMonths(sources, ofAsset: id, after: nil) }
            }
            if tables.contains(.assetExtent) {
                for (id, extent) in replay.extents.sorted(by: { $0.key < $1.key }) { try storeExtent(extent, ofAsset: id) }
            }
        }
        invalidateAll()
    }

    /// Assets replayed together by `rebuildDerivedRows`.
    static let rebuildChunk = 8

    /// Replays the assets in `ids` (one query) and, when derived rows may be written now,
    /// writes their snapshots; the positions are kept in the session's cache either way.
    func rewriteSnapshots(of ids: Set<Int64>) throws {
        guard !ids.isEmpty else { return }
        let sorted = ids.sorted()
        let groups = try transactionsByAsset(where: "WHERE asset_id IN (\(sorted.map(String.init).joined(separator: ",")))")
        let writing = try mayWriteDerived(.positionSnapshot)
        for id in sorted {
            // The replay gives the largest quantity held an import left unknown (`asset_extent`).
            if pendingExtents[id] != nil, pendingExtents[id]!.highestHeld == nil {
                pendingExtents[id]!.highestHeld = AssetExtent.highestHeld(ordered: groups[id] ?? [])
            }
            let cached = CachedPosition(groups[id] ?? [])
            positionCache[id] = cached
            if writing { try storeSnapshot(cached, ofAsset: id) }
        }
    }
}
