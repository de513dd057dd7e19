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
            if tables.contains(.transactionMonth) {
                for (id, rows) in replay.transactionMonths.sorted(by: { $0.key < $1.key }) { try storeTransactionMonths(rows, ofAsset: id, after: nil) }
            }
        }
        invalidateAll()
    }

    /// Assets replayed together by `rebuildDerivedRows`.
    static let rebuildChunk = 8

    /// Replays the assets in `ids` (one query) and, when derived rows may be written now,
    /// writes their snapshots; the positions are kept in the session's cache either way.
    /// `seriesToo` (a bulk write, whose paused triggers left these assets' series to be
    /// made again at the commit): their quantity checkpoints and monthly prices are written
    /// from the same transactions now, so that the commit's `keepSeriesInStep` finds them
    /// whole instead of reading every one of those transactions twice more.
    /// `created`: the rows of assets whose every transaction an import wrote (its new assets),
    /// which are not read again; their transactions are made a few assets at a time
    /// (`rebuildChunk`), each chunk's replayed and its rows written before the next is made
    /// (each derived table still gets its rows in asset order).
    func rewriteSnapshots(of ids: Set<Int64>, seriesToo: Bool = false, created: CreatedHistories? = nil) throws {
        guard !ids.isEmpty else { return }
        let sorted = ids.sorted(), createdIDs = created?.ids ?? []
        var read = try transactionsInOrder(ofAssets: sorted.filter { !createdIDs.contains($0) })
        let writing = try mayWriteDerived(.positionSnapshot)
        let chunk = createdIDs.isEmpty ? Swift.max(sorted.count, 1) : Self.rebuildChunk
        for start in stride(from: 0, to: sorted.count, by: chunk) {
            let ids = Array(sorted[start..<Swift.min(start + chunk, sorted.count)])
            var groups: [Int64: [Transaction]] = [:]
            let made = ids.filter(createdIDs.contains)
            var unmade: [Int64] = []
            for (id, history) in zip(made, created?.transactions(of: made) ?? []) {
                if let history { groups[id] = history } else { unmade.append(id) }
            }
            // A text that does not read back: those assets' rows are read instead.
            if !unmade.isEmpty { groups.merge(try transactionsInOrder(ofAssets: unmade)) { a, _ in a } }
            for id in ids where !createdIDs.contains(id) { groups[id] = read.removeValue(forKey: id) }
            try replayAndStore(ids, groups: groups, writing: writing)
            if seriesToo { try rewriteSeries(of: ids, from: groups) }
        }
    }

    /// The replays of `ids` side by side on the cores (they are pure and independent), kept
    /// in the session's cache, and their snapshots written when `writing`.
    private func replayAndStore(_ ids: [Int64], groups: [Int64: [Transaction]], writing: Bool) throws {
        let unknownHeld = ids.map { pendingExtents[$0] != nil && pendingExtents[$0]!.highestHeld == nil }
        let replays = ParallelWork.map(ids.count) { i in
            (cached: CachedPosition(groups[ids[i]] ?? []),
             held: unknownHeld[i] ? AssetExtent.highestHeld(ordered: groups[ids[i]] ?? []) : nil)
        }
        for (i, id) in ids.enumerated() {
            // The replay gives the largest quantity held an import left unknown (`asset_extent`).
            if let held = replays[i].held { pendingExtents[id]!.highestHeld = held }
            positionCache[id] = replays[i].cached
            if writing { try storeSnapshot(replays[i].cached, ofAsset: id) }
        }
    }

    /// The transactions of `ids`, each asset's in (date, id) order. Most of the store's
    /// assets (an import's): one read of the table in rowid order (`+` keeps SQLite off the
    /// index, whose order costs a table lookup a row), each asset's rows then put in order
    /// where they are not (rowid order is id order, so a day's rows already are); a few:
    /// through the index.
    func transactionsInOrder(ofAssets ids: [Int64]) throws -> [Int64: [Transaction]] {
        guard !ids.isEmpty else { return [:] }
        let list = Self.idList(AssetSlots(ids))
        let assets = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM asset")) ?? 0
        guard ids.count * 2 > assets else { return try transactionsByAsset(where: "WHERE asset_id IN (\(list))") }
        var groups: [Int64: [Transaction]] = [:]
        try forEachRawRow("SELECT \(TransactionRecord.selection) FROM \(TransactionRecord.table) WHERE +asset_id IN (\(list))") { row in
            let t = try TransactionRecord.read(row)
            groups[t.assetID, default: []].append(t)
        }
        for id in groups.keys where !groups[id]!.isInOrder(by: \.date) {
            groups[id]!.sort { ($0.date, $0.id ?? 0) < ($1.date, $1.id ?? 0) }
        }
        return groups
    }

    /// The quantity checkpoints, monthly transactions and monthly prices of `ids`, whole, from
    /// their transactions in (date, id) order (`groups`) and one read of their recorded
    /// prices: the rows `quantityLevels`, `keepTransactionMonthsInStep` and `priceSources`
    /// would make from the tables. Derived rows, so a
    /// write that fails now leaves them missing, to be made at the next read or write.
    private func rewriteSeries(of ids: [Int64], from groups: [Int64: [Transaction]]) throws {
        if try mayWriteDerived(.quantityCheckpoint) {
            for id in ids {
                var moves = DatedSeries()
                for t in groups[id] ?? [] { moves.append(Int32(truncatingIfNeeded: t.date.dayNumber), t.type.quantityImpact(t.quantity)) }
                try? storeCheckpoints(QuantityCheckpoint.levels(from: moves), ofAsset: id)
            }
        }
        if try mayWriteDerived(.transactionMonth) {
            for id in ids { storeTransactionMonths(ofAsset: id, history: groups[id] ?? []) }
        }
        guard try mayWriteDerived(.priceMonth) else { return }
        let slots = AssetSlots(ids)
        var recorded = SeriesCollector(count: slots.count)
        var days = DayReader()
        try forEachRawRow("SELECT asset_id, date, price FROM price_history WHERE asset_id IN (\(Self.idList(slots))) ORDER BY asset_id, date") { row in
            guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
            recorded.append(slot, try row.day(1, "date", &days), try row.decimal(2, "price"))
        }
        let prices = recorded.finished()
        for (slot, id) in ids.enumerated() {
            var trades = DatedSeries()
            // `MarketPrices.tradeCondition`, as the tables are read: a buy or sell whose price has a digit other than 0.
            for t in groups[id] ?? [] where (t.type == .buy || t.type == .sell) && !t.pricePerUnit.isZero {
                trades.append(Int32(truncatingIfNeeded: t.date.dayNumber), t.pricePerUnit)
            }
            try? storePriceMonths(PriceMonth.Sources(recorded: prices[slot], trades: PriceMonth.lastOfEachDay(trades)), ofAsset: id, after: nil)
        }
    }
}
