import Foundation

/// Checks for editing and deleting a recorded transaction and for setting an asset's
/// quantity directly (BusinessLogic.md "Transaction Edit Workflow" and "Transaction Delete
/// Workflow"), with the app's messages.
///
/// Worked example: an asset holds 10 after "buy 10"; it also has "sell 4", so it holds 6.
///
///     // editing the sell to 12: base = 6 − (−4) = 10, 10 − 12 < 0
///     try TransactionEditRules.checkEditQuantity(original: sell4, edited: sell12, currentQuantity: 6)
///     // throws "Cannot sell more than available holdings (10)."
///     // deleting the buy: 6 − 10 < 0
///     try TransactionEditRules.validateDeletion(buy10, currentQuantity: 6)
///     // throws "Deleting this transaction would cause the asset quantity to become negative."
///     try TransactionEditRules.setQuantityAdjustment(current: 6, new: 8)   // 2: an adjustment of +2
public enum TransactionEditRules {
    public static var negativeQuantityMessage: String { HoldingsRules.negativeQuantityMessage }
    public static var deleteNegativeMessage: String { HoldingsRules.deleteNegativeMessage }
    public static let deleteRecoverySuggestion = "Delete or edit other transactions first to ensure the quantity remains valid."

    /// The asset's quantity without `original`: current quantity − its impact.
    public static func baseQuantity(original: Transaction, currentQuantity: ExactDecimal) -> ExactDecimal {
        currentQuantity - original.quantityImpact
    }

    /// The full edit check: the same field rules as a new transaction
    /// (`TransactionRules.validateFields`), then `checkEditQuantity`.
    public static func validateEdit(original: Transaction, edited: Transaction, asset: Asset,
                                    currentQuantity: ExactDecimal, today: CalendarDate) throws {
        try TransactionRules.validateFields(edited, asset: asset, today: today)
        try checkEditQuantity(original: original, edited: edited, currentQuantity: currentQuantity)
    }

    /// base + new impact ≥ 0, where base = current quantity − the original's impact, for a
    /// transaction that stays the last of its asset. This covers changes of type (buy →
    /// sell), of quantity and of sign. Messages: "Cannot sell more than available holdings
    /// (base)." for a sell, "Cannot transfer out more than available holdings (base)." for a
    /// transfer out, otherwise "This change would cause the asset quantity to become
    /// negative." Commands check every date: `HoldingsRules.checkEdit`.
    public static func checkEditQuantity(original: Transaction, edited: Transaction, currentQuantity: ExactDecimal) throws {
        let history = HoldingsHistory(opening: baseQuantity(original: original, currentQuantity: currentQuantity), transactions: [original])
        try HoldingsRules.checkEdit(original: original, edited: edited, asset: nil, history: history)
    }

    /// Deleting the last transaction is allowed only when current quantity − its impact ≥ 0.
    /// Commands check every date: `HoldingsRules.checkDeletion`.
    public static func validateDeletion(_ transaction: Transaction, currentQuantity: ExactDecimal) throws {
        let history = HoldingsHistory(opening: currentQuantity - transaction.quantityImpact, transactions: [transaction])
        try HoldingsRules.checkDeletion(transaction, asset: nil, history: history)
    }

    /// The signed quantity of the adjustment that takes the asset from `current` to `new`
    /// (new − current).
    ///
    /// Decision: setting the quantity it already has is an error, not a silent no-op, since
    /// an adjustment of zero is not a valid transaction ("… must not be zero for an
    /// adjustment."); callers that want a no-op can compare first. A negative target is an
    /// error too. The noun is "Amount" for cash, as in the transaction form.
    ///
    ///     setQuantityAdjustment(current: 10, new: 7)    // -3
    ///     setQuantityAdjustment(current: 10, new: 10)   // throws "The new quantity is the same as the current quantity (10); there is nothing to adjust."
    public static func setQuantityAdjustment(current: ExactDecimal, new: ExactDecimal, isCash: Bool = false) throws -> ExactDecimal {
        let noun = isCash ? "amount" : "quantity"
        if new < 0 { throw RuleViolation("The new \(noun) must be zero or greater.", rule: .outOfRange) }
        if new == current {
            throw RuleViolation("The new \(noun) is the same as the current \(noun) (\(current.plainText)); there is nothing to adjust.", rule: .notAllowed)
        }
        return new - current
    }
}
