import Foundation

/// A sale (a withdrawal for a cash asset); refused beyond current holdings
/// ("Cannot sell more than current holdings (10).").
/// Defaults and rules: `TradeCommand`.
public struct Sell: TradeCommand {
    public static let type = TransactionType.sell
    public var asset: Int64
    public var quantity: ExactDecimal
    /// nil: the asset's current price.
    public var price: ExactDecimal?
    /// nil: today.
    public var date: CalendarDate?
    public var fees: ExactDecimal
    public var note: String

    public init(asset: Int64, quantity: ExactDecimal, price: ExactDecimal? = nil, date: CalendarDate? = nil,
                fees: ExactDecimal = 0, note: String = "") {
        self.asset = asset
        self.quantity = quantity
        self.price = price
        self.date = date
        self.fees = fees
        self.note = note
    }
}
