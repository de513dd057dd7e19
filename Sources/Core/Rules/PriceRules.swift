import Foundation

/// Rules for price records (BusinessLogic.md "Price History Management").
public enum PriceRules {
    public static func validate(_ point: PricePoint, today: CalendarDate) throws {
        try DateRules.validateNotFuture(point.date, today: today)
        if point.price < 0 { throw RuleViolation("Price must be zero or greater.", rule: .outOfRange, date: point.date) }
        try AmountRange.check(point.price, "Price")
    }

    public static let duplicateDateMessage = "A price record already exists for this date."
    /// Refusal to delete an asset's only price record.
    public static let lastRecordMessage = "An asset must have at least one price record."
}
