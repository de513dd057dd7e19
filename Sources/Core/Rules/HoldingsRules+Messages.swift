import Foundation

/// Every sentence of the holdings rule, each written once (`RuleMessagesOnceTests` keeps it
/// so). The app's own sentences name the current holdings; an edit names what is available
/// without the edited transaction; a change that is short before the end of the ledger
/// names the date.
extension HoldingsRules {
    /// Which holdings a refused outflow is measured against.
    public enum Stake: Equatable, Sendable {
        /// A new transaction after every other one: the app's "current holdings".
        case current
        /// An edit of the last transaction: the holdings without it.
        case available
        /// A change short before the end of the ledger: the holdings on that date.
        case availableOn(CalendarDate)
    }

    /// "Cannot sell more than current holdings (10)." and its siblings: `type` is an outflow
    /// (a sell, a transfer out, a fee or tax paid in units), `most` the most it could take.
    public static func beyondHoldingsMessage(_ type: TransactionType, _ stake: Stake, most: ExactDecimal) -> String {
        let most = most.plainText
        switch (type, stake) {
        case (.sell, .current): return "Cannot sell more than current holdings (\(most))."
        case (.sell, .available): return "Cannot sell more than available holdings (\(most))."
        case (.sell, .availableOn(let date)): return "Cannot sell more than available holdings on \(date) (\(most))."
        case (.transferOut, .current): return "Cannot transfer out more than current holdings (\(most))."
        case (.transferOut, .available): return "Cannot transfer out more than available holdings (\(most))."
        case (.transferOut, .availableOn(let date)): return "Cannot transfer out more than available holdings on \(date) (\(most))."
        // A fee or tax paid in units ("Cannot pay a fee of more than current holdings (3).").
        case (_, .current): return "Cannot \(type.outflowVerb) more than current holdings (\(most))."
        case (_, .available): return "Cannot \(type.outflowVerb) more than available holdings (\(most))."
        case (_, .availableOn(let date)): return "Cannot \(type.outflowVerb) more than available holdings on \(date) (\(most))."
        }
    }

    /// A change (not an outflow beyond holdings) that leaves the quantity below zero.
    public static let negativeQuantityMessage = "This change would cause the asset quantity to become negative."
    /// The same, short on `date`, before the end of the ledger.
    public static func negativeQuantityMessage(on date: CalendarDate) -> String {
        "This change would cause the asset quantity to become negative on \(date)."
    }

    /// A deletion that leaves the quantity below zero.
    public static let deleteNegativeMessage = "Deleting this transaction would cause the asset quantity to become negative."
    /// The same, short on `date`, before the end of the ledger.
    public static func deleteNegativeMessage(on date: CalendarDate) -> String {
        "Deleting this transaction would cause the asset quantity to become negative on \(date)."
    }

    /// An imported row that takes what a later stored transaction needs (the import blames
    /// the row, not the stored transaction).
    public static func leavesStoredShortMessage(_ type: TransactionType, quantity: ExactDecimal, on date: CalendarDate) -> String {
        "This leaves the stored \(type.rawValue) of \(quantity.plainText) on \(date) beyond holdings."
    }

    /// A rebalancing request selling more than the holding (`RebalanceEngine.plan(_:requests:…)`).
    public static func rebalanceBeyondHoldingMessage(_ label: String, value: ExactDecimal, quantity: ExactDecimal,
                                                     alreadySold: Bool) -> String {
        let already = alreadySold ? ", some already sold by an earlier trade" : ""
        return "\(label): sells more than the holding (\(value.fixedText(places: 2)), \(quantity.plainText) units\(already))."
    }
}
