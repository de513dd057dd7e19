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
    /// made again at the commit): their quantity checkpoints, monthly transactions and monthly prices are written
    /// from the same transactions now, so that the commit's `keepSeriesInStep` finds them
    /// whole instead of reading every one of those transactions twice more.
    /// `created`: the rows of assets whose every transaction an import wrote (its new assets),
    /// which are not read again: each is replayed from them one transaction at a time
    /// (`ReplayFold`), a few assets at a time (`rebuildChunk`), each chunk's rows written
    /// before the next (each derived table still gets its rows in asset order).
    func rewriteSnapshots(of ids: Set<Int64>, seriesToo: Bool = false, created: CreatedHistories? = nil) throws {
        guard !ids.isEmpty else { return }
        let sorted = ids.sorted(), createdIDs = created?.ids ?? []
        var read = try transactionsInOrder(ofAssets: sorted.filter { !createdIDs.contains($0) })
        let writing = try mayWriteDerived(.positionSnapshot)
        let checkpoints = try seriesToo && mayWriteDerived(.quantityCheckpoint)
        let prices = try seriesToo && mayWriteDerived(.priceMonth)
        let months = try seriesToo && mayWriteDerived(.transactionMonth)
        let chunk = createdIDs.isEmpty ? Swift.max(sorted.count, 1) : Self.rebuildChunk
        for start in stride(from: 0, to: sorted.count, by: chunk) {
            let ids = Array(sorted[start..<Swift.min(start + chunk, sorted.count)])
            let wants = ids.map { id in
                ReplayFold.Wants(held: pendingExtents[id] != nil && pendingExtents[id]!.highestHeld == nil, moves: checkpoints, trades: prices,
                                 months: months)
            }
            var groups: [Int64: [Transaction]] = [:]
            for id in ids where !createdIDs.contains(id) { groups[id] = read.removeValue(forKey: id) }
            // Side by side on the cores (they are pure and independent).
            var folds: [ReplayFold?] = ParallelWork.map(ids.count) { i in
                if let created, createdIDs.contains(ids[i]) {
                    var fold = ReplayFold(wants[i])
                    return created.forEach(of: ids[i]) { fold.add($0) } ? fold : nil
                }
                return ReplayFold(groups[ids[i]] ?? [], wants[i])
            }
            // A text that does not read back: those assets' rows are read instead.
            let unmade = ids.indices.filter { folds[$0] == nil }
            if !unmade.isEmpty {
                let again = try transactionsInOrder(ofAssets: unmade.map { ids[$0] })
                for i in unmade { folds[i] = ReplayFold(again[ids[i]] ?? [], wants[i]) }
            }
            groups = [:]
            try store(ids, folds.map { $0! }, writing: writing)
            if checkpoints || prices || months {
                try rewriteSeries(of: ids, from: folds.map { $0! }, checkpoints: checkpoints, months: months, prices: prices)
            }
        }
    }

    /// The replays of `ids` kept in the session's cache, and their snapshots written when `writing`.
    private func store(_ ids: [Int64], _ folds: [ReplayFold], writing: Bool) throws {
        for (i, id) in ids.enumerated() {
            // The replay gives the largest quantity held an import left unknown (`asset_extent`).
            if let held = folds[i].highestHeld { pendingExtents[id]!.highestHeld = held }
            positionCache[id] = folds[i].cached
            if writing { try storeSnapshot(folds[i].cached, ofAsset: id) }
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
    /// their transactions in (date, id) order (`folds`) and one read of their recorded prices:
    /// the rows `quantityLevels`, `keepTransactionMonthsInStep` and `priceSources` would make
    /// from the tables. Derived rows, so a write that fails now leaves them missing, to be
    /// made at the next read or write.
    private func rewriteSeries(of ids: [Int64], from folds: [ReplayFold], checkpoints: Bool, months: Bool, prices: Bool) throws {
        if checkpoints {
            for (i, id) in ids.enumerated() { try? storeCheckpoints(QuantityCheckpoint.levels(from: folds[i].moves), ofAsset: id) }
        }
        if months {
            for (i, id) in ids.enumerated() {
                if let rows = folds[i].transactionMonths { try? storeTransactionMonths(rows, ofAsset: id, after: nil) }
            }
        }
        guard prices else { return }
        let slots = AssetSlots(ids)
        var recorded = SeriesCollector(count: slots.count)
        var days = DayReader()
        try forEachRawRow("SELECT asset_id, date, price FROM price_history WHERE asset_id IN (\(Self.idList(slots))) ORDER BY asset_id, date") { row in
            guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
            recorded.append(slot, try row.day(1, "date", &days), try row.decimal(2, "price"))
        }
        let recordedPrices = recorded.finished()
        for (slot, id) in ids.enumerated() {
            try? storePriceMonths(PriceMonth.Sources(recorded: recordedPrices[slot], trades: PriceMonth.lastOfEachDay(folds[slot].trades)),
                                  ofAsset: id, after: nil)
        }
    }
}

/// What the rewrite of an asset's derived rows takes from its transactions, in (date, id)
/// order, gathered in one pass (`add`) so that they need not be held: the position after
/// them and the last one's key (`CachedPosition`), and as asked the largest quantity held
/// (`AssetExtent.highestHeld`), the quantity moves the checkpoints are made from and the
/// trades' prices (`MarketPrices.tradeCondition`: a buy or sell whose price has a digit
/// other than 0).
struct ReplayFold {
    struct Wants {
        var held: Bool
        var moves: Bool
        var trades: Bool
        var months: Bool
    }

    private let wants: Wants
    private var position = Position()
    private var lastDate: CalendarDate?
    private var lastID: Int64 = 0
    private var held = ExactDecimal.zero, highest = ExactDecimal.zero
    private(set) var moves = DatedSeries()
    private(set) var trades = DatedSeries()
    private var months = TransactionMonth.Packer()
    private var monthsFailed = false

    init(_ wants: Wants) { self.wants = wants }

    /// `history` (in order) gathered.
    init(_ history: [Transaction], _ wants: Wants) {
        self.init(wants)
        for t in history { add(t) }
    }

    mutating func add(_ t: Transaction) {
        position.apply(t)
        lastDate = t.date
        lastID = t.id ?? 0
        if wants.held {
            held += t.quantityImpact
            highest = Swift.max(highest, held.magnitude)
        }
        if wants.moves { moves.append(Int32(truncatingIfNeeded: t.date.dayNumber), t.type.quantityImpact(t.quantity)) }
        if wants.trades, t.type == .buy || t.type == .sell, !t.pricePerUnit.isZero {
            trades.append(Int32(truncatingIfNeeded: t.date.dayNumber), t.pricePerUnit)
        }
        if wants.months, !monthsFailed {
            do { try months.add(t) } catch { monthsFailed = true }
        }
    }

    /// The monthly transaction rows, when asked and every transaction could be packed (else
    /// nil: the rows are made from the table at the commit).
    var transactionMonths: [(month: String, bytes: [UInt8])]? { wants.months && !monthsFailed ? months.finished() : nil }

    var cached: CachedPosition { CachedPosition(position: position, lastDate: lastDate, lastID: lastID) }
    /// The largest |quantity held| after any transaction, when asked.
    var highestHeld: ExactDecimal? { wants.held ? highest : nil }
}
