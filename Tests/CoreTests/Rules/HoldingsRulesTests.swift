import Foundation
import Testing
@testable import Core

private let acme = Asset(id: 1, name: "ACME", type: .stock)

private func tx(_ id: Int64?, _ type: TransactionType, _ quantity: ExactDecimal, on date: String) -> Transaction {
    Transaction(id: id, assetID: 1, type: type, date: CalendarDate(date)!, quantity: quantity, pricePerUnit: 10, currency: "USD")
}

private func message(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch { return "\(error)" }
}

/// The holdings-at-date rule (BusinessLogic.md "Data Validation Rules"): no change may take
/// the holdings below zero on any date.
@Suite struct HoldingsRulesTests {
    let buy = tx(1, .buy, 10, on: "2024-06-01")

    @Test("a sell dated before the first buy is refused, naming the date (issue 11's example)")
    func sellBeforeBuy() {
        let history = HoldingsHistory(opening: 0, transactions: [buy])
        #expect(message { try HoldingsRules.checkNew(tx(nil, .sell, 5, on: "2024-01-01"), asset: acme, history: history) }
                == "Cannot sell more than available holdings on 2024-01-01 (0).")
        #expect(message { try HoldingsRules.checkNew(tx(nil, .transferOut, 5, on: "2024-01-01"), asset: acme, history: history) }
                == "Cannot transfer out more than available holdings on 2024-01-01 (0).")
    }

    @Test("a backdated sell may not take what a later sell needs")
    func laterSellNeedsItsShare() {
        let history = HoldingsHistory(opening: 10, transactions: [tx(2, .sell, 8, on: "2024-03-01")])
        #expect(message { try HoldingsRules.checkNew(tx(nil, .sell, 3, on: "2024-02-01"), asset: acme, history: history) }
                == "Cannot sell more than available holdings on 2024-02-01 (2).")
        #expect(message { try HoldingsRules.checkNew(tx(nil, .sell, 2, on: "2024-02-01"), asset: acme, history: history) } == nil)
    }

    @Test("after the last transaction: the app's own sentence")
    func lastInLedger() {
        #expect(message { try HoldingsRules.checkNew(tx(nil, .sell, 11, on: "2024-06-01"), asset: acme, history: HoldingsHistory(opening: 10)) }
                == "Cannot sell more than current holdings (10).")
    }

    @Test("moving a buy after a sell, shrinking it, deleting it: refused naming the first short date")
    func editsAndDeletions() {
        let sell = tx(2, .sell, 4, on: "2024-07-01")
        let history = HoldingsHistory(opening: 0, transactions: [buy, sell])
        var moved = buy
        moved.date = CalendarDate("2024-08-01")!
        #expect(message { try HoldingsRules.checkEdit(original: buy, edited: moved, asset: acme, history: history) }
                == "This change would cause the asset quantity to become negative on 2024-07-01.")
        var shrunk = buy
        shrunk.quantity = 3
        #expect(message { try HoldingsRules.checkEdit(original: buy, edited: shrunk, asset: acme, history: history) }
                == "This change would cause the asset quantity to become negative on 2024-07-01.")
        shrunk.quantity = 4
        #expect(message { try HoldingsRules.checkEdit(original: buy, edited: shrunk, asset: acme, history: history) } == nil)
        #expect(message { try HoldingsRules.checkDeletion(buy, asset: acme, history: history) }
                == "Deleting this transaction would cause the asset quantity to become negative on 2024-07-01.")
        var early = sell
        early.date = CalendarDate("2024-05-01")!
        #expect(message { try HoldingsRules.checkEdit(original: sell, edited: early, asset: acme, history: history) }
                == "Cannot sell more than available holdings on 2024-05-01 (0).")
    }

    @Test("the violation carries the rule, the asset and the date")
    func context() throws {
        do {
            try HoldingsRules.checkDeletion(buy, asset: acme, history: HoldingsHistory(opening: 0, transactions: [buy, tx(2, .sell, 4, on: "2024-07-01")]))
            Issue.record("expected a violation")
        } catch let v as RuleViolation {
            #expect(v.rule == .insufficientHoldings && v.asset == "ACME" && v.date == CalendarDate("2024-07-01"))
        }
    }

    @Test("a point already short before the change fails only if the change makes it worse")
    func legacyShortfall() {
        let history = HoldingsHistory(opening: 0, transactions: [tx(2, .sell, 4, on: "2024-01-01"), buy])
        #expect(message { try HoldingsRules.checkNew(tx(nil, .buy, 1, on: "2024-06-01"), asset: acme, history: history) } == nil)
        #expect(message { try HoldingsRules.checkNew(tx(nil, .sell, 1, on: "2024-03-01"), asset: acme, history: history) } != nil)
    }
}
