import Foundation
import Testing
@testable import Core

private let today = CalendarDate("2025-06-01")!
private let stock = Asset(id: 1, name: "AAPL", type: .stock)

private func tx(_ type: TransactionType, _ quantity: ExactDecimal, price: ExactDecimal = 10) -> Transaction {
    Transaction(id: 1, assetID: 1, type: type, date: CalendarDate("2025-05-01")!, quantity: quantity, pricePerUnit: price, currency: "USD")
}

@Suite struct TransactionEditRulesTests {
    // Holdings: buy 10, sell 4 → 6.

    @Test func editSellBeyondBase() {
        #expect(TransactionEditRules.baseQuantity(original: tx(.sell, 4), currentQuantity: 6) == 10)
        #expect(throws: RuleViolation("Cannot sell more than available holdings (10).")) {
            try TransactionEditRules.checkEditQuantity(original: tx(.sell, 4), edited: tx(.sell, 12), currentQuantity: 6)
        }
        #expect(throws: Never.self) {
            try TransactionEditRules.checkEditQuantity(original: tx(.sell, 4), edited: tx(.sell, 10), currentQuantity: 6)
        }
    }

    @Test func editTypeChangeBuyToSell() {
        // the buy of 10 becomes a sell of 10: base = 6 − 10 = −4
        #expect(throws: RuleViolation("Cannot sell more than available holdings (-4).")) {
            try TransactionEditRules.checkEditQuantity(original: tx(.buy, 10), edited: tx(.sell, 10), currentQuantity: 6)
        }
    }

    @Test func editToTransferOut() {
        #expect(throws: RuleViolation("Cannot transfer out more than available holdings (10).")) {
            try TransactionEditRules.checkEditQuantity(original: tx(.sell, 4), edited: tx(.transferOut, dec("10.5")), currentQuantity: 6)
        }
    }

    @Test func editShrinkingABuyBelowLaterSells() {
        // buy 10 edited to buy 3: base −4, 3 − 4 < 0
        #expect(throws: RuleViolation("This change would cause the asset quantity to become negative.")) {
            try TransactionEditRules.checkEditQuantity(original: tx(.buy, 10), edited: tx(.buy, 3), currentQuantity: 6)
        }
        #expect(throws: RuleViolation("This change would cause the asset quantity to become negative.")) {
            try TransactionEditRules.checkEditQuantity(original: tx(.buy, 10), edited: tx(.adjustment, -5), currentQuantity: 6)
        }
        #expect(throws: Never.self) {
            try TransactionEditRules.checkEditQuantity(original: tx(.buy, 10), edited: tx(.buy, 4), currentQuantity: 6)
        }
    }

    @Test func fullEditAlsoChecksFields() {
        var future = tx(.buy, 10)
        future.date = CalendarDate("2025-07-01")!
        #expect(throws: RuleViolation("Date cannot be in the future.")) {
            try TransactionEditRules.validateEdit(original: tx(.buy, 10), edited: future, asset: stock, currentQuantity: 6, today: today)
        }
        #expect(throws: RuleViolation("Quantity must be greater than zero.")) {
            try TransactionEditRules.validateEdit(original: tx(.buy, 10), edited: tx(.buy, 0), asset: stock, currentQuantity: 6, today: today)
        }
        #expect(throws: Never.self) {
            try TransactionEditRules.validateEdit(original: tx(.buy, 10), edited: tx(.buy, 8, price: 12), asset: stock, currentQuantity: 6, today: today)
        }
    }

    @Test func deletion() {
        #expect(throws: RuleViolation("Deleting this transaction would cause the asset quantity to become negative.")) {
            try TransactionEditRules.validateDeletion(tx(.buy, 10), currentQuantity: 6)
        }
        #expect(throws: Never.self) { try TransactionEditRules.validateDeletion(tx(.sell, 4), currentQuantity: 6) }
        #expect(throws: Never.self) { try TransactionEditRules.validateDeletion(tx(.buy, 6), currentQuantity: 6) }
        // a negative adjustment's removal adds back
        #expect(throws: Never.self) { try TransactionEditRules.validateDeletion(tx(.adjustment, -2), currentQuantity: 0) }
        #expect(throws: RuleViolation(TransactionEditRules.deleteNegativeMessage)) {
            try TransactionEditRules.validateDeletion(tx(.adjustment, 3), currentQuantity: 2)
        }
    }

    @Test func setQuantity() throws {
        #expect(try TransactionEditRules.setQuantityAdjustment(current: 10, new: 7) == -3)
        #expect(try TransactionEditRules.setQuantityAdjustment(current: 10, new: dec("12.5")) == dec("2.5"))
        #expect(try TransactionEditRules.setQuantityAdjustment(current: 10, new: 0) == -10)
        #expect(throws: RuleViolation("The new quantity is the same as the current quantity (10); there is nothing to adjust.")) {
            try TransactionEditRules.setQuantityAdjustment(current: 10, new: 10)
        }
        #expect(throws: RuleViolation("The new amount must be zero or greater.")) {
            try TransactionEditRules.setQuantityAdjustment(current: 10, new: -1, isCash: true)
        }
    }
}

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }
