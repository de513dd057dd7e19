import Foundation

/// Units moved from one asset record to another that is the same economic holding: the same
/// security on another platform (`asset:move_to{…}`), or with `toQuantity` a swap that is a
/// move (a share-class conversion, a coin moved between two wallets' records) or a merger's
/// exchange. Recorded as a transfer out of `from` and a transfer in to `to`, linked to each
/// other (`relatedTransactionID`, as a swap's halves are), together or not at all.
///
/// The cost basis goes with the units: the transfer out removes the running average's share
/// (`Position.cost(ofUnits:)`, on `date` once that day's transactions are counted) and the
/// transfer in carries exactly that cost (`CarriedCost`), so the receiving asset's running
/// average takes it. The lots keep their acquisition dates and costs (`LotEvents`: the pair
/// is a `.move`, or an `.exchange` when the quantities differ). Nothing is realized.
///
///     try session.execute(MoveUnits(from: aaplDegiro, to: aaplSchwab, quantity: 5, date: day))
///
/// Rules: two different assets, neither cash, in the same currency (the cost is carried in
/// it); quantities above zero; the transfer out follows the holdings rules of
/// `RecordTransaction` ("Cannot transfer out more than available holdings on …").
public struct MoveUnits: Command {
    public static let sameAssetMessage = "Cannot move units of an asset to itself."
    public static let cashMessage = "Cash has no lots to move: record a withdrawal and a deposit, or af.convert_cash."
    public static let receivedMessage = "The units received must be greater than zero."

    /// "A move carries the cost in the assets' currency: 'A' is in USD, 'B' in EUR."
    public static func currencyMessage(_ from: Asset, _ to: Asset) -> String {
        "A move carries the cost in the assets' currency: '\(from.name)' is in \(from.currency), '\(to.name)' in \(to.currency)."
    }

    public var from: Int64
    public var to: Int64
    public var quantity: ExactDecimal
    /// Units of `to` received (default: `quantity`).
    public var toQuantity: ExactDecimal?
    public var date: CalendarDate?
    public var note: String

    public init(from: Int64, to: Int64, quantity: ExactDecimal, toQuantity: ExactDecimal? = nil, date: CalendarDate? = nil, note: String = "") {
        self.from = from
        self.to = to
        self.quantity = quantity
        self.toQuantity = toQuantity
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> (out: Transaction, in: Transaction) {
        let (source, target) = try Self.pair(from, to, in: store)
        let day = date ?? store.today
        let received = toQuantity ?? quantity
        guard received > 0 else { throw RuleViolation(Self.receivedMessage, rule: .outOfRange, asset: target.name) }
        let position = try CarriedCost.position(of: from, atEndOf: day, in: store)
        let cost = position.cost(ofUnits: quantity)
        let (price, fees) = CarriedCost.priceAndFees(cost: cost, quantity: received)
        var out = try RecordTransaction(Transaction(assetID: from, type: .transferOut, date: day, quantity: quantity,
                                                    pricePerUnit: position.averageCost.rounded(places: 8), currency: source.currency,
                                                    note: Self.note(note, "to '\(target.name)'"))).run(in: store)
        var into = try RecordTransaction(Transaction(assetID: to, type: .transferIn, date: day, quantity: received, pricePerUnit: price, fees: fees,
                                                     currency: target.currency, relatedTransactionID: out.id,
                                                     note: Self.note(note, "from '\(source.name)'"))).run(in: store)
        try store.link(&out, &into)
        return (out, into)
    }

    /// The two assets of a move, checked: different, not cash, one currency.
    static func pair(_ from: Int64, _ to: Int64, in store: CommandContext) throws -> (Asset, Asset) {
        if from == to { throw RuleViolation(sameAssetMessage, rule: .notAllowed) }
        let source = try store.requireAsset(id: from), target = try store.requireAsset(id: to)
        if source.isCash || target.isCash { throw RuleViolation(cashMessage, rule: .notAllowed, asset: source.isCash ? source.name : target.name) }
        guard source.currency == target.currency else { throw RuleViolation(currencyMessage(source, target), rule: .mixedCurrencies, asset: target.name) }
        return (source, target)
    }

    /// The user's note, else "Moved to 'B'" / "Moved from 'A'".
    static func note(_ text: String, _ direction: String) -> String { text.isEmpty ? "Moved \(direction)" : text }
}
