import Foundation

/// A fee paid out of `asset` (usually a broker's cash account): custody, advisor, ADR or
/// connection fees. `amount` units leave as a cost, realized as a loss; `source` is the
/// asset the fee is about (an ADR's fee), when there is one. Never a withdrawal: the money
/// goes nowhere the portfolio tracks, so performance counts it as a loss, not a flow.
///
/// Rules: amount above zero; not more than is held on the day (`RecordTransaction`). A fee
/// in kind (from a non-cash asset, a network fee in BTC) leaves at the asset's price on the
/// day, else its current price.
public struct Fee: Command {
    public var asset: Int64
    public var amount: ExactDecimal
    public var source: Int64?
    public var date: CalendarDate?
    public var note: String

    public init(asset: Int64, amount: ExactDecimal, source: Int64? = nil, date: CalendarDate? = nil, note: String = "") {
        self.asset = asset
        self.amount = amount
        self.source = source
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> Transaction {
        try CostPaid.record(.fee, from: asset, amount: amount, source: source, date: date, note: note, in: store)
    }
}

/// What `Fee` and `Tax` share: units leaving an asset as a cost.
enum CostPaid {
    static func record(_ type: TransactionType, from asset: Int64, amount: ExactDecimal, source: Int64?, date: CalendarDate?,
                       note: String, related: Int64? = nil, in store: CommandStore) throws -> Transaction {
        let owner = try store.requireAsset(id: asset)
        if let source { _ = try store.requireAsset(id: source) }
        let day = date ?? store.today
        let price = owner.isCash ? 1 : try store.price(ofAsset: asset, onOrBefore: day) ?? store.currentPrice(ofAsset: asset)
        return try RecordTransaction(Transaction(assetID: asset, type: type, date: day, quantity: amount, pricePerUnit: price,
                                                 currency: owner.currency, sourceAssetID: source, relatedTransactionID: related,
                                                 note: note)).run(in: store)
    }
}
