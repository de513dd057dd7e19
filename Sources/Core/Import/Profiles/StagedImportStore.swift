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
    /// Placeholder ids start here: above any id a store hands out.
    static let placeholderStart: Int64 = 1 << 62
    private var nextPlaceholder = placeholderStart
    /// Recorded and not yet written, in the order recorded.
    private var staged: [Transaction] = []
    private var stagedIndex: [Int64: Int] = [:]
    /// Per asset, how many staged rows it has (answers "has history" and "needs a flush").
    private var stagedCount: [Int64: Int] = [:]
    private var keys: [StagedImportKey] = []
    /// Placeholder → the id the store gave, for rows already written.
    private var written: [Int64: Int64] = [:]
    private var ledgers: [Int64: AssetLedger] = [:]
    private var assetsByID: [Int64: Asset] = [:]

    /// An asset's stored history plus its staged rows, in ledger order.
    final class AssetLedger {
        var opening: ExactDecimal
        let ledger: HoldingsLedger
        var transactions: [Transaction]

        init(_ history: HoldingsHistory) {
            opening = history.opening
            transactions = history.transactions
            ledger = HoldingsLedger(ordered: history.transactions)
        }

        func add(_ t: Transaction) {
            let key = HoldingsHistory.ledgerKey(t)
            ledger.insert(key, t.quantityImpact)
            if let last = transactions.last, HoldingsHistory.ledgerKey(last) > key {
                let at = transactions.firstIndex { HoldingsHistory.ledgerKey($0) > key }!
                transactions.insert(t, at: at)
            } else {
                transactions.append(t)
            }
        }
    }

    init(base: CommandStore) { self.base = base }

    /// Writes what is staged: the rows in the order recorded, their links, their keys.
    func flush() throws {
        if !staged.isEmpty {
            // Handed over, not copied, so that the store can let them go once written. Their
            // placeholders run on from the first, in the order recorded.
            let rows = staged, first = staged[0].id!
            staged = []
            stagedIndex.removeAll()
            stagedCount.removeAll()
            let ids = try base.insertStaged(consume rows)
            for (i, id) in ids.enumerated() { written[first + Int64(i)] = id }
        }
        if !keys.isEmpty, let keyStore = base as? ImportKeyStore {
            try keyStore.insertImportKeys(keys.map { StagedImportKey(key: $0.key, platform: $0.platform, transaction: realID($0.transaction)) })
        }
        keys.removeAll()
    }

    /// The import's last write (`flush`), when no command follows: the ledgers go first,
    /// so that they are not held while the store writes and replays the rows.
    func finish() throws {
        ledgers.removeAll()
        try flush()
    }

    /// The store's id of a row (written or not yet: placeholders of staged rows stay).
    private func realID(_ id: Int64) -> Int64 { written[id] ?? id }

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
        let at = l.transactions.firstIndex { HoldingsHistory.ledgerKey($0) >= point } ?? l.transactions.count
        let opening = l.transactions[..<at].reduce(l.opening) { $0 + $1.quantityImpact }
        return HoldingsHistory(opening: opening, transactions: Array(l.transactions[at...]))
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
        if let i = stagedIndex[id] { return staged[i] }
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
        t.id = nextPlaceholder
        nextPlaceholder += 1
        try ledger(of: t.assetID).add(t)
        stagedIndex[t.id!] = staged.count
        stagedCount[t.assetID, default: 0] += 1
        staged.append(t)
        return t
    }

    func link(_ a: inout Transaction, _ b: inout Transaction) throws {
        if let i = stagedIndex[a.id!], let j = stagedIndex[b.id!] {
            staged[i].relatedTransactionID = b.id
            staged[j].relatedTransactionID = a.id
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
        keys.append(StagedImportKey(key: key, platform: platform, transaction: transaction))
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
    public func insertStaged(_ transactions: consuming [Transaction]) throws -> [Int64] {
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
