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
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            return try queue.inDatabase(check)
        } catch let error as DatabaseError where error.resultCode != .SQLITE_BUSY {
            return StoreCheckReport(problems: ["SQLite cannot read it: \(error.message ?? "\(error)")"])
        }
        catch {
            throw StoreError.translating(error, waited: wait)
        }
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
        report.problems += try StoreChecks.values(db)
        for (table, noun) in [("portfolio", "portfolio"), ("asset", "asset"), ("asset_transaction", "transaction"), ("price_history", "price")] {
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
            report.facts.append("\(count) \(noun)\(count == 1 ? "" : "s")")
        }
        return report
    }
}
