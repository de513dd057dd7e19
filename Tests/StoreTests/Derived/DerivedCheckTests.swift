import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// `assetflow check` compares every derived row with a replay; `--repair` rebuilds them
/// and touches no source row.
@Suite("Derived data: check and repair")
struct DerivedCheckTests: StoreRuleTesting {
    /// A store with two assets, their snapshots and their checkpoints written.
    func makeStore(_ path: String) throws {
        try AssetFlowStore(path: path).withSession(today: Self.today) { s in
            try s.begin()
            let a = try asset(s, "ACME", .stock, quantity: "10", price: "10", date: "2024-01-02")
            _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d("2024-02-10"), quantity: 8, pricePerUnit: 12, currency: "USD"))
            _ = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2024-03-05"), quantity: 3, pricePerUnit: 15, currency: "USD"))
            _ = try asset(s, "BETA", .stock, quantity: "4", price: "50", date: "2024-01-10")
            _ = try s.timeline(of: s.assets(), dates: [d("2024-04-01")])
            _ = try s.allPositions()
            try s.commit()
        }
    }

    func sourceRows(_ path: String) throws -> String { try AssetFlowStore(path: path).contentDump() }

    /// Every derived table's rows, in key order.
    func derivedRows(_ s: StoreSession) throws -> [String: [[DatabaseValue]]] {
        var rows: [String: [[DatabaseValue]]] = [:]
        for table in DerivedTable.allCases {
            rows[table.rawValue] = try Row.fetchAll(s.db, sql: "SELECT * FROM \(table.rawValue) ORDER BY 1, 2").map { Array($0.databaseValues) }
        }
        return rows
    }

    @Test("a rebuild, a few assets at a time, writes the rows the store kept in step (more assets than one chunk)")
    func rebuildInChunks() throws {
        try withStore { s in
            let count = StoreSession.rebuildChunk * 2 + 3
            for i in 0..<count {
                let a = try asset(s, "A\(i)", .stock, quantity: x("\(i + 1)"), price: 10, date: "2024-01-0\(i % 9 + 1)")
                _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d("2024-02-1\(i % 10)"), quantity: 2, pricePerUnit: x("12.5"), currency: "USD"))
                _ = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2024-03-0\(i % 9 + 1)"), quantity: 1, pricePerUnit: 15, currency: "USD"))
                _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-03-2\(i % 8)"), price: x("14.\(i)")))
            }
            _ = try s.timeline(of: s.assets(), dates: [d("2024-04-01")])
            _ = try s.allPositions()
            try s.begin()
            try s.commit()
            let kept = try derivedRows(s)
            #expect(kept.values.allSatisfy { $0.count >= count }, "\(kept.mapValues(\.count))")
            try expectRebuildKeeps(s)
        }
    }

    @Test("an import writes its assets' checkpoints, monthly transactions and monthly prices from its own rows, before the commit: the rows a rebuild writes")
    func importWritesSeries() throws {
        try withStore { s in
            // History before the import: ACME's first months (a backdated row lands among
            // them), its recorded prices, and BETA untouched by the import.
            let acme = try asset(s, "ACME", .stock, quantity: "10", price: "100", date: "2024-01-02")
            _ = try s.record(Transaction(assetID: acme.id!, type: .buy, date: d("2024-04-10"), quantity: 2, pricePerUnit: 104, currency: "USD"))
            _ = try s.recordPrice(PricePoint(assetID: acme.id!, date: d("2024-02-15"), price: x("101.5")))
            _ = try s.recordPrice(PricePoint(assetID: acme.id!, date: d("2024-05-02"), price: x("99")))
            _ = try asset(s, "BETA", .stock, quantity: "4", price: "50", date: "2024-01-10")
            try s.begin()
            try s.commit()
            // Two trades of one day (the last one is the day's price), a trade at price 0
            // (not a market price), a backdated buy, and a new asset.
            let csv = """
                Date,Symbol,Type,Quantity,Price,Currency
                2024-03-01,ACME,buy,1,102,USD
                2024-03-01,ACME,buy,1,103,USD
                2024-02-20,ACME,buy,5,0,USD
                2024-05-20,ACME,sell,4,110.25,USD
                2024-01-05,GAMMA,buy,7,20,USD
                2024-02-05,GAMMA,sell,2,21,USD
                """
            try s.begin()
            _ = try importCSV(s, .transactions, csv) { $0.defaultAssetType = .stock }
            let touched = try s.assets().filter { $0.name != "BETA" }.map { $0.id! }
            // Written by the import itself (before, the commit read every transaction again to make them).
            for table in ["quantity_checkpoint", "price_month", "transaction_month"] {
                let complete = try Int.fetchOne(s.db, sql: "SELECT count(*) FROM \(table) WHERE month = 'complete' AND asset_id IN (\(touched.map(String.init).joined(separator: ",")))")
                #expect(complete == touched.count, "\(table)")
            }
            try s.commit()
            try expectRebuildKeeps(s)

            // Then prices: GAMMA has trades and no recorded price yet, DELTA is new, ACME had
            // prices (its series is made at the commit, from the tables).
            let prices = """
                Date,Asset,Price
                2024-01-05,GAMMA,20.50
                2024-01-31,GAMMA,20.1000
                2024-02-05,GAMMA,0.5
                2024-02-01,DELTA,7
                2024-03-29,DELTA,7.25
                2024-03-01,ACME,102.75
                """
            try s.begin()
            _ = try importCSV(s, .prices, prices) { $0.defaultAssetType = .stock }
            let firstPriced = try s.assets().filter { ["GAMMA", "DELTA"].contains($0.name) }.map { $0.id! }
            let complete = try Int.fetchOne(s.db, sql: "SELECT count(*) FROM price_month WHERE month = 'complete' AND asset_id IN (\(firstPriced.map(String.init).joined(separator: ",")))")
            #expect(complete == 2)
            try s.commit()
            try expectRebuildKeeps(s)
        }
    }

    /// A rebuild of every derived row writes the rows the store holds, and `check` finds them sound.
    func expectRebuildKeeps(_ s: StoreSession) throws {
        let kept = try derivedRows(s)
        try s.begin()
        try s.rebuildDerivedRows()
        #expect(try derivedRows(s) == kept)
        try s.commit()
        #expect(try s.derivedMismatches().mismatches.isEmpty)
    }

    @Test("an import's replay reads its assets' transactions in (date, id) order, by a scan for most assets as through the index")
    func transactionsInOrder() throws {
        try withStore { s in
            var ids: [Int64] = []
            for name in ["A", "B", "C"] {
                let a = try asset(s, name, .stock, quantity: "10", price: "10", date: "2024-03-02")
                ids.append(a.id!)
                for (day, q) in [("2024-01-05", "1"), ("2024-03-02", "2"), ("2024-02-10", "3"), ("2024-03-02", "4"), ("2024-01-05", "5")] {
                    _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d(day), quantity: x(q), pricePerUnit: 11, currency: "USD"))
                }
            }
            let indexed = try s.transactionsByAsset(where: "WHERE asset_id IN (\(ids.map(String.init).joined(separator: ",")))")
            let scanned = try s.transactionsInOrder(ofAssets: ids)
            #expect(scanned == indexed)
            #expect(scanned[ids[0]]!.map(\.quantity.plainText) == ["1", "5", "3", "10", "2", "4"])
            #expect(try s.transactionsInOrder(ofAssets: [ids[1]]) == [ids[1]: indexed[ids[1]]!])
        }
    }

    @Test("a sound store's derived rows match; each hand-edited row is named with asset, table, field, stored and replayed")
    func mismatchesNamed() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try makeStore(path)
        #expect(try AssetFlowStore.check(path: path).problems == [])
        try StoreSurgery.edit(path) { db in
            try db.execute(sql: "UPDATE position_snapshot SET quantity = '999' WHERE asset_id = 1")
            try db.execute(sql: "UPDATE quantity_checkpoint SET levels = X'0A0011' WHERE asset_id = 1 AND month = '2024-02'")
            try db.execute(sql: "DELETE FROM quantity_checkpoint WHERE asset_id = 2 AND month = '2024-01'")
        }
        let report = try AssetFlowStore.check(path: path)
        #expect(report.derivedMismatches == [
            DerivedMismatch(asset: "ACME", table: "position_snapshot", field: "quantity", stored: "999", replayed: "15"),
            DerivedMismatch(asset: "ACME", table: "quantity_checkpoint", field: "levels 2024-02", stored: "10:17", replayed: "10:18"),
            DerivedMismatch(asset: "BETA", table: "quantity_checkpoint", field: "levels 2024-01", stored: "none (the rows say they are complete)", replayed: "10:4"),
        ])
        #expect(report.problems.first == "derived data: position_snapshot of ACME: quantity is 999, the replay of its history gives 15")
    }

    @Test("--repair rebuilds the derived rows in one transaction, changes no source row, and the check passes again")
    func repair() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try makeStore(path)
        try StoreSurgery.edit(path) { db in
            try db.execute(sql: "UPDATE position_snapshot SET cost_basis = '1', last_id = 77 WHERE asset_id = 1")
            try db.execute(sql: "INSERT INTO position_snapshot VALUES (2, '2020-01-01', 1, '1', '1', '1') ON CONFLICT DO UPDATE SET realized_gain = '5'")
            try db.execute(sql: "UPDATE quantity_checkpoint SET levels = X'020001' WHERE asset_id = 2 AND month = '2024-01'")
        }
        let before = try sourceRows(path)
        let fixed = try AssetFlowStore(path: path).repairDerivedData()
        #expect(fixed.map { "\($0.asset) \($0.table) \($0.field)" } == [
            "ACME position_snapshot last_id", "ACME position_snapshot cost_basis", "BETA position_snapshot realized_gain",
            "BETA quantity_checkpoint levels 2024-01",
        ])
        #expect(try sourceRows(path) == before)
        #expect(try AssetFlowStore.check(path: path).problems == [])
        try AssetFlowStore(path: path).withSession(today: Self.today) { (s: StoreSession) throws in
            #expect(try s.storedSnapshot(ofAsset: 1)?.position == Position.of(s.transactions(ofAsset: 1)))
            #expect(try s.storedSnapshot(ofAsset: 1)?.position.quantity == 15)
        }
    }

    @Test("compared a few assets at a time, the mismatches are those of one comparison of every asset, in the same order, rows of gone assets among them")
    func comparisonInChunks() throws {
        try withStore { s in
            var ids: [Int64] = []
            for i in 0..<7 {
                let a = try asset(s, "A\(i)", .stock, quantity: x("\(i + 1)"), price: 10, date: "2024-01-0\(i + 1)")
                _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d("2024-02-1\(i)"), quantity: 2, pricePerUnit: x("12.5"), currency: "USD"))
                _ = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2024-03-0\(i + 1)"), quantity: 1, pricePerUnit: 15, currency: "USD"))
                _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-03-2\(i)"), price: x("16.\(i)")))
                ids.append(a.id!)
            }
            _ = try s.timeline(of: s.assets(), dates: [d("2024-04-01")])
            _ = try s.allPositions()
            try s.begin()
            try s.commit()
            #expect(try s.derivedMismatches(limit: .max, assetsAtOnce: 2).mismatches == [])
            // A mismatch in each table; A3 deleted without its rows (between two assets), and
            // rows of an asset that never was (after every asset). A3's transactions stay
            // behind: its snapshot matches their replay, its extent lacks its recorded price
            // (above its trades' prices), as when every asset was replayed at once.
            try s.db.execute(sql: "PRAGMA foreign_keys = OFF")
            try s.db.execute(sql: """
                UPDATE position_snapshot SET quantity = '999' WHERE asset_id = \(ids[1]);
                UPDATE quantity_checkpoint SET levels = X'0A0011' WHERE asset_id = \(ids[2]) AND month = '2024-02';
                DELETE FROM quantity_checkpoint WHERE asset_id = \(ids[4]) AND month = '2024-01';
                UPDATE price_month SET recorded = X'' WHERE asset_id = \(ids[6]) AND month = '2024-03';
                UPDATE asset_extent SET highest_held = '0' WHERE asset_id = \(ids[5]);
                UPDATE transaction_month SET entries = X'01' WHERE asset_id = \(ids[0]) AND month = '2024-02';
                DELETE FROM asset WHERE id = \(ids[3]);
                INSERT INTO position_snapshot VALUES (99, '2024-01-01', 1, '1', '1', '0');
                INSERT INTO quantity_checkpoint VALUES (99, '2024-01', X'0A0011');
                INSERT INTO price_month VALUES (99, '2024-01', X'', X'');
                INSERT INTO asset_extent VALUES (99, '1', '1');
                INSERT INTO transaction_month VALUES ('2024-01', 99, X'');
                """)
            try s.db.execute(sql: "PRAGMA foreign_keys = ON")
            let whole = try s.derivedMismatches(limit: .max, assetsAtOnce: .max)
            #expect(whole.outdated == [])
            #expect(whole.mismatches.map { "\($0.table) \($0.asset) \($0.field)" } == [
                "position_snapshot A1 quantity", "position_snapshot #99 row",
                "quantity_checkpoint A2 levels 2024-02", "quantity_checkpoint #\(ids[3]) row",
                "quantity_checkpoint A4 levels 2024-01", "quantity_checkpoint #99 row",
                "price_month #\(ids[3]) row", "price_month A6 recorded 2024-03", "price_month #99 row",
                "asset_extent #\(ids[3]) highest_price", "asset_extent A5 highest_held",
                "asset_extent #99 highest_held", "asset_extent #99 highest_price",
                "transaction_month A0 entries 2024-02", "transaction_month #\(ids[3]) row", "transaction_month #99 row",
            ])
            for size in [1, 2, 3, StoreSession.checkChunk] {
                let chunked = try s.derivedMismatches(limit: .max, assetsAtOnce: size)
                #expect(chunked.mismatches == whole.mismatches, "\(size) assets at a time")
                #expect(chunked.outdated == whole.outdated)
                for limit in [0, 1, 4, 12] {
                    #expect(try s.derivedMismatches(limit: limit, assetsAtOnce: size).mismatches == Array(whole.mismatches.prefix(limit)),
                            "\(size) assets at a time, limit \(limit)")
                }
            }
        }
    }

    @Test("a snapshot for an asset without transactions is a mismatch")
    func snapshotWithoutHistory() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        try makeStore(path)
        try StoreSurgery.edit(path) { db in
            try db.execute(sql: "INSERT INTO asset(name, type, currency) VALUES ('EMPTY', 'stock', 'USD')")
            try db.execute(sql: "INSERT INTO position_snapshot VALUES (3, '2024-01-01', 1, '1', '1', '0')")
        }
        #expect(try AssetFlowStore.check(path: path).derivedMismatches
                == [DerivedMismatch(asset: "EMPTY", table: "position_snapshot", field: "row", stored: "present", replayed: "none (no transactions)")])
    }
}
