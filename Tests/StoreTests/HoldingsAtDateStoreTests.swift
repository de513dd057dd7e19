import Foundation
import Testing
@testable import Core
@testable import Store

/// "The quantity must not exceed the asset's current holdings at the time of the
/// transaction" (BusinessLogic.md "Data Validation Rules"), for every change, through the Store.
@Suite("Holdings are checked at the transaction's date (Store)")
struct HoldingsAtDateStoreTests: StoreRuleTesting {
    func trade(_ s: StoreSession, _ a: Asset, _ type: TransactionType, _ q: ExactDecimal, on date: String) throws -> Transaction {
        try s.execute(Trade(Trade.Direction(type)!, asset: a.id!, quantity: q, price: 10, date: d(date)))
    }

    @Test("issue 11: buy 10 on 2024-06-01, sell 5 dated 2024-01-01 is refused; nothing changes")
    func sellBeforeFirstBuy() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: "10", price: "10", date: "2024-06-01")
            #expect(message { _ = try trade(s, a, .sell, 5, on: "2024-01-01") } == "Cannot sell more than available holdings on 2024-01-01 (0).")
            #expect(message { _ = try trade(s, a, .transferOut, 5, on: "2024-01-01") } == "Cannot transfer out more than available holdings on 2024-01-01 (0).")
            let p = try s.position(ofAsset: a.id!)
            #expect(p.quantity == 10 && p.averageCost == 10 && p.realizedGain == 0)
            #expect(try s.transactions(ofAsset: a.id!).count == 1)
        }
    }

    @Test("editing a date or quantity, and deleting a buy, are refused naming the first short date")
    func editsAndDeletions() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: "10", price: "10", date: "2024-01-02")
            let buy = try #require(try s.transactions(ofAsset: a.id!).first)
            let sell = try trade(s, a, .sell, 8, on: "2024-03-01")
            #expect(message { _ = try s.editTransaction(id: sell.id!) { $0.date = d("2024-01-01") } } == "Cannot sell more than available holdings on 2024-01-01 (0).")
            #expect(message { _ = try s.editTransaction(id: buy.id!) { $0.date = d("2024-04-01") } } == "This change would cause the asset quantity to become negative on 2024-03-01.")
            #expect(message { _ = try s.editTransaction(id: buy.id!) { $0.quantity = 7 } } == "This change would cause the asset quantity to become negative on 2024-03-01.")
            #expect(message { try s.deleteTransaction(id: buy.id!) } == "Deleting this transaction would cause the asset quantity to become negative on 2024-03-01.")
            // a second buy later does not rescue the March sell
            _ = try trade(s, a, .buy, 10, on: "2024-05-01")
            #expect(message { try s.deleteTransaction(id: buy.id!) } == "Deleting this transaction would cause the asset quantity to become negative on 2024-03-01.")
            #expect(message { _ = try trade(s, a, .sell, 3, on: "2024-02-01") } == "Cannot sell more than available holdings on 2024-02-01 (2).")
            _ = try trade(s, a, .sell, 2, on: "2024-02-01")
            #expect(try s.position(ofAsset: a.id!).quantity == 10)
        }
    }

    @Test("a change dated after the last transaction reads no history: the cached quantity decides")
    func appendReadsNoHistory() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: "10", price: "10", date: "2024-01-02")
            let store = SessionCommandStore(s)
            #expect(try store.holdings(ofAsset: a.id!, from: .init(date: d("2024-02-01"), id: .max)) == HoldingsHistory(opening: 10))
            let history = try store.holdings(ofAsset: a.id!, from: .init(date: d("2024-01-01"), id: .max))
            #expect(history.opening == 0 && history.transactions.count == 1)
        }
    }
}
