import Core
import GRDB

/// Writing derived rows again from a replay: at a change of rule, `check --repair`, and
/// the snapshots of the assets an import or a backdated write touched.
extension StoreSession {
    /// Empties `tables` and writes every row again from a replay of every asset. Source
    /// rows are not touched. The caller holds a write transaction.
    @discardableResult
    func rebuildDerivedRows(_ tables: [DerivedTable] = DerivedTable.allCases) throws -> DerivedReplay {
        let replay = try replayDerived()
        if tables.contains(.positionSnapshot) {
            try db.execute(sql: "DELETE FROM position_snapshot")
            for (id, cached) in replay.snapshots.sorted(by: { $0.key < $1.key }) { try storeSnapshot(cached, ofAsset: id) }
        }
        if tables.contains(.quantityCheckpoint) {
            try db.execute(sql: "DELETE FROM quantity_checkpoint")
            for (id, levels) in replay.levels.sorted(by: { $0.key < $1.key }) { try storeCheckpoints(levels, ofAsset: id) }
        }
        if tables.contains(.priceMonth) {
            try db.execute(sql: "DELETE FROM price_month")
            for (id, sources) in replay.prices.sorted(by: { $0.key < $1.key }) { try storePriceMonths(sources, ofAsset: id, after: nil) }
        }
        if tables.contains(.assetExtent) {
            try db.execute(sql: "DELETE FROM asset_extent")
            for (id, extent) in replay.extents.sorted(by: { $0.key < $1.key }) { try storeExtent(extent, ofAsset: id) }
        }
        invalidateAll()
        return replay
    }

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
