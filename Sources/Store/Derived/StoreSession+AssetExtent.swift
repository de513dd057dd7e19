import Core
import GRDB

/// Each asset's largest quantity held and largest price (`asset_extent`, `AssetExtent`) and
/// the history value rule (`ConversionRange.checkHistory`) at every write, without reading
/// the asset's history again for the common writes.
///
/// The store's own writes note what they change (`SessionCommandStore+Writes`, the bulk
/// inserts of imports): a transaction added after the asset's last one or a price added
/// can only raise the maxima, to the quantity held after it and to its price, from the row
/// as it was before the write (read first: the triggers delete it). Anything else (a
/// backdated, edited or deleted transaction, an edited or deleted price, an import's rows)
/// leaves that maximum unknown, and it is computed from the history (one read of the
/// asset's transactions or prices). As each command ends (`atomically`, `commit`), every
/// asset it touched is checked and its row written again: a write past the rule is refused
/// with `ConversionRange.historyMessage`, and the command, whatever door it came through,
/// changes nothing.
struct PendingExtent {
    /// The maxima so far; nil when unknown (computed from the history at the check).
    var highestHeld: ExactDecimal?
    var highestPrice: ExactDecimal?
}

extension StoreSession {
    /// The asset's stored row; nil when there is none (or rows of another rule).
    func storedExtent(ofAsset id: Int64) throws -> AssetExtent? {
        guard try derivedRowsAreCurrent(.assetExtent) else { return nil }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT highest_held, highest_price FROM asset_extent WHERE asset_id = ?"),
                                         arguments: [id]) else { return nil }
        return AssetExtent(highestHeld: try row.decimal("highest_held"), highestPrice: try row.decimal("highest_price"))
    }

    /// Before the store changes the asset's transactions or prices: its maxima as stored.
    func willChangeExtent(ofAsset id: Int64) throws {
        guard pendingExtents[id] == nil else { return }
        let stored = try storedExtent(ofAsset: id)
        pendingExtents[id] = PendingExtent(highestHeld: stored?.highestHeld, highestPrice: stored?.highestPrice)
    }

    /// After a write that can only raise the maxima: to `held` and to `price` (nil: unchanged).
    func extentGrew(ofAsset id: Int64, held: ExactDecimal? = nil, price: ExactDecimal? = nil) {
        guard var pending = pendingExtents[id] else { return }
        if let held { pending.highestHeld = pending.highestHeld.map { Swift.max($0, held.magnitude) } }
        if let price { pending.highestPrice = pending.highestPrice.map { Swift.max($0, price.magnitude) } }
        pendingExtents[id] = pending
    }

    /// After a write whose effect on the maxima is not known without the history (the other
    /// maximum stays as `willChangeExtent` read it, when it was called before the write).
    func extentUnknown(ofAssets ids: some Sequence<Int64>, held: Bool = true, price: Bool = true) {
        for id in ids {
            var pending = pendingExtents[id] ?? PendingExtent()
            if held { pending.highestHeld = nil }
            if price { pending.highestPrice = nil }
            pendingExtents[id] = pending
        }
    }

    /// The rule for every asset the command touched; rows written again. Throws the rule's
    /// refusal (the caller's savepoint then undoes the command).
    func checkPendingExtents() throws {
        guard !pendingExtents.isEmpty else { return }
        let pending = pendingExtents
        pendingExtents.removeAll()
        let writing = try mayWriteDerived(.assetExtent)
        for (id, known) in pending.sorted(by: { $0.key < $1.key }) {
            guard let name = try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM asset WHERE id = ?"), arguments: [id]) else { continue }
            let extent = AssetExtent(highestHeld: try known.highestHeld ?? highestHeldFromHistory(ofAsset: id),
                                     highestPrice: try known.highestPrice ?? highestPriceFromHistory(ofAsset: id))
            do {
                try ConversionRange.checkHistory(extent, asset: name)
            } catch {
                pendingExtents = pending  // the caller's rollback drops them with the rows
                throw error
            }
            if writing { try storeExtent(extent, ofAsset: id) }
        }
    }

    func storeExtent(_ extent: AssetExtent, ofAsset id: Int64) throws {
        try db.cachedStatement(sql: """
            INSERT INTO asset_extent(asset_id, highest_held, highest_price) VALUES (?, ?, ?)
            ON CONFLICT(asset_id) DO UPDATE SET highest_held = excluded.highest_held, highest_price = excluded.highest_price
            """).execute(arguments: [id, try extent.highestHeld.storedText(), try extent.highestPrice.storedText()])
    }

    /// The asset's maxima from its history (two reads), for the check of a restored store.
    func extentFromHistory(ofAsset id: Int64) throws -> AssetExtent {
        AssetExtent(highestHeld: try highestHeldFromHistory(ofAsset: id), highestPrice: try highestPriceFromHistory(ofAsset: id))
    }

    /// One read of the asset's transactions in ledger order.
    func highestHeldFromHistory(ofAsset id: Int64) throws -> ExactDecimal {
        var history: [Transaction] = []
        try forEachRawRow("SELECT \(TransactionRecord.selection) FROM \(TransactionRecord.table) WHERE asset_id = \(id) ORDER BY date, id") { row in
            history.append(try TransactionRecord.read(row))
        }
        return AssetExtent.highestHeld(ordered: history)
    }

    /// The largest of the asset's recorded prices and trade prices: SQLite picks the few
    /// whose floating-point value is within 10^-6 of the largest (an aggregate read, nothing
    /// decoded in Swift), and they are compared exactly (a double is off by 10^-16 at most).
    func highestPriceFromHistory(ofAsset id: Int64) throws -> ExactDecimal {
        var highest = ExactDecimal.zero
        let sql = """
            WITH p(price) AS (SELECT price FROM price_history WHERE asset_id = ?1
                              UNION ALL SELECT price FROM asset_transaction WHERE asset_id = ?1 AND \(MarketPrices.tradeCondition))
            SELECT price FROM p WHERE CAST(price AS REAL) >= (SELECT MAX(CAST(price AS REAL)) FROM p) * 0.999999
            """
        for text in try String.fetchAll(db.cachedStatement(sql: sql), arguments: [id]) {
            highest = Swift.max(highest, try ExactDecimal.parse(text).magnitude)
        }
        return highest
    }
}
