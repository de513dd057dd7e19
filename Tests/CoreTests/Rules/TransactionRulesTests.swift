import Foundation
import Testing
@testable import Core

@Suite("TransactionRules")
struct TransactionRulesTests {
    let today = CalendarDate("2024-06-01")!
    let stock = Asset(id: 1, name: "ACME", type: .stock)
    let cash = Asset(id: 2, name: "Cash", type: .cash)

    func draft(_ type: TransactionType, _ q: ExactDecimal, price: ExactDecimal = 1, date: String = "2024-06-01") -> Transaction {
        Transaction(assetID: 1, type: type, date: CalendarDate(date)!, quantity: q, pricePerUnit: price, currency: "USD")
    }

    func message(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return (error as? RuleViolation)?.message }
    }

    @Test("the seeds' messages")
    func messages() {
        #expect(message { try TransactionRules.validateNew(draft(.buy, 1, date: "2024-06-02"), asset: stock, currentQuantity: 0, today: today) } == "Date cannot be in the future.")
        #expect(message { try TransactionRules.validateNew(draft(.buy, 0), asset: stock, currentQuantity: 0, today: today) } == "Quantity must be greater than zero.")
        #expect(message { try TransactionRules.validateNew(draft(.buy, -1), asset: cash, currentQuantity: 0, today: today) } == "Amount must be greater than zero.")
        #expect(message { try TransactionRules.validateNew(draft(.buy, 1, price: -1), asset: stock, currentQuantity: 0, today: today) } == "Price per unit must be zero or greater.")
        #expect(message { try TransactionRules.validateNew(draft(.sell, 11), asset: stock, currentQuantity: 10, today: today) } == "Cannot sell more than current holdings (10).")
        #expect(message { try TransactionRules.validateNew(draft(.transferOut, 11), asset: stock, currentQuantity: 10, today: today) } == "Cannot transfer out more than current holdings (10).")
    }

    @Test("today is allowed, price 0 is allowed, selling everything is allowed")
    func boundaries() throws {
        try TransactionRules.validateNew(draft(.buy, 1, price: 0), asset: stock, currentQuantity: 0, today: today)
        try TransactionRules.validateNew(draft(.sell, 10), asset: stock, currentQuantity: 10, today: today)
    }

    @Test("cash is counted at 1 whatever the price given")
    func cashPrice() {
        let t = TransactionRules.normalized(draft(.buy, 250, price: 7), for: cash)
        #expect(t.pricePerUnit == 1)
        #expect(t.totalAmount == 250)
    }
}
