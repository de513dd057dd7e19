import Foundation

/// The shape shared by `Buy`, `Sell`, `TransferIn` and `TransferOut`: an asset, a quantity,
/// and optionally a price, a date, fees and a note.
///
/// Defaults: the price is the asset's current price (its latest price record) when it is
/// above zero, the date is today, fees 0. A non-cash asset without a current price needs a
/// price: "Price per unit is required." (never a silent 0). Rules: those of
/// `RecordTransaction`.
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
        let unitPrice = try TransactionRules.pricePerUnit(price, of: owner, in: store)
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

extension TransactionRules {
    public static let priceRequiredMessage = "Price per unit is required."

    /// The price a trade is recorded at: the one given; else (the form's pre-fill) the
    /// asset's current price when it is above zero; 1 for cash. Otherwise "Price per unit is
    /// required." (BusinessLogic.md, transaction form: the field starts blank).
    public static func pricePerUnit(_ given: ExactDecimal?, of asset: Asset, in store: CommandContext) throws -> ExactDecimal {
        if asset.isCash { return given ?? 1 }
        if let given { return given }
        let current = try store.currentPrice(ofAsset: asset.id!)
        guard current > 0 else { throw RuleViolation(priceRequiredMessage, rule: .required, asset: asset.name) }
        return current
    }
}
