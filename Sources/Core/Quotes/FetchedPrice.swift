import Foundation

/// One price a quote provider returned: a day, an exact price and its currency.
public struct FetchedPrice: Equatable, Sendable {
    public var date: CalendarDate
    public var price: ExactDecimal
    public var currency: String

    public init(date: CalendarDate, price: ExactDecimal, currency: String) {
        self.date = date
        self.price = price
        self.currency = currency
    }
}
