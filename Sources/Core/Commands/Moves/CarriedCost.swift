import Foundation

/// The cost basis that units carry from one asset to another (a move, an exchange, a
/// merger, a spin-off), written as a transfer in's price and fees so that the receiving
/// asset's running average takes exactly that cost (`Position`: quantity × price + fees).
public enum CarriedCost {
    /// The cost kept to 12 places (the store's amounts stop at 18, and a running average
    /// after partial sales carries more); the price is cost ÷ quantity to 8 places, rounded
    /// down, and the rest goes into the fees. When that rest would need more places than the
    /// store keeps (a quantity with many decimals), the price is 0 and the fees hold the cost.
    public static func priceAndFees(cost: ExactDecimal, quantity: ExactDecimal) -> (price: ExactDecimal, fees: ExactDecimal) {
        let kept = cost.rounded(places: 12, mode: .bankers)
        guard quantity > 0, kept > 0 else { return (0, max(kept, 0)) }
        let exact: ExactDecimal = kept / quantity
        let price = exact.rounded(places: 8, mode: .down)
        let rest = kept - quantity * price
        if rest.normalized.scale > UInt8(AmountRange.maxPlaces) { return (0, kept) }
        return (price, rest)
    }

    /// The position of `asset` once every transaction of `day` is counted (a new transaction
    /// of that day comes after them all).
    public static func position(of asset: Int64, atEndOf day: CalendarDate, in store: CommandContext) throws -> Position {
        let start = HoldingsHistory.LedgerKey(date: CalendarDate(dayNumber: CalendarDate(year: 1, month: 1, day: 1)!.dayNumber), id: .min)
        let history = try store.holdings(ofAsset: asset, from: start)
        return Position.of(history.transactions.filter { $0.date <= day })
    }
}
