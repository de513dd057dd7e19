import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// The migration "Pack the quantity checkpoints in binary": a store whose checkpoints are text
/// (rule 1) opens with the table made again empty (rule 2); reads compute the quantities from
/// the transactions meanwhile, the next write fills the packed rows, and `check` finds
/// nothing wrong.
@Suite("Quantity checkpoints: the packed layout's migration")
struct QuantityCheckpointPackedMigrationTests: StoreRuleTesting {
    @Test("text rows of an older store are dropped at open; reads are right before and after the next write fills the packed rows")
    func fromText() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        let old = try DatabaseQueue(path: path)
        let mine = Migrations.identifiers.firstIndex(of: QuantityCheckpointPackedMigration.identifier)!
        try Migrations.migrator.migrate(old, upTo: Migrations.identifiers[mine - 1])
        try old.write { db in
            // As a store of the build before this one is: its schema stamp applied too, text
            // checkpoints of rule 1 (one of them wrong: it must never be read again).
            try db.execute(sql: """
                CREATE TABLE schema_stamp (id INTEGER PRIMARY KEY CHECK (id = 1), cookie INTEGER NOT NULL, fingerprint TEXT NOT NULL) STRICT;
                INSERT INTO grdb_migrations(identifier) VALUES ('Record the last schema comparison');
                INSERT INTO asset(id, name, type, currency) VALUES (1, 'ACME', 'stock', 'USD');
                INSERT INTO asset_transaction(asset_id, type, date, quantity, price, total, currency, note) VALUES
                (1, 'buy', '2024-01-02', '10.50', '12.50', '131.25', 'USD', ''),
                (1, 'sell', '2024-02-03', '0.50', '13', '6.5', 'USD', ''),
                (1, 'buy', '2024-02-03', '2', '13', '26', 'USD', '');
                INSERT INTO price_history(asset_id, date, price) VALUES (1, '2024-01-05', '13.10'), (1, '2024-02-05', '11.5');
                INSERT INTO quantity_checkpoint(asset_id, month, levels) VALUES
                (1, '2024-01', '2:10.5'), (1, '2024-02', '3:99'), (1, 'complete', '');
                """)
            #expect(try Int.fetchOne(db, sql: "SELECT version FROM derived_rule WHERE table_name = 'quantity_checkpoint'") == 1)
        }
        try old.close()
        let store = try AssetFlowStore(path: path)
        try store.withSession(today: Self.today) { s in
            #expect(try Int.fetchOne(s.db, sql: "SELECT count(*) FROM quantity_checkpoint") == 0)
            #expect(try Int.fetchOne(s.db, sql: "SELECT version FROM derived_rule WHERE table_name = 'quantity_checkpoint'") == 2)
            let dates = [d("2024-01-03"), d("2024-01-06"), d("2024-02-04"), d("2024-02-06")]
            let expected: [ExactDecimal] = [x("131.25"), x("137.55"), 156, x("138")]
            #expect(try s.timeline(of: s.assets(), dates: dates).map(\.value) == expected)
            #expect(try Int.fetchOne(s.db, sql: "SELECT count(*) FROM quantity_checkpoint") == 0)  // a read never writes
            try s.begin()  // the next write, whatever it changes (a transaction that writes nothing writes nothing)
            _ = try s.createPortfolio(name: "Any write")
            try s.commit()
            let rows = try Row.fetchAll(s.db, sql: "SELECT month, levels FROM quantity_checkpoint WHERE asset_id = 1 ORDER BY month").map { row -> String in
                let month: String = row[0]
                if month == QuantityCheckpoint.complete { return month }
                return "\(month)|" + (QuantityCheckpoint.text(month: month, bytes: StoreSession.bytes(row[1])) ?? "unreadable")
            }
            #expect(rows == ["2024-01|2:10.5", "2024-02|3:12", "complete"])
            #expect(try String.fetchOne(s.db, sql: "SELECT typeof(levels) FROM quantity_checkpoint LIMIT 1") == "blob")
            // Read back as a replay has them, scale included.
            let replayed = try s.replayDerived().levels[1]!
            #expect(try s.quantityLevels(AssetSlots([1]), scan: true)[0].values.map(\.scale) == replayed.values.map(\.scale))
            // Daily, from the packed rows: equal to the reference (the tables), as printed.
            let daily = try StoreSession.timelineDates(from: d("2024-01-01"), to: d("2024-03-31"), monthly: false)
            let packed = try s.timeline(of: s.assets(), dates: daily).map { "\($0.date) \($0.value.plainText)" }
            s.readsDerivedSeries = false
            #expect(try s.timeline(of: s.assets(), dates: daily).map { "\($0.date) \($0.value.plainText)" } == packed)
            s.readsDerivedSeries = true
            #expect(try s.timeline(of: s.assets(), dates: dates).map(\.value) == expected)
        }
        #expect(try AssetFlowStore.check(path: path).problems == [])
    }
}
