import Foundation

/// A tax paid out of `asset` (a broker's cash account): a dividend's withholding tax when
/// `source` is the paying asset, or a tax on interest or a trade. `amount` leaves as a
/// cost, realized as a loss; income figures subtract the taxes whose source is the asset
/// (`StoreSession.withholdingTax(fromSource:)`) to give the net.
public struct Tax: Command {
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
        try CostPaid.record(.tax, from: asset, amount: amount, source: source, date: date, note: note, in: store)
    }
}
