import GRDB

/// What a store remembers of its last schema comparison, so that an open need not repeat it.
///
/// Comparing a store's schema with the expected one (`StoreChecks.schema`) means building the
/// expected schema (every migration run on a scratch in-memory database, about a third of an
/// empty `assetflow run`) and reading the store's (every table's columns). Both give the same
/// answer until the store's schema changes, and SQLite counts every schema change in the
/// file's header: the *schema cookie* (`PRAGMA schema_version`), which any `CREATE`, `DROP`
/// or `ALTER`, from any program, increments. So after a comparison that passed, the store
/// records the cookie it saw and the build's *fingerprint* (the migrations it expects, and
/// the version of the comparison's rules); a later open whose cookie and fingerprint match
/// knows the schema is the one already compared and skips the comparison. Anything else (a
/// schema changed behind AssetFlow's back, another build, a store from before the stamp)
/// compares in full, as before.
///
/// What the stamp cannot see: a schema rewritten through `PRAGMA writable_schema` with the
/// cookie set back by hand. `assetflow check` always compares in full.
enum SchemaStamp {
    static let table = "schema_stamp"

    /// Raised when what the comparison checks changes, so that every store compares again.
    static let ruleVersion = 1

    /// This build's expected schema, named without building it: migrations are never edited,
    /// so their identifiers determine the schema they build.
    static let fingerprint: String = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in Migrations.identifiers.joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "rules \(ruleVersion), \(Migrations.schemaVersion) migrations, \(String(hash, radix: 16))"
    }()

    /// The store's schema cookie.
    static func cookie(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
    }

    /// Whether the store's schema is the one a comparison passed for, under this build: the
    /// stamp's cookie is the store's and its fingerprint this build's. False when the store
    /// has no stamp (an older store, a new one, a restored one).
    static func isCurrent(_ db: Database) throws -> Bool {
        guard try tableExists(db) else { return false }
        guard let row = try Row.fetchOne(db, sql: "SELECT cookie, fingerprint FROM \(table) WHERE id = 1") else { return false }
        let cookie: Int = row[0], fingerprint: String = row[1]
        let current = try Self.cookie(db)
        return fingerprint == Self.fingerprint && cookie == current
    }

    /// Whether the store has the stamp's table (an older store has not). One look in
    /// `sqlite_master`, as GRDB's `tableExists` answers (any letter case, the main schema or
    /// the temporary one), without loading the whole schema into GRDB's cache first: that was
    /// 2.1 M instructions of every open (callgrind).
    static func tableExists(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE)
                OR EXISTS (SELECT 1 FROM sqlite_temp_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE)
            """, arguments: [table]) ?? false
    }

    /// Records that the schema was compared, and passed, at `cookie`, in a write transaction
    /// of its own, unless the store's schema has changed since (then the next open compares
    /// again). A store of an older build (no stamp table yet) records nothing.
    static func record(_ db: Database, comparedAt cookie: Int) throws {
        try db.inTransaction(.immediate) {
            guard try tableExists(db), try Self.cookie(db) == cookie else { return .commit }
            try db.execute(sql: "INSERT OR REPLACE INTO \(table)(id, cookie, fingerprint) VALUES (1, ?, ?)", arguments: [cookie, fingerprint])
            return .commit
        }
    }
}

/// The table of the stamp: one row, never exported or backed up (a restored store compares
/// its schema again at its first open).
enum SchemaStampMigration {
    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("Record the last schema comparison") { db in
            try db.execute(sql: """
                CREATE TABLE schema_stamp (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    cookie INTEGER NOT NULL,
                    fingerprint TEXT NOT NULL
                ) STRICT;
                """)
        }
    }
}
