import Foundation

/// A swap: a sell of `from` and a buy of `to`, linked to each other, recorded together or not
/// at all.
///
/// Defaults: `price` is `from`'s current price (`TransactionRules.pricePerUnit`: required
/// when it has none), `toPrice` `to`'s current price (1 for cash),
/// `toQuantity` the proceeds (quantity × price) ÷ `toPrice`, to 8 decimals; the date is today.
/// Rules: not an asset with itself; each half follows `RecordTransaction`.
///
/// `asMove`: the two assets are one economic holding (an ETF share-class conversion, a coin
/// moved between two wallets' records): no sale and no buy, but a `MoveUnits` of `quantity`
/// into `toQuantity` (default: the same) units, carrying the cost basis, the lots keeping
/// their dates. Prices play no part in it.
///
/// `fees` are the sale's (they lower what it realizes), `toFees` the purchase's (they add to
/// the cost of what arrives): an import that knows a swap's value in money books the
/// remainder of an 8-place price in them, so that the proceeds and the cost are that value
/// exactly. `note` goes on both halves.
public struct Swap: Command {
    public static let sameAssetMessage = "Cannot swap an asset with itself."

    public var from: Int64
    public var to: Int64
    public var quantity: ExactDecimal
    public var price: ExactDecimal?
    public var toQuantity: ExactDecimal?
    public var toPrice: ExactDecimal?
    public var date: CalendarDate?
    public var asMove: Bool
    public var fees: ExactDecimal = 0
    public var toFees: ExactDecimal = 0
    public var note = ""

    public init(from: Int64, to: Int64, quantity: ExactDecimal, price: ExactDecimal? = nil, toQuantity: ExactDecimal? = nil,
                toPrice: ExactDecimal? = nil, date: CalendarDate? = nil, asMove: Bool = false, fees: ExactDecimal = 0,
                toFees: ExactDecimal = 0, note: String = "") {
        self.asMove = asMove
        self.fees = fees
        self.toFees = toFees
        self.note = note
        self.from = from
        self.to = to
        self.quantity = quantity
        self.price = price
        self.toQuantity = toQuantity
        self.toPrice = toPrice
        self.date = date
    }

    public func run(in store: CommandStore) throws -> (sell: Transaction, buy: Transaction) {
        if from == to { throw RuleViolation(Self.sameAssetMessage, rule: .notAllowed) }
        if asMove {
            let pair = try MoveUnits(from: from, to: to, quantity: quantity, toQuantity: toQuantity, date: date, note: note).run(in: store)
            return (pair.out, pair.in)
        }
        let source = try store.requireAsset(id: from)
        let target = try store.requireAsset(id: to)
        let day = date ?? store.today
        let sellPrice = source.isCash ? 1 : try TransactionRules.pricePerUnit(price, of: source, in: store)
        let buyPrice = target.isCash ? 1 : try toPrice ?? store.currentPrice(ofAsset: to)
        let buyQuantity = try toQuantity ?? proceedsInUnits(quantity * sellPrice, price: buyPrice, of: target)
        var sell = try RecordTransaction(Transaction(assetID: from, type: .sell, date: day, quantity: quantity, pricePerUnit: sellPrice,
                                                     fees: fees, currency: source.currency, note: note)).run(in: store)
        var buy = try RecordTransaction(Transaction(assetID: to, type: .buy, date: day, quantity: buyQuantity, pricePerUnit: buyPrice,
                                                    fees: toFees, currency: target.currency, relatedTransactionID: sell.id, note: note)).run(in: store)
        try store.link(&sell, &buy)
        return (sell, buy)
    }

    func proceedsInUnits(_ proceeds: ExactDecimal, price: ExactDecimal, of target: Asset) throws -> ExactDecimal {
        guard price > 0 else { throw RuleViolation("Give to_quantity or to_price: '\(target.name)' has no price to convert the proceeds.",
                                                 rule: .missingPrice, asset: target.name) }
        let units: ExactDecimal = proceeds / price
        return units.rounded(places: 8)
    }
}
