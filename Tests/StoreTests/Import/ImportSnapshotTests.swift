import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// A bulk import inserts transactions without the per-row snapshot trigger (see
/// `InsertTriggerPause`): the snapshots it makes stale must still go, the trigger must be
/// back afterwards, and a failure must leave the trigger and the data as they were.
@Suite("Import and position snapshots")
struct ImportSnapshotTests: StoreRuleTesting {
    /// Three stocks with a history and a stored snapshot each.
    func store(_ s: StoreSession) throws -> [Int64] {
        var ids: [Int64] = []
        for name in ["A", "B", "C"] {
            ids.append(try asset(s, name, .stock, quantity: "10", price: "10", date: "2024-02-01").id!)
        }
        for id in ids {
            _ = try s.record(Transaction(assetID: id, type: .buy, date: d("2024-03-01"), quantity: 5, pricePerUnit: 12, currency: "USD"))
        }
        _ = try s.allPositions()
        for id in ids { #expect(try s.storedSnapshot(ofAsset: id) != nil) }
        return ids
    }

    func triggerSQL(_ s: StoreSession) throws -> [String] {
        try String.fetchAll(s.db, sql: "SELECT name || ': ' || sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
    }

    func snapshotRows(_ s: StoreSession) throws -> [String] {
        try Row.fetchAll(s.db, sql: "SELECT * FROM position_snapshot ORDER BY asset_id").map { "\($0)" }
    }

    func replayed(_ s: StoreSession, _ id: Int64) throws -> Position { Position.of(try s.transactions(ofAsset: id)) }

    @Test("the touched assets' snapshots are written again before the import commits, the others stay; every figure equals a replay; the trigger is back")
    func touchedSnapshotsGo() throws {
        let path = NSTemporaryDirectory() + "af-import-snap-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        var ids: [Int64] = []
        try AssetFlowStore(path: path).withSession(today: Self.today) { s in
            ids = try store(s)
            let triggers = try triggerSQL(s)
            let untouched = try snapshotRows(s)[2]
            // A back-dated sell of A, a later buy of B, and a new asset.
            let outcome = try importCSV(s, .transactions, """
                Date,Asset,Type,Quantity,Price
                2024-02-15,A,sell,4,11
                2024-04-01,B,buy,2,13
                2024-04-02,New,buy,1,50
                """)
            #expect(outcome.plan.addedCount == 3)
            #expect(try s.storedSnapshot(ofAsset: ids[0])?.position == replayed(s, ids[0]))
            #expect(try s.storedSnapshot(ofAsset: ids[1])?.position == replayed(s, ids[1]))
            #expect(try snapshotRows(s).count == 4)
            #expect(try snapshotRows(s)[2] == untouched)
            #expect(try triggerSQL(s) == triggers)
            let positions = try s.allPositions()
            for asset in try s.assets() { #expect(positions[asset.id!] == (try replayed(s, asset.id!))) }
            #expect(positions[ids[0]] == Position(quantity: 11, costBasis: 120, realizedGain: 4))
            // The trigger works again for every other door: a raw insert removes the snapshot.
            try s.db.execute(sql: """
                INSERT INTO asset_transaction(asset_id, type, date, quantity, price, total, currency)
                VALUES (?, 'buy', '2024-01-05', '1', '9', '9', 'USD')
                """, arguments: [ids[2]])
            #expect(try s.storedSnapshot(ofAsset: ids[2]) == nil)
        }
        // The reopened store passes the schema check (the trigger's text is the migration's).
        try AssetFlowStore(path: path).withSession(today: Self.today) { s in
            let positions = try s.allPositions()
            for id in ids { #expect(positions[id] == (try replayed(s, id))) }
        }
    }

    @Test("an import that fails midway leaves the trigger, the snapshots and the data as they were")
    func failureMidway() throws {
        try withStore { s in
            let ids = try store(s)
            // Refuses the third row of the file, once the first two are written.
            try s.db.execute(sql: """
                CREATE TEMP TRIGGER refuse_third BEFORE INSERT ON main.asset_transaction WHEN NEW.note = 'third'
                BEGIN SELECT RAISE(ABORT, 'refused in the middle'); END
                """)
            let before = (try snapshot(s), try snapshotRows(s), try triggerSQL(s))
            let error = message {
                _ = try importCSV(s, .transactions, """
                    Date,Asset,Type,Quantity,Price,Note
                    2024-02-15,A,sell,4,11,first
                    2024-04-01,B,buy,2,13,second
                    2024-04-02,C,buy,1,50,third
                    2024-04-03,New,buy,1,50,fourth
                    """)
            }
            #expect(error?.contains("refused in the middle") == true)
            #expect(try snapshot(s) == before.0)
            #expect(try snapshotRows(s) == before.1)
            #expect(try triggerSQL(s) == before.2)
            #expect(try s.asset(named: "New") == nil)
            for id in ids { #expect(try s.position(ofAsset: id) == (try replayed(s, id))) }
            // The snapshot trigger still fires.
            try s.db.execute(sql: "DROP TRIGGER temp.refuse_third")
            _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price\n2024-04-02,C,buy,1,50\n")
            #expect(try s.storedSnapshot(ofAsset: ids[2])?.position == replayed(s, ids[2]))
            try s.db.execute(sql: "DELETE FROM asset_transaction WHERE asset_id = ? AND date = '2024-03-01'", arguments: [ids[0]])
            #expect(try s.storedSnapshot(ofAsset: ids[0]) == nil)
        }
    }

    @Test("an import rolled back with its transaction (as when the process dies) leaves the store as it was")
    func rolledBack() throws {
        let path = NSTemporaryDirectory() + "af-import-snap-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        var before: (String, [String], [String]) = ("", [], [])
        try AssetFlowStore(path: path).withSession(today: Self.today) { s in
            _ = try store(s)
            before = (try snapshot(s), try snapshotRows(s), try triggerSQL(s))
            try s.begin()
            _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price\n2024-04-01,A,buy,2,13\n2024-04-02,New,buy,1,50\n")
            let a = try s.asset(named: "A")!.id!
            #expect(try s.storedSnapshot(ofAsset: a)?.position == replayed(s, a))
            // No commit: the session ends with the transaction open and SQLite rolls it back.
        }
        try AssetFlowStore(path: path).withSession(today: Self.today) { s in
            let after = (try snapshot(s), try snapshotRows(s), try triggerSQL(s))
            #expect(after.0 == before.0)
            #expect(after.1 == before.1)
            #expect(after.2 == before.2)
        }
    }

    @Test("every insert trigger of the schema is paused, with the per-asset work read from its own definition")
    func everyInsertTriggerPaused() throws {
        try withStore { s in
            let names = try String.fetchAll(s.db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'asset_transaction' AND sql LIKE '%AFTER INSERT%' ORDER BY name
                """)
            #expect(names == ["asset_extent_trade_insert", "position_snapshot_insert", "price_month_trade_insert", "quantity_checkpoint_insert",
                              "transaction_month_insert"])
            let paused = try InsertTriggerPause.pausable(s.db)
            #expect(paused.map(\.name) == names)
            #expect(paused.map { $0.perAsset.split(whereSeparator: \.isWhitespace).joined(separator: " ") } == [
                "DELETE FROM asset_extent WHERE asset_id = :asset;",
                "DELETE FROM position_snapshot WHERE asset_id = :asset;",
                "DELETE FROM price_month WHERE asset_id = :asset AND month >= substr(:date, 1, 7);",
                "DELETE FROM quantity_checkpoint WHERE asset_id = :asset AND month >= substr(:date, 1, 7);",
                "DELETE FROM transaction_month WHERE asset_id = :asset AND month >= substr(:date, 1, 7);",
            ])
            // A price import pauses the monthly price series' trigger on price_history the same way.
            #expect(try InsertTriggerPause.pausable(s.db, table: "price_history").map { $0.perAsset.split(whereSeparator: \.isWhitespace).joined(separator: " ") } == [
                "DELETE FROM asset_extent WHERE asset_id = :asset;",
                "DELETE FROM price_month WHERE asset_id = :asset AND month >= substr(:date, 1, 7);",
            ])
            // A body that reads another column of the new row cannot be done per asset: left in place.
            #expect(InsertTriggerPause.trigger(name: "t", sql: "CREATE TRIGGER t AFTER INSERT ON asset_transaction BEGIN DELETE FROM x WHERE q = NEW.quantity; END") == nil)
            #expect(InsertTriggerPause.trigger(name: "t", sql: "CREATE TRIGGER t AFTER UPDATE ON asset_transaction BEGIN DELETE FROM x WHERE a = NEW.asset_id; END") == nil)
        }
    }

    @Test("a bulk import leaves the quantity checkpoints the per-row triggers and the end of the write would have left")
    func sameAsTheTriggers() throws {
        let csv = "Date,Asset,Type,Quantity,Price\n2024-02-15,A,buy,1,11\n2024-05-01,B,buy,2,13\n2024-03-20,A,buy,1,12\n"
        func derived(bulk: Bool) throws -> [String] {
            var rows: [String] = []
            try withStore { s in
                let ids = try store(s)
                try s.begin()
                _ = try s.timeline(of: s.assets(), dates: [d("2024-06-01")])
                try s.commit()
                // Read before the write ends.
                try s.begin()
                defer { try? s.commit() }
                if bulk {
                    _ = try importCSV(s, .transactions, csv)
                } else {
                    for (date, id, q) in [("2024-02-15", ids[0], 1), ("2024-05-01", ids[1], 2), ("2024-03-20", ids[0], 1)] {
                        try s.db.execute(sql: "INSERT INTO asset_transaction(asset_id, type, date, quantity, price, total, currency) VALUES (?, 'buy', ?, ?, '10', '10', 'USD')",
                                         arguments: [id, date, q])
                    }
                    try s.keepSeriesInStep()  // what the commit does; the import writes its assets' months itself
                }
                // (The snapshots differ on purpose: the import writes its assets' again.)
                rows = try Row.fetchAll(s.db, sql: "SELECT * FROM quantity_checkpoint ORDER BY asset_id, month").map { "\($0)" }
            }
            return rows
        }
        #expect(try derived(bulk: true) == derived(bulk: false))
    }
}
