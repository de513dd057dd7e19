import Foundation

/// A lot still held: `quantity` units acquired on `acquired`, at `cost` in total.
public struct OpenLot: Equatable, Sendable {
    public var acquired: CalendarDate
    /// The asset (one security on one platform) holding it.
    public var holding: Int64
    public var quantity: ExactDecimal
    /// Total cost in the asset's currency, buy fees included.
    public var cost: ExactDecimal
    /// The cost in the reporting currency, at the rate of the acquisition day.
    public var convertedCost: ExactDecimal

    public init(acquired: CalendarDate, holding: Int64, quantity: ExactDecimal, cost: ExactDecimal, convertedCost: ExactDecimal) {
        self.acquired = acquired
        self.holding = holding
        self.quantity = quantity
        self.cost = cost
        self.convertedCost = convertedCost
    }

    public var costPerUnit: ExactDecimal { quantity.isZero ? 0 : cost / quantity }
    public var convertedCostPerUnit: ExactDecimal { quantity.isZero ? 0 : convertedCost / quantity }
}

/// Short or long term: held for more than the long-term threshold (`HoldingPeriod`) or not.
public enum LotTerm: String, Sendable, CaseIterable {
    case short, long
}

/// When a holding becomes long term: after more than `longTermDays` days (365 by default,
/// the `long_term_days` setting; an asset type may have its own).
public struct HoldingPeriod: Equatable, Sendable {
    public static let defaultLongTermDays = 365
    public var longTermDays: Int

    public init(longTermDays: Int = HoldingPeriod.defaultLongTermDays) { self.longTermDays = longTermDays }

    /// Days from `acquired` to `date` (0 on the day itself).
    public static func days(from acquired: CalendarDate, to date: CalendarDate) -> Int { acquired.days(until: date) }

    /// Long when held more than `longTermDays` days.
    public func term(from acquired: CalendarDate, to date: CalendarDate) -> LotTerm {
        Self.days(from: acquired, to: date) > longTermDays ? .long : .short
    }
}
