import GRDB

/// What happens between opening a store file and the first session, in this order:
///
/// 1. a store written by a newer AssetFlow is refused (`user_version`, unknown migrations);
/// 2. no full scan when the store's pages carry checksums (every page is verified as it is
///    read: `PageChecksums`); SQLite's `quick_check` must pass for one whose pages do not yet;
/// 3. the schema must be the one its applied migrations build (nothing dropped or altered),
///    and a database with tables but no AssetFlow migration is refused as foreign; this
///    comparison is skipped when the store's `SchemaStamp` says its schema already passed it
///    and has not changed since (the usual open: no scratch database, no schema read);
/// 4. only then is anything written: WAL journal mode, pending migrations, `user_version`,
///    and the stamp after a comparison.
///
/// A store that fails a check is never written to: the error says why and names
/// `assetflow check`.
enum StoreOpening {
    /// Returns whether the schema was compared in full (false: the stamp was current).
    @discardableResult
    static func prepare(_ queue: DatabaseQueue, readOnlyReason: String? = nil) throws -> Bool {
        if let reason = readOnlyReason { return try checkReadOnly(queue, reason: reason) }
        var (pending, compared) = try queue.inDatabase { db -> (Bool, Int?) in
            // One read transaction, so every check sees the same snapshot: another process
            // creating the same new store may commit a migration between two reads, and
            // tables seen without their migration would look like a foreign database.
            let (applied, compared) = try readSnapshot(db) {
                if let newer = try StoreChecks.newerSchema(db) { throw StoreError.newerSchema(newer) }
                try checkUnverifiedPages(db)
                let applied = try StoreChecks.appliedMigrationCount(db)
                return (applied, try checkSchema(db, migrations: applied))
            }
            try useWriteAheadLog(db)
            return (applied < Migrations.schemaVersion, compared)
        }
        if pending {
            try migrate(queue)
            compared = try queue.inDatabase { db in
                try readSnapshot(db) {
                    if let first = try StoreChecks.schema(db, migrations: Migrations.schemaVersion).first { throw damaged(first) }
                    return try SchemaStamp.cookie(db)
                }
            }
            pending = false
        }
        try queue.inDatabase { db in
            try recordSchemaVersion(db)
            if let compared { try SchemaStamp.record(db, comparedAt: compared) }
        }
        return compared != nil
    }

    /// The schema check of step 3: nothing when the stamp is current, else the full
    /// comparison. Returns the schema cookie the comparison passed at (to record), or nil
    /// when it was skipped.
    private static func checkSchema(_ db: Database, migrations applied: Int) throws -> Int? {
        if applied == Migrations.schemaVersion, try SchemaStamp.isCurrent(db) { return nil }
        if let first = try StoreChecks.schema(db, migrations: applied).first { throw damaged(first) }
        return try SchemaStamp.cookie(db)
    }

    /// The checks of a store opened read-only; nothing is written (no WAL switch, no
    /// migration). A store whose schema needs migrating cannot be used until it can be written.
    private static func checkReadOnly(_ queue: DatabaseQueue, reason: String) throws -> Bool {
        try queue.inDatabase { db in
            try readSnapshot(db) {
                if let newer = try StoreChecks.newerSchema(db) { throw StoreError.newerSchema(newer) }
                try checkUnverifiedPages(db)
                let applied = try StoreChecks.appliedMigrationCount(db)
                let compared = try checkSchema(db, migrations: applied) != nil
                if applied < Migrations.schemaVersion {
                    throw StoreError.readOnly("The store is read-only (\(reason)) and was written by an older AssetFlow: "
                        + "its schema must be upgraded, which needs writing to it. Nothing was written.")
                }
                return compared
            }
        }
    }

    /// The integrity part of the checks at open. A store whose pages carry checksums needs
    /// no scan: each page is verified as it is read. One whose pages do not yet (made by an
    /// older AssetFlow, converted after these checks; read-only) gets SQLite's `quick_check`,
    /// which reads every page.
    private static func checkUnverifiedPages(_ db: Database) throws {
        guard !PageChecksums.isVerified(db) else { return }
        let integrity = StoreChecks.integrity(db, full: false, limit: 3)
        if let first = integrity.first { throw damaged("SQLite's check found: \(first)") }
    }

    /// Prepares an in-memory store: only its migrations.
    static func prepareInMemory(_ queue: DatabaseQueue) throws {
        try Migrations.migrator.migrate(queue)
        try queue.inDatabase(recordSchemaVersion)
    }

    /// Runs `body` inside a deferred (read) transaction, always ended by a rollback: it writes nothing.
    private static func readSnapshot<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.beginTransaction(.deferred)
        defer { try? db.rollback() }
        return try body()
    }

    static func damaged(_ finding: String) -> StoreError {
        .damaged("The store is damaged or is not an AssetFlow store: \(finding). Nothing was written to it. "
                 + "Run `assetflow check` for the full report, and restore it from a backup.")
    }

    /// WAL: readers never wait for a writer, and a writer waits only for another writer.
    /// The mode is kept in the file, so this writes only the first time. When another
    /// connection is using the file it cannot switch now; it will on a later open.
    private static func useWriteAheadLog(_ db: Database) throws {
        let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode")
        guard mode?.lowercased() != "wal" else { return }
        _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
    }

    /// Runs the pending migrations. Each runs in its own transaction, so a second process
    /// opening the same new store may apply one between our look and our write (ours then
    /// fails on "table already exists"): look again, and stop when nothing is pending.
    private static func migrate(_ queue: DatabaseQueue) throws {
        var attempts = 0
        while true {
            do {
                try Migrations.migrator.migrate(queue)
                return
            } catch {
                attempts += 1
                let pending = try queue.inDatabase { try StoreChecks.appliedMigrationCount($0) < Migrations.schemaVersion }
                if !pending { return }
                if attempts > Migrations.schemaVersion { throw error }
            }
        }
    }

    private static func recordSchemaVersion(_ db: Database) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version < Migrations.schemaVersion {
            try db.execute(sql: "PRAGMA user_version = \(Migrations.schemaVersion)")
        }
    }
}
