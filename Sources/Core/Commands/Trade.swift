import Foundation

/// A trade: a buy (a deposit for a cash asset), a sell (a withdrawal), a transfer in (units
/// arriving from elsewhere, no cash paid from a tracked asset) or a transfer out. One
/// command, its direction a field, so the four share their defaults and rules.
///
/// Defaults: the price is the asset's current price (its latest price record) when it is
/// above zero, the date is today, fees 0. A non-cash asset without a current price needs a
/// price: "Price per unit is required." (never a silent 0). Rules: those of
/// `RecordTransaction`; a sell or transfer out is refused beyond the holdings
/// ("Cannot sell more than current holdings (10).", `HoldingsRules`).
///
///     let t = try session.execute(Trade(.sell, asset: acme.id!, quantity: 4, price: 15))
public struct Trade: Command {
    /// Which way the units move.
    public enum Direction: String, CaseIterable, Sendable {
        case buy, sell, transferIn, transferOut

        /// The transaction type a trade in this direction records.
        public var type: TransactionType {
            switch self {
            case .buy: .buy
            case .sell: .sell
            case .transferIn: .transferIn
            case .transferOut: .transferOut
            }
        }

        /// The direction recording `type`; nil for a type that is not a trade.
        public init?(_ type: TransactionType) {
            guard let direction = Self.allCases.first(where: { $0.type == type }) else { return nil }
            self = direction
        }
    }

    public var direction: Direction
    public var asset: Int64
    public var quantity: ExactDecimal
    /// nil: the asset's current price.
    public var price: ExactDecimal?
    /// nil: today.
    public var date: CalendarDate?
    public var fees: ExactDecimal
    public var note: String

    public init(_ direction: Direction, asset: Int64, quantity: ExactDecimal, price: ExactDecimal? = nil,
                date: CalendarDate? = nil, fees: ExactDecimal = 0, note: String = "") {
        self.direction = direction
        self.asset = asset
        self.quantity = quantity
        self.price = price
        self.date = date
        self.fees = fees
        self.note = note
    }

    /// Reads the asset once and hands it on to `RecordTransaction`.
    public func run(in store: CommandStore) throws -> Transaction {
        let owner = try store.requireAsset(id: asset)
        let unitPrice = try TransactionRules.pricePerUnit(price, of: owner, in: store)
        let draft = Transaction(assetID: asset, type: direction.type, date: date ?? store.today, quantity: quantity,
                                pricePerUnit: unitPrice, fees: fees, currency: owner.currency, note: note)
        return try RecordTransaction(draft, asset: owner).run(in: store)
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
