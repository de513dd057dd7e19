import Core
import GRDB

/// Access to the store over one connection, for the length of a script, a REPL session or a
/// command. Every write goes through the business rules of Core; every derived figure is
/// computed from stored rows (cached per asset; `DerivedCacheObserver` drops what a change
/// makes stale).
public final class StoreSession {
    let db: Database
    /// "Today" for the date rules: taken once, passed in, so tests can fix it.
    public var today: CalendarDate
    /// Each asset's position with the (date, id) of the last transaction applied, so that a
    /// transaction recorded after it is applied incrementally instead of rescanning history.
    var positionCache: [Int64: CachedPosition] = [:]
    var latestPriceCache: [Int64: PricePoint?] = [:]
    /// The last performance scope's history (StoreSession+PerformanceRecords.swift).
    var performanceRecordsCache: CachedPerformanceRecords?
    /// Each asset's ledger for the holdings rule, built at its first backdated write and kept
    /// in step by every write after it (`HoldingsLedger`): further backdated writes are checked
    /// without reading the history. Dropped at the end of a store transaction (another
    /// process may write after it) and whenever the caches are.
    var ledgers: [Int64: HoldingsLedger] = [:]
    /// Assets whose snapshot a write removed (the triggers) without writing it again: a
    /// backdated, edited or deleted transaction. `commit` writes each once.
    var unsnapshotted: Set<Int64> = []
    /// Assets whose transactions or prices the running command changed, with what is known
    /// of their maxima: checked and written as it ends (`StoreSession+AssetExtent`).
    var pendingExtents: [Int64: PendingExtent] = [:]
    /// The derived tables whose stored rows this build's rule made (nil: not looked up since
    /// the last commit of another connection or rollback). See `DerivedTable`.
    var currentDerivedTables: Set<DerivedTable>?
    /// Off: every change of an asset's ledger reads its history for the holdings rule, as
    /// before the ledgers (the reference the tests compare the quick check with).
    var quickHoldingsCheck = true
    /// Off: timelines and performance read prices and quantities from the source tables only,
    /// never from the per-asset series (`price_month`, `quantity_checkpoint`): the reference
    /// implementation the tests compare every figure with, and the benchmarks' "reference" rows.
    public var readsDerivedSeries = true
    /// Rows added, changed and deleted per kind since the last reset: for --dry-run.
    public private(set) var changes = ChangeCounter()
    /// The connection's count of changed rows (triggers' included) when the store transaction
    /// began: `commit` keeps the derived series in step only when a row changed since, so a
    /// transaction that wrote nothing writes nothing (and skips the look for missing rows).
    var changesAtBegin: Int?
    /// How this connection waits for other writers (nil in memory): for the busy message.
    var busyWait: BusyWait?
    /// Why the store is open for reading only (`StoreAccess`); nil when it may be written.
    public internal(set) var readOnlyReason: String?
    /// `PRAGMA data_version` when the caches above were last known to match the store.
    /// Another connection's commit (another process: a cron script while the REPL is open)
    /// changes it; the caches are then dropped before anything reads them.
    private var seenDataVersion: Int64?
    /// Hears every change of a source row and drops the caches it makes stale.
    private(set) var cacheObserver: DerivedCacheObserver!

    init(db: Database, today: CalendarDate) {
        self.db = db
        self.today = today
        cacheObserver = DerivedCacheObserver(session: self)
        db.add(transactionObserver: cacheObserver, extent: .observerLifetime)
    }

    // MARK: Transactions of the store

    public var isInsideTransaction: Bool { db.isInsideTransaction }

    /// Begins a write transaction: takes the write lock now (waiting for another writer),
    /// so that a script never fails halfway on a lock another process took after it read.
    /// Derived tables of another rule's version are rebuilt here, in a write the user asked for.
    public func begin() throws {
        // Read-only: a read transaction, so reading scripts and commands run; the first write
        // is refused with the reason (`translatingReadOnly`).
        if readOnlyReason != nil { return try beginReading() }
        do {
            try db.beginTransaction(.immediate)
            changesAtBegin = db.totalChangesCount
            try dropCachesIfOthersCommitted()
            try renewOutdatedDerivedTables()
        } catch {
            throw StoreError.translating(error, waited: busyWait)
        }
    }

    /// Begins a read transaction: it sees the store as of its first read and never waits
    /// for a writer (WAL). For reports and other work that is rolled back anyway.
    public func beginReading() throws {
        do {
            try db.beginTransaction(.deferred)
            try dropCachesIfOthersCommitted()
        } catch {
            throw StoreError.translating(error, waited: busyWait)
        }
    }

