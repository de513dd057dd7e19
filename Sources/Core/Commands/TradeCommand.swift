import Foundation

/// The shape shared by `Buy`, `Sell`, `TransferIn` and `TransferOut`: an asset, a quantity,
/// and optionally a price, a date, fees and a note.
///
/// Defaults: the price is the asset's current price (its latest price record), the date is
/// today, fees 0. Rules: those of `RecordTransaction`.
public protocol TradeCommand: Command where Result == Transaction {
    static var type: TransactionType { get }
    var asset: Int64 { get }
    var quantity: ExactDecimal { get }
    var price: ExactDecimal? { get }
    var date: CalendarDate? { get }
    var fees: ExactDecimal { get }
    var note: String { get }
}

extension TradeCommand {
    public func run(in store: CommandStore) throws -> Transaction {
        let owner = try store.requireAsset(id: asset)
        let unitPrice = try price ?? store.currentPrice(ofAsset: asset)
        return try RecordTransaction(Transaction(assetID: asset, type: Self.type, date: date ?? store.today, quantity: quantity,
                                                 pricePerUnit: unitPrice, fees: fees, currency: owner.currency, note: note)).run(in: store)
    }
}

/// The trade command for `type` (buy, sell, transfer in or out), for callers that pick the
/// type at run time.
public func tradeCommand(_ type: TransactionType, asset: Int64, quantity: ExactDecimal, price: ExactDecimal? = nil,
                         date: CalendarDate? = nil, fees: ExactDecimal = 0, note: String = "") -> any TradeCommand {
    switch type {
    case .sell: Sell(asset: asset, quantity: quantity, price: price, date: date, fees: fees, note: note)
    case .transferIn: TransferIn(asset: asset, quantity: quantity, price: price, date: date, fees: fees, note: note)
    case .transferOut: TransferOut(asset: asset, quantity: quantity, price: price, date: date, fees: fees, note: note)
    default: Buy(asset: asset, quantity: quantity, price: price, date: date, fees: fees, note: note)
    }
}
