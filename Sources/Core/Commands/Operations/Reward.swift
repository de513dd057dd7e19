import Foundation

/// A reward received in kind (staking, a learn-and-earn, a free share): `quantity` units of
/// `asset` at `price` (default its current price), counted as income paid by the asset
/// itself (in-kind interest), with the value as their cost basis.
public struct Reward: Command {
    public var asset: Int64
    public var quantity: ExactDecimal
    public var price: ExactDecimal?
    public var date: CalendarDate?
    public var note: String

    public init(asset: Int64, quantity: ExactDecimal, price: ExactDecimal? = nil, date: CalendarDate? = nil, note: String = "") {
        self.asset = asset
        self.quantity = quantity
        self.price = price
        self.date = date
        self.note = note
    }

    public func run(in store: CommandStore) throws -> Transaction {
        try Interest(asset: asset, source: asset, quantity: quantity, price: price, date: date, note: note.isEmpty ? "Reward" : note).run(in: store)
    }
}
