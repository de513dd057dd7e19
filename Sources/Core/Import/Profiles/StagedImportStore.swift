import Foundation

/// A profiled import's write-behind store: the commands of every step run against it
/// unchanged (their rules and messages are the store's), but the transactions they record
/// are kept in memory and written at the end in one bulk write (`insertStaged`), with
/// their links and import keys, instead of one INSERT, holdings query and trigger per row.
///
/// What the rules read about the staged rows is answered from memory: each touched asset's
/// stored history is read once (one query per asset, not per row) into a ledger that the
/// staged rows join (`quantity`, `holdings`, `lowestHoldings`), so a sell is checked
/// against the stored and the staged rows merged by date exactly as after real inserts.
/// Staged rows get placeholder ids above every stored id, in the order they were recorded,
/// so they sort in the ledger as the ids the store gives them will. A read it cannot answer
/// from memory (an asset's current price, an edit of a staged row) first writes what is
/// staged (`flush`), so it is never answered from a stale store.
///
/// Assets, prices and everything else go straight to the store underneath (a handful per
/// file). Nothing is written before the import's checks pass: `ApplyProfileImport` flushes
/// only when no row had a problem, and runs inside the store's transaction.
final class StagedImportStore: CommandStore, ImportKeyStore {
    let base: CommandStore
    /// Placeholder ids start here: above any id a store hands out. Row `i` recorded is
    /// `placeholderStart + i`.
    static let placeholderStart: Int64 = 1 << 62
    /// Every row recorded, in the order recorded, packed (`StagedRows`: about 45 bytes a
    /// row); those from `written.count` on are staged (not yet written). The ledgers point
    /// into it.
    private var recorded = StagedRows()
    /// Per asset, how many staged rows it has (answers "has history" and "needs a flush").
    private var stagedCount: [Int64: Int] = [:]
    /// Import keys waiting for their rows' ids, each with its row's placeholder, all of one
    /// platform (`keysPlatform`, a profiled import's): 32 bytes a key instead of 48, in
    /// blocks (an array of them grew to 262,144: 8.4 MB, 12.6 MB while it doubled).
    private var keys = BlockList<(key: ImportKey, transaction: Int64)>()
    private var keysPlatform = ""
    /// The id the store gave each row already written, by its place in `recorded`.
    private var written: [Int64] = []
    private var ledgers: [Int64: AssetLedger] = [:]
    private var assetsByID: [Int64: Asset] = [:]

    /// An asset's stored history plus its rows recorded here: the ledger's entries, each
    /// with where its row is (`Place`, the entry's payload), not a copy of it.
    final class AssetLedger {
        var opening: ExactDecimal
        let ledger: HoldingsLedger
        /// The stored history as read, packed.
        let stored: StagedRows

        /// A row of `stored` (`index` < 0: `stored[-1 - index]`) or of the store's `recorded`.
        struct Place { var index: Int32 }

        init(_ history: HoldingsHistory) {
            opening = history.opening
            stored = StagedRows(history.transactions)
            ledger = HoldingsLedger()
            for (i, t) in history.transactions.enumerated() {
                ledger.append(HoldingsHistory.ledgerKey(t), t.quantityImpact, payload: Int32(-1 - i))
            }
        }

        /// Adds `t`, recorded at `index`.
        func add(_ t: Transaction, recordedAt index: Int) {
            ledger.insert(HoldingsHistory.ledgerKey(t), t.quantityImpact, payload: Int32(index))
        }
    }

    init(base: CommandStore) { self.base = base }

