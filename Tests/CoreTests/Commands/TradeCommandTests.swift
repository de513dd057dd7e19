import Foundation
import Testing
@testable import Core

@Suite("Trade commands: Trade (buy, sell, transfer in, transfer out), RecordTransaction")
struct TradeCommandTests {
    @Test("price defaults to the current price, date to today, fees to 0")
    func defaults() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: 10, price: 10)
        _ = try s.run(RecordPrice(asset: acme.id!, price: 14, date: ymd("2024-03-01")))
        let t = try s.run(Trade(.buy, asset: acme.id!, quantity: 2))
        #expect(t.pricePerUnit == 14)
        #expect(t.date == s.today)
        #expect(t.fees == 0)
        #expect(t.totalAmount == 28)
        #expect(t.currency == "USD")
        #expect(try s.quantity(ofAsset: acme.id!) == 12)
    }

    @Test("a price given wins over the current price")
    func explicitPrice() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: 10, price: 10)
        let t = try s.run(Trade(.sell, asset: acme.id!, quantity: 4, price: 15, date: ymd("2024-03-01"), fees: 1, note: "half"))
        #expect(t.type == .sell)
        #expect(t.pricePerUnit == 15)
        #expect(t.note == "half")
        #expect(try s.quantity(ofAsset: acme.id!) == 6)
    }

    @Test("no sell or transfer out beyond holdings; the violation names the rule, asset and date")
    func holdingsCap() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: 10)
        let sell = violation { try s.run(Trade(.sell, asset: acme.id!, quantity: 11, date: ymd("2024-03-01"))) }
        #expect(sell?.description == "Cannot sell more than current holdings (10).")
        #expect(sell?.rule == .insufficientHoldings)
        #expect(sell?.asset == "ACME")
        #expect(sell?.date == ymd("2024-03-01"))
        let out = violation { try s.run(Trade(.transferOut, asset: acme.id!, quantity: 11)) }
        #expect(out?.description == "Cannot transfer out more than current holdings (10).")
        #expect(try s.run(Trade(.transferIn, asset: acme.id!, quantity: 1)).type == .transferIn)
        #expect(s.transactions.count == 2)  // the initial buy and the transfer in
    }

    @Test("a date after today is refused with the seeds' message")
    func futureDate() throws {
        let s = MemoryCommandStore(today: ymd("2024-06-30"))
        let acme = try s.asset("ACME", quantity: 10)
        let v = violation { try s.run(Trade(.buy, asset: acme.id!, quantity: 1, date: ymd("2024-07-01"))) }
        #expect(v?.description == "Date cannot be in the future.")
        #expect(v?.rule == .futureDate)
        #expect(v?.date == ymd("2024-07-01"))
        #expect(try s.run(Trade(.buy, asset: acme.id!, quantity: 1, date: ymd("2024-06-30"))).date == ymd("2024-06-30"))
    }

    @Test("quantity above zero; cash is counted at 1 whatever the price; a direction picks the type")
    func quantityAndCash() throws {
        let s = MemoryCommandStore()
        let cash = try s.asset("Cash", .cash, quantity: 100)
        #expect(violation { try s.run(Trade(.buy, asset: cash.id!, quantity: 0)) }?.description == "Amount must be greater than zero.")
        let deposit = try s.run(Trade(.buy, asset: cash.id!, quantity: 50, price: 7))
        #expect(deposit.pricePerUnit == 1)
        #expect(deposit.totalAmount == 50)
        #expect(try s.run(Trade(.transferOut, asset: cash.id!, quantity: 5)).type == .transferOut)
    }
}
