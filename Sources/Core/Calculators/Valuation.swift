import Foundation

/// An asset's position priced at its latest price record.
public struct Valuation: Equatable, Sendable {
    public let position: Position
    /// The latest price record's price; 0 when there is none.
    public let currentPrice: ExactDecimal
    public let currentPriceDate: CalendarDate?

    public init(position: Position, latestPrice: PricePoint?) {
        self.position = position
        currentPrice = latestPrice?.price ?? 0
        currentPriceDate = latestPrice?.date
    }

    /// Held but without any price (recorded or from a trade): counted as 0 in totals, which
    /// then name it (`MarketPrices.unpricedNotice`).
    public var isUnpriced: Bool { currentPriceDate == nil && !position.quantity.isZero }

    public var quantity: ExactDecimal { position.quantity }
    public var averageCost: ExactDecimal { position.averageCost }
    public var costBasis: ExactDecimal { position.costBasis }
    public var realizedGain: ExactDecimal { position.realizedGain }
    public var currentValue: ExactDecimal { position.quantity * currentPrice }
    public var unrealizedGain: ExactDecimal { currentValue - position.costBasis }

    /// Unrealized gain ÷ cost basis × 100; 0 % when the cost basis is 0 or less.
    public var unrealizedGainPercent: ExactDecimal {
        position.costBasis > 0 ? unrealizedGain / position.costBasis * 100 : 0
    }
}
