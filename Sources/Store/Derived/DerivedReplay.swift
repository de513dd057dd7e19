import Core

/// What every derived row should hold, from one replay of every asset's history: the
/// reference `assetflow check` compares the stored rows with, and what a rebuild writes.
struct DerivedReplay {
    /// Assets with at least one transaction: the position after the last one (an asset
    /// without transactions has no snapshot).
    var snapshots: [Int64: CachedPosition] = [:]
    /// Every asset's quantity levels (day, quantity at the end of that day).
    var levels: [Int64: DatedSeries] = [:]
    /// Every asset's recorded and trade prices by day (`PriceMonth.Sources`).
    var prices: [Int64: PriceMonth.Sources] = [:]
    /// Every asset's largest quantity held and largest recorded or trade price.
    var extents: [Int64: AssetExtent] = [:]
    /// Every asset's monthly transaction rows (`TransactionMonth`), in month order; none for
    /// an asset without transactions.
    var transactionMonths: [Int64: [(month: String, bytes: [UInt8])]] = [:]

    /// The checkpoint rows of `asset`: (month, packed bytes), in month order.
    func checkpointRows(ofAsset id: Int64) throws -> [(month: String, bytes: [UInt8])] {
        try QuantityCheckpoint.rows(of: levels[id] ?? DatedSeries())
    }
}

extension StoreSession {
    /// Replays every asset (or those in `ids`): three reads of the transactions table, one
    /// of the prices.
    func replayDerived(assets ids: [Int64]? = nil) throws -> DerivedReplay {
        var replay = DerivedReplay()
        let assetIDs = try ids ?? Int64.fetchAll(db, sql: "SELECT id FROM asset ORDER BY id")
        guard !assetIDs.isEmpty else { return replay }
        let condition = ids == nil ? "" : "WHERE asset_id IN (\(assetIDs.map(String.init).joined(separator: ",")))"
        for id in assetIDs { replay.transactionMonths[id] = [] }
        for (id, history) in try transactionsByAsset(where: condition) {
            replay.snapshots[id] = CachedPosition(history)
            replay.extents[id] = AssetExtent(ordered: history, prices: [])
            if replay.transactionMonths[id] != nil { replay.transactionMonths[id] = try TransactionMonth.rows(of: history) }
        }
        let slots = AssetSlots(assetIDs)
        let moves = try unitMoves(slots, scan: ids == nil)
        for (slot, id) in slots.ids.enumerated() { replay.levels[id] = QuantityCheckpoint.levels(from: moves[slot]) }
        let prices = try readPriceSources(slots.ids.map { ($0, nil) })
        for (slot, id) in slots.ids.enumerated() {
            replay.prices[id] = prices[slot]
            replay.extents[id] = AssetExtent(ordered: [], prices: prices[slot].recorded.values)
                .combined(with: replay.extents[id] ?? AssetExtent(highestHeld: 0, highestPrice: 0))
        }
        return replay
    }
}

extension CachedPosition {
    /// The position after every transaction of `history` (date order), with the last one's key.
    init(_ history: [Transaction]) {
        self.init(position: Position.of(history), lastDate: history.last?.date, lastID: history.last?.id ?? 0)
    }
}
