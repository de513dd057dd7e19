import Foundation
import GRDB
import Testing
@testable import Store

/// A temporary folder for one test, removed at the end.
struct StoreTestFolder {
    let path: String

    init(_ name: String = "af-store") throws {
        path = NSTemporaryDirectory() + "\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Store files changed behind AssetFlow's back, the way a probe or a bad disk would.
enum StoreSurgery {
    /// A store at `path` with `transactions` rows in it, written through raw SQL (the
    /// store's own rules are not what these tests are about), then closed.
    static func makeStore(_ path: String, transactions: Int = 0) throws {
        _ = try AssetFlowStore(path: path)
        try edit(path) { db in
            try db.execute(sql: "INSERT INTO portfolio(name) VALUES ('Core')")
            try db.execute(sql: "INSERT INTO asset(name, type, currency, portfolio_id) VALUES ('ACME', 'stock', 'USD', 1)")
            for i in 0..<transactions {
                try db.execute(sql: """
                    INSERT INTO asset_transaction(asset_id, type, date, quantity, price, total, currency, note)
                    VALUES (1, 'buy', '2024-01-02', '1', '10.5', '10.5', 'USD', ?)
                    """, arguments: ["row \(i) " + String(repeating: "x", count: 40)])
            }
        }
    }

    /// Runs `body` on a plain connection to the file, then closes it (checkpointing the WAL).
    static func edit(_ path: String, _ body: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.inTransaction { try body(db); return .commit } }
        try queue.close()
    }

    /// The first page of `table`'s b-tree (1-based), which every scan of the table reads.
    static func rootPage(_ path: String, of table: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]) ?? 0
        }
    }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Overwrites page `page` (1-based) of the file with garbage.
    static func damage(_ path: String, page: Int, pageSize: Int = 4096) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64((page - 1) * pageSize))
        handle.write(Data((0..<pageSize).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
        try handle.close()
    }
}

