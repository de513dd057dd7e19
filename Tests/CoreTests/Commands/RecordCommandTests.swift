import Foundation
import Testing
@testable import Core

@Suite("Price and edit commands: RecordPrice, EditPrice, DeletePrice, EditTransaction, DeleteTransaction")
struct RecordCommandTests {
    @Test("RecordPrice: one per day, not in the future, not negative; cash at 1; date defaults to today")
    func recordPrice() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: 1, price: 10, date: "2024-01-02")
        #expect(try s.run(RecordPrice(asset: acme.id!, price: 11)).date == s.today)
        let dup = violation { try s.run(RecordPrice(asset: acme.id!, price: 12, date: ymd("2024-01-02"))) }
        #expect(dup?.description == "A price record already exists for this date (ACME, 2024-01-02).")
        #expect(dup?.rule == .duplicate)
        #expect(dup?.asset == "ACME")
        #expect(violation { try s.run(RecordPrice(asset: acme.id!, price: 1, date: ymd("2024-07-01"))) }?.description == "Date cannot be in the future.")
        #expect(violation { try s.run(RecordPrice(asset: acme.id!, price: -1, date: ymd("2024-02-01"))) }?.description == "Price must be zero or greater.")
        let cash = try s.asset("Cash", .cash)
        #expect(try s.run(RecordPrice(asset: cash.id!, price: 5)).price == 1)
    }

    @Test("EditPrice keeps one record per day, leaving the record itself out; DeletePrice keeps the last one")
    func editAndDeletePrice() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: 1, price: 10, date: "2024-01-02")
        let first = s.prices.values.first!
        #expect(try s.run(EditPrice(id: first.id!, price: 9, date: ymd("2024-01-02"))).price == 9)
        let second = try s.run(RecordPrice(asset: acme.id!, price: 11, date: ymd("2024-02-01")))
        #expect(violation { try s.run(EditPrice(id: second.id!, date: ymd("2024-01-02"))) }?.description == "A price record already exists for this date (ACME, 2024-01-02).")
        try s.run(DeletePrice(id: second.id!))
        let last = violation { try s.run(DeletePrice(id: first.id!)) }
        #expect(last?.description == "An asset must have at least one price record.")
        #expect(last?.rule == .inUse)
    }

    @Test("EditTransaction: base = quantity − old impact; base + new impact ≥ 0; the total follows")
    func editTransaction() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: 10, price: 10)
        let sell = try s.run(Trade(.sell, asset: acme.id!, quantity: 4, price: 12, date: ymd("2024-03-01")))
        let v = violation { try s.run(EditTransaction(id: sell.id!, quantity: 12)) }
        #expect(v?.description == "Cannot sell more than available holdings (10).")
        #expect(v?.asset == "ACME")
        let edited = try s.run(EditTransaction(id: sell.id!, quantity: 8))
        #expect(edited.totalAmount == 96)
        #expect(try s.quantity(ofAsset: acme.id!) == 2)
    }

    @Test("DeleteTransaction refuses to make the quantity negative")
    func deleteTransaction() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: 10, price: 10)
        let buy = s.transactions.values.first!
        _ = try s.run(Trade(.sell, asset: acme.id!, quantity: 4, date: ymd("2024-03-01")))
        let v = violation { try s.run(DeleteTransaction(id: buy.id!)) }
        // the sell of 2024-03-01 would be short: the message and the context name that date
        #expect(v?.description == "Deleting this transaction would cause the asset quantity to become negative on 2024-03-01.")
        #expect(v?.rule == .insufficientHoldings)
        #expect(v?.date == ymd("2024-03-01"))
    }
}
