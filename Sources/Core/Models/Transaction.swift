import Foundation

/// One movement of an asset's units.
public struct Transaction: Equatable, Sendable {
    public var id: Int64?
    public var assetID: Int64
    public var type: TransactionType
    public var date: CalendarDate
    /// Units moved, always positive, except for an adjustment, which carries the signed
    /// difference it makes.
    public var quantity: ExactDecimal
    public var pricePerUnit: ExactDecimal
    /// quantity × price per unit, stored for the record as the app does.
    public var totalAmount: ExactDecimal
    public var fees: ExactDecimal
    public var currency: String
    /// The asset that paid a dividend or interest.
    public var sourceAssetID: Int64?
    /// The other half of a swap.
    public var relatedTransactionID: Int64?
    public var note: String

    public init(id: Int64? = nil, assetID: Int64, type: TransactionType, date: CalendarDate,
                quantity: ExactDecimal, pricePerUnit: ExactDecimal, fees: ExactDecimal = 0,
                currency: String, sourceAssetID: Int64? = nil, relatedTransactionID: Int64? = nil,
                note: String = "", totalAmount: ExactDecimal? = nil) {
        self.id = id
        self.assetID = assetID
        self.type = type
        self.date = date
        self.quantity = quantity
        self.pricePerUnit = pricePerUnit
        // A product out of range is left at the largest decimal, which TransactionRules
        // refuses with a message naming the values: it is never stored.
        self.totalAmount = totalAmount ?? (try? quantity.multiplied(by: pricePerUnit)) ?? .greatestFiniteMagnitude
        self.fees = fees
        self.currency = currency
        self.sourceAssetID = sourceAssetID
        self.relatedTransactionID = relatedTransactionID
        self.note = note
    }

    /// How this transaction changes the asset's quantity.
    public var quantityImpact: ExactDecimal { type.quantityImpact(quantity) }
}