@Suite("Opening a store: damaged, altered, foreign and newer stores are refused")
struct StoreOpeningTests {
    func message(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return "\(error)" }
    }

    @Test("a store whose column was dropped is an error naming it, never a crash, and is not written to")
    func droppedColumn() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try StoreSurgery.makeStore(path)
        try StoreSurgery.edit(path) { try $0.execute(sql: "ALTER TABLE asset DROP COLUMN notes") }
        let before = try StoreSurgery.bytes(path)

        let error = message { _ = try AssetFlowStore(path: path) }
        #expect(error?.contains("table asset has no column notes") == true)
        #expect(error?.contains("Nothing was written") == true)
        #expect(try StoreSurgery.bytes(path) == before)
        let report = try AssetFlowStore.check(path: path)
        #expect(report.problems == ["schema: table asset has no column notes"])
    }

    @Test("a missing trigger or a table that lost STRICT is refused too")
    func alteredSchema() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let trigger = folder.file("trigger.sqlite"), loose = folder.file("loose.sqlite")
        try StoreSurgery.makeStore(trigger)
        try StoreSurgery.edit(trigger) { try $0.execute(sql: "DROP TRIGGER position_snapshot_insert") }
        #expect(message { _ = try AssetFlowStore(path: trigger) }?.contains("trigger position_snapshot_insert is missing") == true)

        try StoreSurgery.makeStore(loose)
        try StoreSurgery.edit(loose) { db in
            try db.execute(sql: """
                CREATE TABLE setting2 (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                DROP TABLE setting; ALTER TABLE setting2 RENAME TO setting;
                """)
        }
        #expect(message { _ = try AssetFlowStore(path: loose) }?.contains("table setting is no longer STRICT") == true)
    }

    @Test("rows that do not match what AssetFlow reads are errors, not traps")
    func decodingWithoutTraps() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            let missing = try #require(try Row.fetchOne(db, sql: "SELECT 1 AS id, 'ACME' AS name, 'stock' AS type"))
            #expect(message { _ = try Records.asset(missing) } == "The store is damaged: column currency is missing.")
            let null = try #require(try Row.fetchOne(db, sql: "SELECT 1 AS id, NULL AS name, '' AS description, 1 AS is_active"))
            #expect(message { _ = try Records.portfolio(null) } == "The store is damaged: column name holds NULL, not String.")
            let short = try #require(try Row.fetchOne(db, sql: "SELECT 1 AS id, 1 AS asset_id, 'buy' AS type"))
            #expect(message { _ = try TransactionRecord.read(short) } == "The store is damaged: column date is missing.")
        }
    }

    @Test("a damaged page: the store opens without a scan, the first read of the page fails with the damage sentence, nothing is written after, and `check` names the page")
    func damagedPage() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try StoreSurgery.makeStore(path, transactions: 3_000)
        let pages = try StoreSurgery.bytes(path).count / 4096
        #expect(pages > 20)
        // The transactions' root page: the content dump reads it, whatever the derived
        // tables' pages in the middle of the file are.
        let page = try StoreSurgery.rootPage(path, of: "asset_transaction")
        #expect(page > 1)
        try StoreSurgery.damage(path, page: page)
        let before = try StoreSurgery.bytes(path)

        // Opening reads the header and the schema only (Store.md, "Damage caught on read").
        let store = try AssetFlowStore(path: path)
        let read = message { do { _ = try store.contentDump() } catch { throw StoreError.userFacing(error) } }
        #expect(read?.hasPrefix("The store is damaged: page \(page) does not match its checksum") == true, "\(read ?? "no error")")
        #expect(read?.contains("assetflow check") == true)
        let write = message {
            try store.withSession { session in
                try session.begin()
                try session.db.execute(sql: "INSERT INTO portfolio(name) VALUES ('After')")
                try session.commit()
            }
        }
        #expect(write?.hasPrefix("The store is damaged: page \(page) does not match its checksum") == true, "\(write ?? "no error")")
        #expect(try StoreSurgery.bytes(path) == before)
        let report = try AssetFlowStore.check(path: path)
        #expect(!report.isSound)
        #expect(report.problems.first?.hasPrefix("checksum: page \(page) of \(pages) does not match its checksum") == true, "\(report.problems)")
        #expect(try StoreSurgery.bytes(path) == before)
    }

    @Test("a store of an older AssetFlow without page checksums is checked with quick_check, copied, then converted once, with a note")
    func conversion() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        // A store as an older AssetFlow made it: migrated, with rows, no reserved bytes.
        let plain = try DatabaseQueue(path: path)
        try Migrations.migrator.migrate(plain)
        try plain.write { db in
            try db.execute(sql: "INSERT INTO portfolio(name) VALUES ('Core')")
            try db.execute(sql: "INSERT INTO asset(name, type, currency, portfolio_id) VALUES ('ACME', 'stock', 'USD', 1)")
            for i in 0..<200 {
                try db.execute(sql: """
                    INSERT INTO asset_transaction(asset_id, type, date, quantity, price, total, currency, note)
                    VALUES (1, 'buy', '2024-01-02', '1', '10.5', '10.5', 'USD', ?)
                    """, arguments: ["row \(i) " + String(repeating: "x", count: 40)])
            }
        }
        let rows = "SELECT group_concat(id || note) FROM asset_transaction"
        let dump = try plain.read { try String.fetchOne($0, sql: rows) }
        try plain.close()
        #expect(try StoreSurgery.bytes(path)[20] == 0)

        nonisolated(unsafe) var notes: [String] = []
        let store = try AssetFlowStore(path: path, modeNotice: { notes.append($0) })
        #expect(try StoreSurgery.bytes(path)[20] == 8)
        #expect(try store.withSession { try String.fetchOne($0.db, sql: rows) } == dump)
        notes = notes.filter { !$0.contains("readable by others") }  // the raw connection made it 0644
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("Note: the store at \(path) now has a checksum on every page") == true, "\(notes)")
        let copies = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("old-before-checksums-") && $0.hasSuffix(".sqlite") }
        try #require(copies.count == 1)
        #expect(try AssetFlowStore.check(path: path).isSound)
        #expect(try StoreSurgery.bytes(folder.file(copies[0]))[20] == 0)

        // Converted once: the next open says nothing and copies nothing.
        notes = []
        _ = try AssetFlowStore(path: path, modeNotice: { notes.append($0) })
        #expect(notes == [])
    }

    @Test("a sound store passes `check`, with its counts")
    func soundStore() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try StoreSurgery.makeStore(path, transactions: 3)
        let report = try AssetFlowStore.check(path: path)
        #expect(report.problems == [])
        #expect(report.facts == ["schema version \(Migrations.schemaVersion) (this AssetFlow writes \(Migrations.schemaVersion))",
                                 "1 portfolio", "1 asset", "3 transactions", "0 prices"])
    }

    @Test("a value that does not read back is a problem `check` names")
    func badValue() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try StoreSurgery.makeStore(path, transactions: 2)
        try StoreSurgery.edit(path) { try $0.execute(sql: "UPDATE asset_transaction SET quantity = 'lots' WHERE id = 2") }
        #expect(try AssetFlowStore.check(path: path).problems == ["asset_transaction 2: The store is damaged: column quantity holds 'lots', not a decimal."])
    }

    @Test("a quantity checkpoint that does not read back is a problem `check` names")
    func badCheckpoint() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try StoreSurgery.makeStore(path, transactions: 1)
        try StoreSurgery.edit(path) { db in
            try db.execute(sql: "INSERT OR REPLACE INTO quantity_checkpoint(asset_id, month, levels) VALUES (1, '2024-01', X'020001')")  // 2:1
            try db.execute(sql: "INSERT OR REPLACE INTO quantity_checkpoint(asset_id, month, levels) VALUES (1, 'complete', X'')")
        }
        #expect(try AssetFlowStore.check(path: path).problems == [])
        // Cut short: a value's units end with a byte whose top bit says more follow.
        try StoreSurgery.edit(path) { try $0.execute(sql: "UPDATE quantity_checkpoint SET levels = X'020081' WHERE month = '2024-01'") }
        #expect(try AssetFlowStore.check(path: path).problems == ["quantity_checkpoint 1: The store is damaged: quantity checkpoint '2024-01' holds '3 bytes'."])
    }

    @Test("a store from a newer AssetFlow is refused with its version, and not written to")
    func newerSchema() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let versioned = folder.file("v.sqlite"), migrated = folder.file("m.sqlite")
        try StoreSurgery.makeStore(versioned)
        try StoreSurgery.edit(versioned) { try $0.execute(sql: "PRAGMA user_version = 99") }
        let before = try StoreSurgery.bytes(versioned)
        let error = message { _ = try AssetFlowStore(path: versioned) }
        #expect(error == "The store was written by a newer AssetFlow: its schema version is 99, and this AssetFlow knows versions up to \(Migrations.schemaVersion). Upgrade AssetFlow to open it; nothing was written to it.")
        #expect(try StoreSurgery.bytes(versioned) == before)

        try StoreSurgery.makeStore(migrated)
        try StoreSurgery.edit(migrated) { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('Multi-currency ledgers')") }
        #expect(message { _ = try AssetFlowStore(path: migrated) }?.contains("it has migrations this AssetFlow does not know (\"Multi-currency ledgers\")") == true)
        #expect(try AssetFlowStore.check(path: migrated).isFromNewerVersion)
    }

    @Test("a store records its schema version; an SQLite file of another program and a non-database are refused")
    func foreignFiles() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let store = folder.file("s.sqlite"), other = folder.file("other.sqlite"), text = folder.file("notes.txt")
        _ = try AssetFlowStore(path: store)
        #expect(try DatabaseQueue(path: store).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == Migrations.schemaVersion)
        #expect(try DatabaseQueue(path: store).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")

        try StoreSurgery.edit(other) { try $0.execute(sql: "CREATE TABLE bookmarks (url TEXT)") }
        let before = try StoreSurgery.bytes(other)
        #expect(message { _ = try AssetFlowStore(path: other) }?.contains("it is an SQLite database but not an AssetFlow store (it has the tables bookmarks)") == true)
        #expect(try StoreSurgery.bytes(other) == before)

        try String(repeating: "not a database\n", count: 400).write(toFile: text, atomically: true, encoding: .utf8)
        #expect(message { _ = try AssetFlowStore(path: text) } != nil)
        #expect(try AssetFlowStore.check(path: text).problems.first?.hasPrefix("SQLite cannot read it") == true)
    }

    @Test("a store of an older AssetFlow (rollback journal, fewer migrations, no user_version) is checked at its level, migrated and switched to WAL")
    func olderStore() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        let old = try DatabaseQueue(path: path)
        try Migrations.migrator.migrate(old, upTo: Migrations.identifiers[0])
        try old.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "INSERT INTO portfolio(name) VALUES ('Core')")
        }
        try old.close()

        let store = try AssetFlowStore(path: path)
        #expect(try store.withSession { try $0.portfolios().map(\.name) } == ["Core"])
        let reopened = try DatabaseQueue(path: path)
        #expect(try reopened.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == Migrations.schemaVersion)
        #expect(try reopened.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try reopened.read { try Migrations.migrator.appliedMigrations($0) } == Migrations.identifiers)
    }

    @Test("an older store whose schema was altered is refused before it is migrated")
    func olderAlteredStore() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        let old = try DatabaseQueue(path: path)
        try Migrations.migrator.migrate(old, upTo: Migrations.identifiers[0])
        try old.writeWithoutTransaction { try $0.execute(sql: "DROP INDEX asset_name") }
        try old.close()
        let before = try StoreSurgery.bytes(path)
        #expect(message { _ = try AssetFlowStore(path: path) }?.contains("index asset_name is missing") == true)
        #expect(try StoreSurgery.bytes(path) == before)
    }

    @Test("several connections creating the same new store at once all succeed")
    func concurrentCreation() throws {
        for _ in 0..<10 {
            let folder = try StoreTestFolder()
            defer { folder.remove() }
            let path = folder.file("new/s.sqlite")
            let group = DispatchGroup()
            let errors = NSLock()
            nonisolated(unsafe) var failures: [String] = []
            for _ in 0..<4 {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    do { _ = try AssetFlowStore(path: path, waitNotice: nil) } catch {
                        errors.withLock { failures.append("\(error)") }
                    }
                }
            }
            group.wait()
            #expect(failures == [])
            #expect(try AssetFlowStore.check(path: path).isSound)
        }
    }
}