    /// Writes what is staged: the rows in the order recorded, their links, their keys.
    func flush() throws {
        if written.count < recorded.count { try write(StagedRows(recorded[written.count...])) }
        if !keys.isEmpty, let keyStore = base as? ImportKeyStore {
            // 4,000 at a time (a multiple of the store's 50 a statement): 175,000 keys made
            // at once took 8.4 MB at the very end of the write.
            for start in stride(from: 0, to: keys.count, by: 4000) {
                try keyStore.insertImportKeys((start..<Swift.min(start + 4000, keys.count)).map {
                    StagedImportKey(key: keys[$0].key, platform: keysPlatform, transaction: realID(keys[$0].transaction))
                })
            }
        }
        keys.removeAll()
    }

    /// The import's last write (`flush`), when no command follows: the ledgers and the
    /// recorded rows go, the staged ones handed over (not copied) so that the store can let
    /// them go once written, before it replays them.
    func finish() throws {
        ledgers.removeAll()
        if written.count < recorded.count {
            let rows = written.isEmpty ? recorded : StagedRows(recorded[written.count...])
            recorded = StagedRows()
            try write(consume rows)
        }
        try flush()
    }

    /// Writes `rows`, the staged ones, in bulk.
    private func write(_ rows: consuming StagedRows) throws {
        stagedCount.removeAll()
        written += try base.insertStaged(rows)
    }

    /// The place in `recorded` of a staged row's placeholder; nil for any other id.
    private func stagedPlace(_ id: Int64) -> Int? {
        let i = id &- Self.placeholderStart
        return i >= written.count && i < recorded.count ? Int(i) : nil
    }

    /// The store's id of a row (written or not yet: placeholders of staged rows stay).
    private func realID(_ id: Int64) -> Int64 {
        let i = id &- Self.placeholderStart
        return i >= 0 && i < written.count ? written[Int(i)] : id
    }

    /// The row an entry of `ledger` is.
    private func row(_ place: AssetLedger.Place, of ledger: AssetLedger) -> Transaction {
        place.index < 0 ? ledger.stored[Int(-1 - place.index)] : recorded[Int(place.index)]
    }

    private func ledger(of id: Int64) throws -> AssetLedger {
        if let known = ledgers[id] { return known }
        let start = HoldingsHistory.LedgerKey(date: CalendarDate("0001-01-01")!, id: .min)
        let made = AssetLedger(try base.holdings(ofAsset: id, from: start))
        ledgers[id] = made
        return made
    }

    /// Writes the staged rows first when `asset` has any (a read that depends on them).
    private func flushIfStaged(asset id: Int64) throws {
        if stagedCount[id] != nil { try flush() }
    }

    // MARK: Reads answered from memory

    var today: CalendarDate { base.today }

    func requireAsset(id: Int64) throws -> Asset {
        if let known = assetsByID[id] { return known }
        let asset = try base.requireAsset(id: id)
        assetsByID[id] = asset
        return asset
    }

    func quantity(ofAsset id: Int64) throws -> ExactDecimal {
        let l = try ledger(of: id)
        return l.opening + l.ledger.total
    }

    func holdings(ofAsset id: Int64, from point: HoldingsHistory.LedgerKey) throws -> HoldingsHistory {
        let l = try ledger(of: id)
        var opening = l.opening, rows: [Transaction] = []
        l.ledger.forEach { key, impact, place in
            if key < point { opening = opening + impact } else { rows.append(row(AssetLedger.Place(index: place), of: l)) }
        }
        return HoldingsHistory(opening: opening, transactions: rows)
    }

    func lowestHoldings(ofAsset id: Int64, from: HoldingsHistory.LedgerKey, upTo: HoldingsHistory.LedgerKey?) throws -> ExactDecimal? {
        let l = try ledger(of: id)
        return l.opening + l.ledger.lowest(from: from, upTo: upTo)
    }

    func hasHistory(asset id: Int64) throws -> Bool {
        if stagedCount[id] != nil { return true }
        return try base.hasHistory(asset: id)
    }

    func requireTransaction(id: Int64) throws -> Transaction {
        if let i = stagedPlace(id) { return recorded[i] }
        return try base.requireTransaction(id: realID(id))
    }

    // MARK: Reads the staged rows may change: written first

