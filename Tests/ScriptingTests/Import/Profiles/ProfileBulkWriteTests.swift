import Foundation
import GRDB
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// A profiled import writes its transactions in one bulk write at the end
/// (`StagedImportStore`, `SessionCommandStore.insertStaged`): the stored rows are exactly
/// those the commands wrote one by one, and a refused import leaves the store as it was.
@Suite("Profile imports: bulk-written")
struct ProfileBulkWriteTests {
    /// Every sample with what its test gives it (an opening file for the IBKR trades).
    static let samples = ["trading212.csv", "degiro-nl.csv", "investengine.csv", "scalable.csv", "traderepublic.csv", "bitstamp.csv",
                          "fidelity.csv", "ibkr-flex-trades.csv", "ibkr-statement.csv", "freetrade.csv", "etoro.csv", "coinbase.csv",
                          "kraken-ledgers.csv", "ghostfolio.csv", "portfolio-performance.csv", "schwab.csv", "revolut.csv"]

    /// Every stored row the import writes, as text, table by table.
    static func dump(_ t: ProfileTestStore) throws -> [String] {
        try t.session { s in
            var lines: [String] = []
            for (table, order) in [("asset", "id"), ("asset_transaction", "id"), ("import_key", "transaction_id"), ("price_history", "id"),
                                   ("portfolio", "id")] {
                for row in try Row.fetchAll(s.db, sql: "SELECT * FROM \(table) ORDER BY \(order)") {
                    lines.append(table + ": " + row.description)
                }
            }
            return lines
        }
    }

    func imported(_ name: String, bulk: Bool) throws -> (store: ProfileTestStore, lines: [String]) {
        let t = try ProfileTestStore()
        let opening = name == "ibkr-flex-trades.csv"
            ? try temporaryFile("opening.csv", "asset,date,quantity,cost basis\nInteractive Brokers USD,2024-01-02,5000,5000\nInteractive Brokers EUR,2024-01-02,1000,1000\n")
            : nil
        defer { if let opening { try? FileManager.default.removeItem(atPath: opening) } }
        let lines = try #require(try t.importing(try sample(name)) { $0.bulkWrite = bulk; $0.opening = opening })
        return (t, lines)
    }

    @Test("every sample stores the same rows (ids, links, keys, prices, assets) bulk-written as written one by one", arguments: samples)
    func sameRows(_ name: String) throws {
        let one = try imported(name, bulk: false), bulk = try imported(name, bulk: true)
        #expect(bulk.lines == one.lines)
        let rows = try Self.dump(bulk.store)
        #expect(rows == (try Self.dump(one.store)))
        #expect(rows.contains { $0.hasPrefix("asset_transaction: ") })
        // Re-importing the file into the bulk-written store adds nothing.
        let again = try #require(try bulk.store.importing(try sample(name)))
        #expect(again.contains { $0.contains("No rows were imported") } || name == "ibkr-flex-trades.csv", "\(again)")
        #expect(try Self.dump(bulk.store) == rows)
    }

    @Test("a linked pair (a dividend and its tax, a conversion's two legs) names each other's stored ids")
    func linksResolved() throws {
        let t = try imported("trading212.csv", bulk: true).store
        let pairs = try t.session { s in
            try Row.fetchAll(s.db, sql: "SELECT a.id, a.related_id, b.related_id FROM asset_transaction a JOIN asset_transaction b ON b.id = a.related_id")
        }
        #expect(!pairs.isEmpty)
        for pair in pairs { #expect(pair[0] as Int64 == pair[2] as Int64) }
    }

    @Test("the walk lets each row's operations go once its steps are written, the steps and lines kept; a command's plan is written once")
    func operationsLetGo() throws {
        let (script, results) = try #require(try ProfileImport.profiled(try sample("trading212.csv"), request: ProfileImport.Request(file: "sample.csv")))
        let plan = ProfileImportPlan(results, existing: [], cash: true)
        #expect(plan.rows.contains { !$0.operations.isEmpty })
        let command = ApplyProfileImport(plan: plan, platform: script.descriptor.platform)
        let t = try ProfileTestStore()
        try t.session { s in
            try s.atomically {
                var writer = ProfileWriter(store: SessionCommandStore(s), plan: plan, command: command)
                try writer.writeSteps()
                #expect(writer.problems.isEmpty)
                #expect(writer.written > 0)
                #expect(writer.plan.rows.allSatisfy { $0.operations.isEmpty })
                #expect(writer.plan.steps.count == plan.steps.count && writer.plan.newRowCount == plan.newRowCount)
                #expect(writer.plan.rows.map(\.row.line) == plan.rows.map(\.row.line))
            }
        }
        let other = try ProfileTestStore()
        #expect(try other.session { try $0.execute(command) }.transactions > 0)
        #expect { try other.session { try $0.execute(command) } } throws: { "\($0)".contains("written once") }
    }

    @Test("a row refused while writing (a date in the future) leaves every table as it was, at any row")
    func refusedLeavesStoreUnchanged() throws {
        let t = try imported("trading212.csv", bulk: true).store
        let before = try Self.dump(t)
        let head = "Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,Currency (Result),Total,Currency (Total),Withholding tax,Currency (Withholding tax),Notes,ID\n"
        let rows = "Deposit,2024-03-01 09:00:00,,,,,,,,,,1000.00,EUR,,,,N1\n"
            + "Market buy,2024-03-02 10:00:00,US0000000009,NEWCO,New Co,2,100.00,EUR,1.00000,,EUR,200.00,EUR,,,,N2\n"
            + "Deposit,2025-06-01 09:00:00,,,,,,,,,,5.00,EUR,,,,N3\n"
        #expect { try t.importing(Data((head + rows).utf8)) } throws: { "\($0)".contains("line 4:") && "\($0)".contains("future") }
        #expect(try Self.dump(t) == before)
        #expect(try t.asset("NEWCO") == nil)
    }
}
