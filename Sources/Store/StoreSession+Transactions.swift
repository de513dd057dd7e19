import Core
import GRDB

extension StoreSession {
    /// The asset's transactions in date order (ties in the order recorded).
    public func transactions(ofAsset id: Int64) throws -> [Transaction] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT \(TransactionRecord.selection) FROM \(TransactionRecord.table) WHERE asset_id = ? ORDER BY date, id"),
                         arguments: [id]).map(TransactionRecord.read)
    }

    /// Every transaction of the store, grouped by asset, each group in date order: one query,
    /// columns read by position (the whole-store path reads 100,000 rows).
    public func allTransactionsByAsset() throws -> [Int64: [Transaction]] {
        try transactionsByAsset(where: "")
    }

    /// Transactions grouped by asset in (date, id) order, read in place (no String per value).
    func transactionsByAsset(where condition: String) throws -> [Int64: [Transaction]] {
        var groups: [Int64: [Transaction]] = [:]
        try forEachRawRow("SELECT \(TransactionRecord.selection) FROM \(TransactionRecord.table) \(condition) ORDER BY asset_id, date, id") { row in
            let t = try TransactionRecord.read(row)
            groups[t.assetID, default: []].append(t)
        }
        return groups
    }

    public func transaction(id: Int64) throws -> Transaction? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(TransactionRecord.selection) FROM \(TransactionRecord.table) WHERE id = ?"),
                         arguments: [id]).map(TransactionRecord.read)
    }

    /// Records a transaction after checking it against the asset's current holdings: the
    /// `RecordTransaction` command.
    public func record(_ draft: Transaction) throws -> Transaction { try execute(RecordTransaction(draft)) }

    /// The asset's position from all its transactions (cached until the asset changes). A
    /// missing snapshot is written again only inside a write transaction (`storeSnapshot`).
    public func position(ofAsset id: Int64) throws -> Position {
        if let cached = positionCache[id] { return cached.position }
        if let stored = try storedSnapshot(ofAsset: id) {
            positionCache[id] = stored
            return stored.position
        }
        let cached = CachedPosition(try transactions(ofAsset: id))
        positionCache[id] = cached
        try storeSnapshot(cached, ofAsset: id)
        return cached.position
    }

    /// A transaction dated after every other one extends the cached position and its
    /// snapshot; one dated earlier changes history, so the position is recomputed on next
    /// use and the snapshot at commit. False when the snapshot was not written again.
    @discardableResult
    func advanceCachedPosition(with t: Transaction) throws -> Bool {
        guard var cached = positionCache[t.assetID] else { return false }
        if let last = cached.lastDate, (t.date, t.id!) < (last, cached.lastID) {
            positionCache[t.assetID] = nil
            return false
        }
        cached.position.apply(t)
        cached.lastDate = t.date
        cached.lastID = t.id!
        positionCache[t.assetID] = cached
        try storeSnapshot(cached, ofAsset: t.assetID)  // the insert's trigger removed the old one
        return true
    }

    /// The asset's ledger for the holdings rule, read from its history the first time.
    func ledger(ofAsset id: Int64) throws -> HoldingsLedger {
        if let ledger = ledgers[id] { return ledger }
        let ledger = HoldingsLedger()
        try forEachRawRow("SELECT \(TransactionRecord.selection) FROM \(TransactionRecord.table) WHERE asset_id = \(id) ORDER BY date, id") { row in
            let t = try TransactionRecord.read(row)
            ledger.append(HoldingsHistory.ledgerKey(t), t.quantityImpact)
        }
        ledgers[id] = ledger
        return ledger
    }

    /// Position and latest price together.
    public func valuation(ofAsset id: Int64) throws -> Valuation {
        Valuation(position: try position(ofAsset: id), latestPrice: try latestPrice(ofAsset: id))
    }
}
