import Foundation

/// The transaction form's rules (BusinessLogic.md "Transaction Creation Workflow"), with
/// its messages. "Amount" replaces "Quantity" for cash assets.
public enum TransactionRules {
    /// Checks a new transaction dated after every other one of its asset against the asset's
    /// current quantity (the app's form). Commands check every date: `HoldingsRules`.
    public static func validateNew(_ transaction: Transaction, asset: Asset, currentQuantity: ExactDecimal, today: CalendarDate) throws {
        try validateFields(transaction, asset: asset, today: today)
        try HoldingsRules.checkNew(transaction, asset: asset, history: HoldingsHistory(opening: currentQuantity))
    }

    /// "Quantity must be greater than zero." ("Amount …" for cash), for a transaction or an
    /// asset's opening quantity.
    public static func notAboveZeroMessage(_ noun: String) -> String { "\(noun) must be greater than zero." }

    /// The checks that need nothing but the transaction itself.
    public static func validateFields(_ transaction: Transaction, asset: Asset, today: CalendarDate) throws {
        try DateRules.validateNotFuture(transaction.date, today: today)
        let noun = asset.isCash ? "Amount" : "Quantity"
        if transaction.type.isSigned {
            if transaction.quantity.isZero { throw RuleViolation("\(noun) must not be zero for \(transaction.type == .split ? "a split" : "an adjustment").", rule: .outOfRange) }
        } else if transaction.quantity <= 0 {
            throw RuleViolation(notAboveZeroMessage(noun), rule: .outOfRange)
        }
        if !asset.isCash, transaction.pricePerUnit < 0 { throw RuleViolation("Price per unit must be zero or greater.", rule: .outOfRange) }
        if transaction.fees < 0 { throw RuleViolation("Fees must be zero or greater.", rule: .outOfRange) }
        try checkRange(transaction, noun: noun)
    }

    /// Values the store cannot keep exactly are refused before anything is written.
    static func checkRange(_ transaction: Transaction, noun: String) throws {
        try AmountRange.check(transaction.quantity, noun)
        try AmountRange.check(transaction.pricePerUnit, "Price per unit")
        try AmountRange.check(transaction.fees, "Fees", limit: AmountRange.totalLimit)
        _ = try AmountRange.total(quantity: transaction.quantity, price: transaction.pricePerUnit)
        try AmountRange.check(transaction.totalAmount, "The total", limit: AmountRange.totalLimit)
    }

    /// Cash is counted at 1 per unit whatever the caller says.
    public static func normalized(_ transaction: Transaction, for asset: Asset) -> Transaction {
        guard asset.isCash else { return transaction }
        var t = transaction
        t.pricePerUnit = 1
        t.totalAmount = t.quantity
        return t
    }
}