    /// The stored latest price, without writing the staged rows first (a flush in the middle
    /// of a command would write a pair before it is linked); each staged trade's own price is
    /// checked by the rule itself.
    func priceForValueCheck(ofAsset id: Int64) throws -> ExactDecimal { try base.currentPrice(ofAsset: id) }

    func currentPrice(ofAsset id: Int64) throws -> ExactDecimal {
        try flushIfStaged(asset: id)
        return try base.currentPrice(ofAsset: id)
    }

    func price(ofAsset id: Int64, onOrBefore date: CalendarDate) throws -> ExactDecimal? {
        try flushIfStaged(asset: id)
        return try base.price(ofAsset: id, onOrBefore: date)
    }

    func importContext(for rows: [ImportRow], kind: ImportKind) throws -> ImportContext {
        try flush()
        return try base.importContext(for: rows, kind: kind)
    }

    // MARK: Reads of other records

    func asset(named name: String) throws -> Asset? { try base.asset(named: name) }
    func requirePortfolio(id: Int64) throws -> Portfolio { try base.requirePortfolio(id: id) }
    func portfolio(named name: String) throws -> Portfolio? { try base.portfolio(named: name) }
    func requireCategory(id: Int64) throws -> Category { try base.requireCategory(id: id) }
    func category(named name: String) throws -> Category? { try base.category(named: name) }
    func requirePrice(id: Int64) throws -> PricePoint { try base.requirePrice(id: id) }
    func hasPrice(ofAsset id: Int64, on date: CalendarDate, excluding: Int64?) throws -> Bool {
        try base.hasPrice(ofAsset: id, on: date, excluding: excluding)
    }
    func priceCount(ofAsset id: Int64) throws -> Int { try base.priceCount(ofAsset: id) }
    func assetCount(inPortfolio id: Int64) throws -> Int { try base.assetCount(inPortfolio: id) }
    func savingPlans() throws -> [RegularSavingPlan] { try base.savingPlans() }
    func requireSavingPlan(id: Int64) throws -> RegularSavingPlan { try base.requireSavingPlan(id: id) }
    func assetCount(inCategory id: Int64) throws -> Int { try base.assetCount(inCategory: id) }
    func platforms() throws -> [String] { try base.platforms() }
    func setting(_ key: String) throws -> String? { try base.setting(key) }
    func rateTable(for currencies: Set<String>, through: CalendarDate?) throws -> RateTable {
        try base.rateTable(for: currencies, through: through)
    }

    // MARK: Transactions: staged

    func insert(_ transaction: Transaction) throws -> Transaction {
        var t = transaction
        t.id = Self.placeholderStart + Int64(recorded.count)
        try ledger(of: t.assetID).add(t, recordedAt: recorded.count)
        stagedCount[t.assetID, default: 0] += 1
        recorded.append(t)
        return t
    }

    func link(_ a: inout Transaction, _ b: inout Transaction) throws {
        if let i = stagedPlace(a.id!), let j = stagedPlace(b.id!) {
            recorded.setRelated(i, to: b.id)
            recorded.setRelated(j, to: a.id)
            a.relatedTransactionID = b.id
            b.relatedTransactionID = a.id
            return
        }
        try flush()
        a.id = realID(a.id!)
        b.id = realID(b.id!)
        try base.link(&a, &b)
    }

    func update(_ transaction: Transaction) throws {
        try flush()
        var t = transaction
        t.id = realID(t.id!)
        ledgers[t.assetID] = nil
        try base.update(t)
    }

    func deleteTransaction(id: Int64) throws {
        try flush()
        let t = try base.requireTransaction(id: realID(id))
        ledgers[t.assetID] = nil
        try base.deleteTransaction(id: t.id!)
    }

    func insertImportKey(_ key: ImportKey, platform: String, transaction: Int64) throws {
        if !keys.isEmpty, platform != keysPlatform { try flush() }  // one platform at a time
        keysPlatform = platform
        keys.append((key, transaction))
    }

    func importKeys(platform: String) throws -> Set<ImportKey> {
        try (base as? ImportKeyStore)?.importKeys(platform: platform) ?? []
    }

    func insertImported(_ plan: ImportPlan, newAssetIDs: [Int64]) throws {
        try flush()
        ledgers.removeAll()
        try base.insertImported(plan, newAssetIDs: newAssetIDs)
    }

    // MARK: Other writes: straight to the store

    func insert(_ asset: Asset) throws -> Asset { try base.insert(asset) }

    func update(_ asset: Asset) throws {
        assetsByID[asset.id!] = nil
        try base.update(asset)
    }

    func deleteAsset(id: Int64) throws {
        try flush()
        assetsByID[id] = nil
        ledgers[id] = nil
        try base.deleteAsset(id: id)
    }

    func insert(_ portfolio: Portfolio) throws -> Portfolio { try base.insert(portfolio) }
    func update(_ portfolio: Portfolio) throws { try base.update(portfolio) }
    func deletePortfolio(id: Int64) throws { try base.deletePortfolio(id: id) }
    func insert(_ category: Category) throws -> Category { try base.insert(category) }
    func insert(_ price: PricePoint) throws -> PricePoint { try base.insert(price) }
    func update(_ price: PricePoint) throws { try base.update(price) }
    func deletePrice(id: Int64) throws { try base.deletePrice(id: id) }
    func replaceTargets(portfolio id: Int64, by dimension: AllocationDimension, _ targets: [String: ExactDecimal]) throws {
        try base.replaceTargets(portfolio: id, by: dimension, targets)
    }
    func setSetting(_ key: String, _ value: String?) throws { try base.setSetting(key, value) }
    func store(_ rate: ExchangeRate) throws { try base.store(rate) }
    func insert(_ plan: InvestmentPlan, portfolioID: Int64?) throws -> InvestmentPlan { try base.insert(plan, portfolioID: portfolioID) }
    func insert(_ plan: RegularSavingPlan) throws -> RegularSavingPlan { try base.insert(plan) }
    func setNextDueDate(ofSavingPlan id: Int64, to date: CalendarDate) throws { try base.setNextDueDate(ofSavingPlan: id, to: date) }
    func update(_ plan: RegularSavingPlan) throws { try base.update(plan) }
    func deleteSavingPlan(id: Int64) throws { try base.deleteSavingPlan(id: id) }
    func update(_ category: Category) throws { try base.update(category) }
    func deleteCategory(id: Int64) throws { try base.deleteCategory(id: id) }
    func renamePlatform(_ old: String, to new: String) throws {
        assetsByID.removeAll()
        try base.renamePlatform(old, to: new)
    }
}

/// An import key waiting for its transaction to be written (`ImportKeyStore.insertImportKeys`).
public struct StagedImportKey: Sendable {
    public var key: ImportKey
    public var platform: String
    public var transaction: Int64

    public init(key: ImportKey, platform: String, transaction: Int64) {
        self.key = key
        self.platform = platform
        self.transaction = transaction
    }
}

extension CommandStore {
    /// One row at a time through the plain insert, then the links between them.
    public func insertStaged(_ transactions: consuming StagedRows) throws -> [Int64] {
        var index: [Int64: Int] = [:], stored: [Transaction] = []
        for (i, t) in transactions.enumerated() {
            var plain = t
            plain.relatedTransactionID = nil
            let made = try insert(plain)
            index[t.id!] = i
            stored.append(made)
        }
        for (i, t) in transactions.enumerated() {
            guard let other = t.relatedTransactionID, let j = index[other], i < j else { continue }
            var a = stored[i], b = stored[j]
            try link(&a, &b)
            (stored[i], stored[j]) = (a, b)
        }
        return stored.map { $0.id! }
    }
}
