import Foundation

/// The part of a sale that closed one lot: `quantity` units acquired on `acquired`, sold
/// on `sold`. `proceeds` are after this piece's share of the sale's fees, so
/// `gain = proceeds − cost`; the converted figures use the sale day's rate for the proceeds
/// and the acquisition day's rate for the cost.
public struct RealizedPiece: Equatable, Sendable {
    public var holding: Int64
    /// The sale's transaction id, when it has one.
    public var reference: Int64?
    public var acquired: CalendarDate
    public var sold: CalendarDate
    public var quantity: ExactDecimal
    public var proceeds: ExactDecimal
    /// This piece's share of the sale's fees (already taken off `proceeds`).
    public var fees: ExactDecimal
    public var cost: ExactDecimal
    public var convertedProceeds: ExactDecimal
    public var convertedCost: ExactDecimal
    /// The fees at the sale day's rate.
    public var convertedFees: ExactDecimal

    public var gain: ExactDecimal { proceeds - cost }
    public var convertedGain: ExactDecimal { convertedProceeds - convertedCost }

    public init(holding: Int64, reference: Int64?, acquired: CalendarDate, sold: CalendarDate, quantity: ExactDecimal, proceeds: ExactDecimal,
                fees: ExactDecimal, cost: ExactDecimal, convertedProceeds: ExactDecimal, convertedCost: ExactDecimal, convertedFees: ExactDecimal) {
        self.holding = holding
        self.reference = reference
        self.acquired = acquired
        self.sold = sold
        self.quantity = quantity
        self.proceeds = proceeds
        self.fees = fees
        self.cost = cost
        self.convertedProceeds = convertedProceeds
        self.convertedCost = convertedCost
        self.convertedFees = convertedFees
    }
    public var holdingDays: Int { HoldingPeriod.days(from: acquired, to: sold) }
}