    /// Drops every cache when another connection has committed since they were filled.
    /// Called as each transaction of this session starts: inside one, no other connection
    /// can change what it sees.
    func dropCachesIfOthersCommitted() throws {
        let version = try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        if version != seenDataVersion {
            if seenDataVersion != nil { invalidateAll() }
            seenDataVersion = version
        }
    }

    /// Writes the snapshots the run's backdated changes removed (one replay per asset,
    /// not one per change) and extends the per-asset series its changes shortened
    /// (`keepSeriesInStep`), then commits.
    public func commit() throws {
        if readOnlyReason != nil {  // nothing was written (writes are refused): end the read
            if db.isInsideTransaction { try db.rollback() }
            return
        }
        try checkPendingExtents()
        try writeDeferredSnapshots()
        if changesAtBegin != db.totalChangesCount { try keepSeriesInStepIfPossible() }
        try db.commit()
        changesAtBegin = nil
        ledgers.removeAll()
    }

    /// Runs `body`; a write SQLite refused because the store is open read-only becomes
    /// `StoreError.readOnly` with the reason.
    public func translatingReadOnly<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as DatabaseError where readOnlyReason != nil && error.resultCode == .SQLITE_READONLY {
            throw StoreAccess.refusal(readOnlyReason!)
        }
    }

    public func rollback() throws {
        if db.isInsideTransaction { try db.rollback() }
        invalidateAll()
        unsnapshotted.removeAll()
        pendingExtents.removeAll()
    }

    /// Runs `body` all or nothing: a savepoint inside a transaction, a transaction outside.
    /// Every command runs this way (`execute`); the REPL runs each statement this way too.
    public func atomically<T>(_ body: () throws -> T) throws -> T {
        var result: T?
        let startsTransaction = !db.isInsideTransaction
        let extentsBefore = pendingExtents
        do {
            try translatingReadOnly {
                try db.inSavepoint {
                    if startsTransaction { try dropCachesIfOthersCommitted() }
                    result = try body()
                    if readOnlyReason == nil { try checkPendingExtents() }  // every command's writes, at its end
                    if startsTransaction, readOnlyReason == nil { try writeDeferredSnapshots(); try keepSeriesInStepIfPossible() }
                    return .commit
                }
            }
        } catch {
            invalidateAll()
            pendingExtents = extentsBefore
            throw error
        }
        return result!
    }

    func invalidateAll() {
        positionCache.removeAll()
        latestPriceCache.removeAll()
        performanceRecordsCache = nil
        ledgers.removeAll()
        currentDerivedTables = nil
    }

    /// Counts a change for --dry-run. Every write of the store's own passes here, so the
    /// last performance records (which depend on scopes, assets and settings) go too.
    func noteChange(_ kind: String, _ change: ChangeCounter.Change, count: Int = 1) {
        changes.record(kind, change, count: count)
        performanceRecordsCache = nil
    }

    public func resetChangeCounter() { changes = ChangeCounter() }

    // MARK: Settings

    /// A cached statement: every asset's value reads `prices_from_trades` (compiling the
    /// query each time was 3.8 M instructions of valuing 50 assets, callgrind).
    public func setting(_ key: String) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM setting WHERE key = ?"), arguments: [key])
    }

    /// Writes a setting; changes go through a command (`SetFinancialGoal`).
    func writeSetting(_ key: String, _ value: String?) throws {
        if let value {
            try db.execute(sql: "INSERT INTO setting(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", arguments: [key, value])
        } else {
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
        }
        noteChange("setting", .changed)
        if key == MarketPrices.settingKey { invalidateAll() }  // every cached latest price may change
    }
}

struct CachedPosition {
    var position: Position
    var lastDate: CalendarDate?
    var lastID: Int64
}

/// Counts rows added, changed and deleted per kind.
public struct ChangeCounter: Equatable, Sendable {
    public enum Change: Sendable { case added, changed, deleted }
    public private(set) var counts: [String: [Int]] = [:]

    public init() {}

    mutating func record(_ kind: String, _ change: Change, count: Int = 1) {
        guard count > 0 else { return }
        var row = counts[kind] ?? [0, 0, 0]
        switch change {
        case .added: row[0] += count
        case .changed: row[1] += count
        case .deleted: row[2] += count
        }
        counts[kind] = row
    }

    public var isEmpty: Bool { counts.isEmpty }

    /// Rows added, changed and deleted, of every kind.
    public var total: Int { counts.values.reduce(0) { $0 + $1.reduce(0, +) } }

    /// "transaction: 3 added, 0 changed, 0 deleted" per kind, sorted.
    public var summary: [String] {
        counts.keys.sorted().map { kind in
            let c = counts[kind]!
            return "\(kind): \(c[0]) added, \(c[1]) changed, \(c[2]) deleted"
        }
    }
}
