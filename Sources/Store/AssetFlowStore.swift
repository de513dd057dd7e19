import Core
import Foundation
import GRDB

/// The persistent store: one SQLite file, checked and migrated on open.
///
/// Work happens in a `StoreSession` over one connection: a script run, a REPL session or a
/// command. The session decides when to commit, so that a whole script is all or nothing.
/// Several processes may share a store (a REPL and a cron script): it uses SQLite's WAL,
/// and a writer waits for another writer (saying so after a second) instead of failing.
/// See Documentation/Store.md.
public final class AssetFlowStore {
    private let queue: DatabaseQueue
    private let busyWait: BusyWait?
    public let path: String?
    /// Why the store could only be opened for reading (`StoreAccess`), or nil.
    public let readOnlyReason: String?
    /// Whether opening compared the store's schema in full with the expected one (false: the
    /// store's `SchemaStamp` said this schema had already passed, or the store is in memory).
    let comparedSchemaAtOpen: Bool

    /// Prints "Waiting for another AssetFlow process to finish writing…" on standard error.
    public static let printWaitNotice: @Sendable () -> Void = BusyWait.printNotice

    /// Opens (creating when missing, 0600 in a 0700 folder) the store at `path`, or an
    /// in-memory one when nil. A store that fails the checks at open (see `StoreOpening`)
    /// is an error, and nothing is written to it. `waitNotice` runs when a write has
    /// waited a second for another process; a write gives up after `waitLimit` seconds
    /// (default: $ASSETFLOW_BUSY_TIMEOUT, else 300).
    /// The day sessions take as today when none is given (nil: the clock's). The command
    /// line sets it from ASSETFLOW_TODAY (`ScriptRun.fixedToday`), so a run, and a test, can
    /// be replayed with the same figures whatever the machine's clock says.
    public var today: CalendarDate?

    ///
    /// A store AssetFlow cannot write to (read-only folder or mount, no permission, full disk;
    /// `readOnly` forces it, with the reason) opens read-only: reads work, writes are refused
    /// with the reason (`StoreError.readOnly`).
    ///
    /// A store others may read (made 0644 by an older version) is tightened to 0600, its
    /// -wal and -shm with it, and `modeNotice` says so (standard error by default).
    public init(path: String?, waitNotice: (@Sendable () -> Void)? = AssetFlowStore.printWaitNotice, waitLimit: Double? = nil,
                modeNotice: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
                readOnly: String? = nil) throws {
        try PageChecksums.register()  // before the first connection: every page read is verified
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.label = "assetflow"
        // A 16 MB page cache (SQLite's default is 2 MB): a replay walks the tables in index
        // order, and with the small cache it read, and so verified, the same pages from the
        // file many times (Store.md, "Read cost"). The cache holds only pages read.
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -16384") }
        guard let path else {
            queue = try DatabaseQueue(configuration: config)
            self.path = nil
            busyWait = nil
            readOnlyReason = nil
            comparedSchemaAtOpen = false
            try StoreOpening.prepareInMemory(queue)
            return
        }
        let exists = FileManager.default.fileExists(atPath: path)
        let reason = readOnly ?? (exists ? StoreAccess.readOnlyReason(path) : nil)
        if reason == nil, try !OwnerOnlyFiles.createFile(path), let note = OwnerOnlyFiles.tightenStore(path) { modeNotice(note) }
        let wait = BusyWait(notice: waitNotice, limit: waitLimit ?? BusyWait.giveUpAfter)
        config.busyMode = wait.mode
        config.readonly = reason != nil
        self.path = path
        busyWait = wait
        readOnlyReason = reason
        do {
            queue = try DatabaseQueue(path: reason == nil ? path : StoreAccess.readOnlyLocation(path), configuration: config)
            try queue.inDatabase { db in
                db.add(transactionObserver: PageDamageGuard(db), extent: .databaseLifetime)
                if try reason == nil && (!exists || (Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0) == 0) { PageChecksums.requestReserve(db) }
            }
            comparedSchemaAtOpen = try StoreOpening.prepare(queue, readOnlyReason: reason)
            if reason == nil { try ChecksumConversion.convertIfNeeded(queue, path: path, notice: modeNotice) }
        } catch let error as DatabaseError where PageChecksums.isMismatch(error) {
            throw StoreOpening.damaged("\(PageChecksums.damagedPage(in: error).map { "page \($0)" } ?? "a page") does not match its checksum")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
            // SQLite itself could not read the file (GRDB's first look at the schema, or our
            // checks): the same refusal as a failed quick_check.
            throw StoreOpening.damaged("SQLite cannot read it (\(error.message ?? "\(error.resultCode)"))")
        } catch {
            throw StoreError.translating(error, waited: wait)
        }
    }

    /// Runs `body` with a session over the store's connection. Nothing is committed unless
    /// the body calls `commit()` (or uses autocommit); an open transaction is rolled back.
    ///
    /// `today` is the day the session's rules take as today: the one given, else the store's
    /// `today`, else the clock's.
    public func withSession<T>(today: CalendarDate? = nil, _ body: (StoreSession) throws -> T) throws -> T {
        try queue.inDatabase { db in
            let session = StoreSession(db: db, today: today ?? self.today ?? .today())
            session.busyWait = busyWait
            session.readOnlyReason = readOnlyReason
            defer { if db.isInsideTransaction { try? db.rollback() } }
            return try body(session)
        }
    }

    /// Whether pages read are verified against their checksums (Store.md, "Damage caught on
    /// read"): always, except in the benchmark that measures what it costs
    /// (`scripts/bench checksums`).
    public static func verifyPageChecksums(_ on: Bool) { PageChecksums.setVerifying(on) }

    /// How many pages this process has verified against their checksums so far: for that
    /// benchmark's cost per page.
    public static var pagesVerified: Int { PageChecksums.pagesVerified }

    /// SQLite's `quick_check` of the store at `path` (every page read), as opening ran it
    /// before pages carried checksums: for that benchmark's "before" figure. Returns its first line.
    public static func quickCheck(path: String) throws -> String {
        try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
            .read { try String.fetchOne($0, sql: "PRAGMA quick_check(1)") ?? "" }
    }

    /// Every row of every table, in a stable order: for tests that check a store is unchanged.
    public func contentDump() throws -> String {
        try queue.read { db in
            var lines: [String] = []
            for table in ["portfolio", "asset", "asset_transaction", "price_history", "setting",
                          "category", "portfolio_target", "investment_plan", "saving_plan", "exchange_rate"] {
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1") {
                    lines.append("\(table): \(row)")
                }
            }
            return lines.joined(separator: "\n")
        }
    }
}
