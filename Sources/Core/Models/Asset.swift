import Foundation

/// An investment or holding. It stores no quantity or value: those are always derived from
/// its transactions and price history (see `PositionCalculator`).
public struct Asset: Equatable, Sendable {
    public var id: Int64?
    public var name: String
    public var type: AssetType
    /// ISO 4217 code, upper case ("USD").
    public var currency: String
    public var notes: String
    public var portfolioID: Int64?

    public init(id: Int64? = nil, name: String, type: AssetType, currency: String = "USD", notes: String = "", portfolioID: Int64? = nil) {
        self.id = id
        self.name = name
        self.type = type
        self.currency = currency
        self.notes = notes
        self.portfolioID = portfolioID
    }

    /// Cash is counted in its own currency: price fixed at 1, "Amount" instead of "Quantity".
    public var isCash: Bool { type == .cash }
}
