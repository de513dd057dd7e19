import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// `TransactionRecord` is the one description of `asset_transaction`: its columns are the
/// schema's, in order; a transaction written and read back is unchanged through every
/// reader; and no other source file spells the column list.
@Suite("TransactionRecord: the asset_transaction columns named once")
struct TransactionRecordTests: StoreRuleTesting {
    @Test("its columns are the schema's columns, in the schema's order")
    func matchesSchema() throws {
        try withStore { s in
            let schema = try Row.fetchAll(s.db, sql: "PRAGMA table_info(asset_transaction)").map { $0["name"] as String }
            #expect(schema == TransactionRecord.Column.allCases.map(\.name))
            #expect(TransactionRecord.selection == schema.joined(separator: ", "))
            #expect(TransactionRecord.insertSQL == "INSERT INTO asset_transaction(\(schema.dropFirst().joined(separator: ", "))) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        }
    }

    @Test("every field survives the insert, the by-name reader, the raw reader and the holdings reader")
    func roundTrip() throws {
        try withStore { s in
            let cash = try asset(s, "Cash", .cash, quantity: "100", price: "1")
            let acme = try asset(s, "ACME", .stock, quantity: "10", price: "12.5")
            let income = try s.execute(Dividend(asset: cash.id!, source: acme.id!, amount: 3, date: d("2024-02-01"), note: "Q1 – ünïcode"))
            let sell = try s.execute(Trade(.sell, asset: acme.id!, quantity: x("1.25"), price: x("13.333"), date: d("2024-03-01"), fees: x("0.5"), note: "part"))
            for t in [income, sell] {
                #expect(try s.transaction(id: t.id!) == t)
                #expect(try s.allTransactionsByAsset()[t.assetID]?.contains(t) == true)
                #expect(try s.transactions(ofAsset: t.assetID).contains(t))
                #expect(try SessionCommandStore(s).holdings(ofAsset: t.assetID, from: HoldingsHistory.ledgerKey(t)).transactions.contains(t))
            }
            #expect(income.sourceAssetID == acme.id && sell.fees == x("0.5") && sell.totalAmount == x("16.66625"))
        }
    }

    @Test("no source file but TransactionRecord.swift (and the frozen migrations) spells the column list")
    func spelledOnce() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        var found: [String] = []
        for case let url as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)! where url.pathExtension == "swift" && url.lastPathComponent != "TransactionRecord.swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.contains("quantity, price, total") || text.contains("\"source_asset_id\", \"note\"") || text.contains("currency, source_asset_id, related_id") {
                found.append(url.lastPathComponent)
            }
        }
        #expect(found == [])
    }
}
