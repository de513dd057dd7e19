import Foundation

/// The value rule for every past date, not only today's: an asset's largest quantity ever
/// held (after any of its transactions) × its largest price ever (a recorded price or a
/// trade's price) stays below 10^21 (`ConversionRange.valueLimit`). Then the value on any
/// past date, quantity held then × price then, is below 10^21 too, and a timeline point or
/// a past total converts and adds up like today's (`ConversionRange`). Without it, a price
/// dated before a later normal one, or a position held then and sold since, passed the
/// rules (which look at today's quantity and the latest price) and made a past total fail.
///
/// The store keeps the two maxima per asset (`asset_extent`), so a write is checked without
/// reading the asset's history again: see Documentation/Store.md "Derived data".
public struct AssetExtent: Equatable, Sendable {
    /// The largest |quantity held| after any transaction, in ledger order (date, then id).
    public var highestHeld: ExactDecimal
    /// The largest recorded price or trade price (`MarketPrices.isTradePrice`).
    public var highestPrice: ExactDecimal

    public init(highestHeld: ExactDecimal, highestPrice: ExactDecimal) {
        self.highestHeld = highestHeld
        self.highestPrice = highestPrice
    }

    /// The extent of a history: `transactions` in ledger order, and the asset's recorded prices.
    public init<T: Sequence, P: Sequence>(ordered transactions: T, prices: P) where T.Element == Transaction, P.Element == ExactDecimal {
        self.init(highestHeld: Self.highestHeld(ordered: transactions), highestPrice: 0)
        for t in transactions where MarketPrices.isTradePrice(t.type, t.pricePerUnit) { highestPrice = Swift.max(highestPrice, t.pricePerUnit) }
        for price in prices { highestPrice = Swift.max(highestPrice, price.magnitude) }
    }

    /// The larger of each maximum.
    public func combined(with other: AssetExtent) -> AssetExtent {
        AssetExtent(highestHeld: Swift.max(highestHeld, other.highestHeld), highestPrice: Swift.max(highestPrice, other.highestPrice))
    }

    /// The largest |quantity held| after any of `transactions` (in ledger order).
    public static func highestHeld<T: Sequence>(ordered transactions: T) -> ExactDecimal where T.Element == Transaction {
        var held = ExactDecimal.zero, highest = ExactDecimal.zero
        for t in transactions {
            held += t.quantityImpact
            highest = Swift.max(highest, held.magnitude)
        }
        return highest
    }
}

extension ConversionRange {
    public static let historyMessage = "The largest quantity ever held of an asset × its largest price ever (recorded or traded) "
        + "must stay below 1000000000000000000000, so that its value on every past date can be converted and totalled; "
        + "correct the quantity or the price, or record the asset in a larger unit"

    /// Throws when `extent`'s largest quantity × largest price is at or beyond 10^21.
    public static func checkHistory(_ extent: AssetExtent, asset: String) throws {
        let value = extent.highestHeld.magnitude * extent.highestPrice.magnitude
        guard value.isOutOfRange || value >= valueLimit else { return }
        throw RuleViolation("\(historyMessage): \(asset) has held \(extent.highestHeld.plainText) and has had a price of \(extent.highestPrice.plainText).",
                            rule: .outOfRange, asset: asset)
    }
}
