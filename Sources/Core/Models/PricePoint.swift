import Foundation

/// One price record of an asset: the price of one unit on a day. At most one per day.
public struct PricePoint: Equatable, Sendable {
    public var id: Int64?
    public var assetID: Int64
    public var date: CalendarDate
    public var price: ExactDecimal

    public init(id: Int64? = nil, assetID: Int64, date: CalendarDate, price: ExactDecimal) {
        self.id = id
        self.assetID = assetID
        self.date = date
        self.price = price
    }
}
