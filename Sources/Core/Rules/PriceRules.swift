import Foundation

/// Rules for price records (BusinessLogic.md "Price History Management").
public enum PriceRules {
    public static func validate(_ point: PricePoint, today: CalendarDate) throws {
        if point.date > today { throw ValidationError("Date cannot be in the future.") }
        if point.price < 0 { throw ValidationError("Price must be zero or greater.") }
        try AmountRange.check(point.price, "Price")
    }

    public static let duplicateDateMessage = "A price record already exists for this date."
    /// Refusal to delete an asset's only price record.
    public static let lastRecordMessage = "An asset must have at least one price record."
}
