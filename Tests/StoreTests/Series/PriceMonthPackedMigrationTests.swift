import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// The migration "Pack the monthly price series in binary": a store whose series are text
/// (rule 1) opens with the table made again empty (rule 2); reads compute the prices from the
/// tables meanwhile, the next write fills the packed rows, and `check` finds nothing wrong.
@Suite("Monthly price series: the packed layout's migration")
struct PriceMonthPackedMigrationTests: StoreRuleTesting {
    @Test("text rows of an older store are dropped at open; reads are right before and after the next write fills the packed rows")
    func fromText() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        let old = try DatabaseQueue(path: path)
        let mine = Migrations.identifiers.firstIndex(of: PriceMonthPackedMigration.identifier)!
        try Migrations.migrator.migrate(old, upTo: Migrations.identifiers[mine - 1])
        try old.write { db in
            // As a store of the build before this one is: its schema stamp applied too.
            try db.execute(sql: """
                CREATE TABLE schema_stamp (id INTEGER PRIMARY KEY CHECK (id = 1), cookie INTEGER NOT NULL, fingerprint TEXT NOT NULL) STRICT;
                INSERT INTO grdb_migrations(identifier) VALUES ('Record the last schema comparison');
                INSERT INTO asset(id, name, type, currency) VALUES (1, 'ACME', 'stock', 'USD');
                INSERT INTO asset_transaction(asset_id, type, date, quantity, price, total, currency, note) VALUES
                (1, 'buy', '2024-01-02', '10', '12.50', '125', 'USD', '');
                INSERT INTO price_history(asset_id, date, price) VALUES (1, '2024-01-05', '13.10'), (1, '2024-02-05', '11.5');
                INSERT INTO price_month(asset_id, month, recorded, trades) VALUES
                (1, '2024-01', '5:13.1', '2:12.5'), (1, '2024-02', '5:11.5', ''), (1, 'complete', '', '');
                """)
        }
        try old.close()
        let store = try AssetFlowStore(path: path)
        try store.withSession(today: Self.today) { s in
            #expect(try Int.fetchOne(s.db, sql: "SELECT count(*) FROM price_month") == 0)
            #expect(try Int.fetchOne(s.db, sql: "SELECT version FROM derived_rule WHERE table_name = 'price_month'") == 2)
            let dates = [d("2024-01-03"), d("2024-01-06"), d("2024-02-06")]
            let expected: [ExactDecimal] = [125, 131, 115]
            #expect(try s.timeline(of: s.assets(), dates: dates).map(\.value) == expected)
            try s.begin()  // the next write, whatever it changes (a transaction that writes nothing writes nothing)
            _ = try s.createPortfolio(name: "Any write")
            try s.commit()
            #expect(try PriceMonthTests().rows(s, 1) == ["2024-01|5:13.1|2:12.5", "2024-02|5:11.5|", "complete|0|0"])
            #expect(try String.fetchOne(s.db, sql: "SELECT typeof(recorded) FROM price_month LIMIT 1") == "blob")
            // 152 dates: read from the packed rows, equal to the reference (the tables).
            let daily = try StoreSession.timelineDates(from: d("2024-01-01"), to: d("2024-05-31"), monthly: false)
            let packed = try s.timeline(of: s.assets(), dates: daily).map { "\($0.date) \($0.value.plainText)" }
            s.readsDerivedSeries = false
            #expect(try s.timeline(of: s.assets(), dates: daily).map { "\($0.date) \($0.value.plainText)" } == packed)
            s.readsDerivedSeries = true
            #expect(packed.count == daily.count && packed[4].hasPrefix("2024-01-05 131"))
            #expect(try s.timeline(of: s.assets(), dates: dates).map(\.value) == expected)
        }
        #expect(try AssetFlowStore.check(path: path).problems == [])
    }
}
