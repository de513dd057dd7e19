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
    /// The category it is filed under (optional).
    public var categoryID: Int64?
    /// The platform (broker, bank, wallet) holding it; "" when none. Trimmed.
    public var platform: String

    public init(id: Int64? = nil, name: String, type: AssetType, currency: String = "USD", notes: String = "", portfolioID: Int64? = nil,
                categoryID: Int64? = nil, platform: String = "") {
        self.id = id
        self.name = name
        self.type = type
        self.currency = currency
        self.notes = notes
        self.portfolioID = portfolioID
        self.categoryID = categoryID
        self.platform = platform
    }

    /// Cash is counted in its own currency: price fixed at 1, "Amount" instead of "Quantity".
    public var isCash: Bool { type == .cash }
}
