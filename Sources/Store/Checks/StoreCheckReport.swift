import Core
import Foundation
import GRDB

/// The full check of `assetflow check`: everything the checks at open look at, plus
/// SQLite's complete `integrity_check`, foreign keys, and every stored value read back.
/// It opens the store read-only and never migrates or repairs.
public struct StoreCheckReport: Sendable {
    /// One line per problem; empty when the store is sound.
    public var problems: [String] = []
    /// What was looked at: the schema version and row counts.
    public var facts: [String] = []
    /// The store comes from a newer AssetFlow: upgrading, not restoring, is the fix.
    public var isFromNewerVersion = false
    /// Derived rows that differ from a replay (also in `problems`): `check --repair` fixes them.
    public var derivedMismatches: [DerivedMismatch] = []

    public var isSound: Bool { problems.isEmpty }
}

extension AssetFlowStore {
    public static func check(path: String, waitNotice: (@Sendable () -> Void)? = AssetFlowStore.printWaitNotice) throws -> StoreCheckReport {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreError.noStore(path: path) }
        var config = Configuration()
        config.readonly = true
        config.label = "assetflow-check"
        let wait = BusyWait(notice: waitNotice)
        config.busyMode = wait.mode
        try PageChecksums.register()  // pages are verified as the checks read them
        do {
            // A store in a folder SQLite cannot create its -shm in is read as immutable.
            let location = StoreAccess.readOnlyReason(path) == nil ? path : StoreAccess.readOnlyLocation(path)
            if let pages = pageChecksumProblems(path) { return pages }
            let queue = try DatabaseQueue(path: location, configuration: config)
            return try queue.inDatabase(check)
        } catch let error as DatabaseError where error.resultCode != .SQLITE_BUSY {
            return StoreCheckReport(problems: ["SQLite cannot read it: \(error.message ?? "\(error)")"])
        }
        catch {
            throw StoreError.translating(error, waited: wait)
        }
    }

    /// Every page of the file read and matched with its checksum (a store whose pages carry
    /// them): the report of the pages that do not match, or nil when all do.
    private static func pageChecksumProblems(_ path: String) -> StoreCheckReport? {
        guard let pages = PageChecksums.verifyFile(path), pages.total > 0 else { return nil }
        var problems = pages.damaged.map { "checksum: page \($0) of \(pages.pages) does not match its checksum (it changed on disk after AssetFlow wrote it)" }
        if pages.total > pages.damaged.count { problems.append("checksum: \(pages.total - pages.damaged.count) more pages do not match theirs") }
        return StoreCheckReport(problems: problems)
    }

    private static func check(_ db: Database) throws -> StoreCheckReport {
        var report = StoreCheckReport()
        // One read transaction, so every check sees the same state of the store. It is
        // rolled back (a damaged page may already have ended it).
        try db.beginTransaction(.deferred)
        defer { if db.isInsideTransaction { try? db.rollback() } }
        if let newer = try StoreChecks.newerSchema(db) {
            report.problems.append(newer)
            report.isFromNewerVersion = true
        }
        let integrity = StoreChecks.integrity(db, full: true, limit: 50)
        report.problems += integrity.map { "integrity_check: \($0)" }
        guard integrity.isEmpty, report.problems.isEmpty else { return report }
        let applied = try StoreChecks.appliedMigrationCount(db)
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        report.facts.append("schema version \(max(version, applied)) (this AssetFlow writes \(Migrations.schemaVersion))")
        if applied < Migrations.schemaVersion {
            report.facts.append("\(Migrations.schemaVersion - applied) migration(s) will run when AssetFlow next opens it")
        }
        let schema = try StoreChecks.schema(db, migrations: applied)
        report.problems += schema.map { "schema: \($0)" }
        guard schema.isEmpty, applied > 0 else { return report }
        report.problems += try StoreChecks.foreignKeys(db).map { "foreign key: \($0)" }
        let values = try StoreChecks.values(db)
        report.problems += values
        if values.isEmpty { try compareDerivedRows(db, into: &report) }
        for (table, noun) in [("portfolio", "portfolio"), ("asset", "asset"), ("asset_transaction", "transaction"), ("price_history", "price")] {
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
            report.facts.append("\(count) \(noun)\(count == 1 ? "" : "s")")
        }
        return report
    }
}

extension AssetFlowStore {
    /// Every position snapshot and quantity checkpoint compared with a replay of its asset's
    /// history (the rows are only read: the check's transaction is rolled back).
    private static func compareDerivedRows(_ db: Database, into report: inout StoreCheckReport) throws {
        guard try db.tableExists(DerivedTable.quantityCheckpoint.rawValue) else { return }  // a store from before checkpoints
        let (mismatches, outdated) = try StoreSession(db: db, today: .today()).derivedMismatches()
        report.derivedMismatches = mismatches
        report.problems += mismatches.map { "derived data: \($0)" }
        for table in outdated {
            report.facts.append("\(table.rawValue) rows of another rule version (rebuilt at the next write)")
        }
    }

    /// Rebuilds every derived row (position snapshots, quantity checkpoints) from a replay of
    /// every asset, in one write transaction; source rows are never touched. Returns how
    /// many stored rows differed from the replay before.
    @discardableResult
    public func repairDerivedData() throws -> [DerivedMismatch] {
        try withSession { session in
            try session.begin()
            let (before, _) = try session.derivedMismatches(limit: .max)
            try session.rebuildDerivedRows()
            try DerivedRuleVersions.write(DerivedTable.allCases, session.db)
            try session.commit()
            return before
        }
    }
}
