import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

@Suite("Bulk inserts: batches of rows per statement")
struct BulkStatementTests: StoreRuleTesting {
    @Test("full batches and the rows left over are all written, in file order, with their exact texts")
    func batchesAndRest() throws {
        try withStore { s in
            let count = 2 * SessionCommandStore.pricesPerStatement + 23
            var csv = "Date,Asset,Price\n"
            var expected: [String] = []
            for n in 0..<count {
                let date = CalendarDate("2020-01-01")!.adding(days: n)
                let price = "\(100 + n).\(n % 10 == 0 ? "5" : "25")"
                csv += "\(date),ACME,\(price)\n"
                expected.append("\(date) \(price)")
            }
            let outcome = try importCSV(s, .prices, csv) { $0.defaultAssetType = .stock }
            #expect(outcome.plan.addedCount == count)
            let rows = try Row.fetchAll(s.db, sql: "SELECT date, price FROM price_history ORDER BY id").map { "\($0[0] as String) \($0[1] as String)" }
            #expect(rows == expected)
            #expect(s.changes.counts["price"] == [count, 0, 0])
        }
    }

    @Test("prices listed day by day are written asset by asset, in date order, every row once")
    func pricesWrittenByAsset() throws {
        try withStore { s in
            var csv = "Date,Asset,Price\n"
            for n in 0..<(2 * SessionCommandStore.pricesPerStatement + 7) {
                let date = CalendarDate("2020-01-01")!.adding(days: n)
                csv += "\(date),BETA,\(200 + n)\n\(date),ACME,\(100 + n)\n"
            }
            let outcome = try importCSV(s, .prices, csv) { $0.defaultAssetType = .stock }
            #expect(outcome.plan.addedCount == 2 * (2 * SessionCommandStore.pricesPerStatement + 7))
            let rows = try Row.fetchAll(s.db, sql: "SELECT asset_id, date FROM price_history ORDER BY id").map { "\($0[0] as Int64) \($0[1] as String)" }
            #expect(rows == rows.sorted { a, b in (Int(a.split(separator: " ")[0])!, a) < (Int(b.split(separator: " ")[0])!, b) })
            #expect(Set(rows).count == rows.count)
            let beta = try #require(try s.asset(named: "BETA")).id!
            #expect(try String.fetchOne(s.db, sql: "SELECT price FROM price_history WHERE asset_id = ? AND date = '2020-01-03'", arguments: [beta]) == "202")
        }
    }

    @Test("an empty text and a missing source are stored as '' and NULL, not the other way round")
    func emptyAndNull() throws {
        try withStore { s in
            _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price,Note\n2024-01-02,ACME,buy,1,10,\n") { $0.defaultAssetType = .stock }
            let row = try Row.fetchOne(s.db, sql: "SELECT note, source_asset_id, related_id, date FROM asset_transaction")!
            #expect(row[0] as String? == "")
            #expect(row[1] as Int64? == nil)
            #expect(row[2] as Int64? == nil)
            #expect(row[3] as String? == "2024-01-02")
        }
    }

    @Test("the source index holds only transactions with a source, and still serves source queries and the foreign key")
    func partialSourceIndex() throws {
        try withStore { s in
            _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,1,10\n2024-01-03,ACME,buy,2,10\n") { $0.defaultAssetType = .stock }
            let sql = try String.fetchOne(s.db, sql: "SELECT sql FROM sqlite_master WHERE name = 'transaction_source'") ?? ""
            #expect(sql.hasSuffix("WHERE source_asset_id IS NOT NULL"))
            for query in ["SELECT total FROM asset_transaction WHERE source_asset_id = 1 AND type IN ('dividend', 'interest')",
                          "SELECT id FROM asset_transaction WHERE source_asset_id IN (1, 2)"] {
                let plan = try Row.fetchAll(s.db, sql: "EXPLAIN QUERY PLAN " + query).map { $0["detail"] as String }
                #expect(plan.contains { $0.contains("USING INDEX transaction_source") || $0.contains("USING COVERING INDEX transaction_source") }, "\(plan)")
            }
            let counted = try Int.fetchOne(s.db, sql: "SELECT count(*) FROM asset_transaction INDEXED BY transaction_source WHERE source_asset_id IS NOT NULL")
            #expect(counted == 0)
        }
    }
}
