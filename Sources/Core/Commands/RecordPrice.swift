import Foundation

/// Adds a price record (BusinessLogic.md "Price History Management"): not in the future, not
/// negative, one record per asset per day; a cash asset's price is always 1. The date
/// defaults to today.
public struct RecordPrice: Command {
    public var asset: Int64
    public var price: ExactDecimal
    public var date: CalendarDate?

    public init(asset: Int64, price: ExactDecimal, date: CalendarDate? = nil) {
        self.asset = asset
        self.price = price
        self.date = date
    }

    public func run(in store: CommandStore) throws -> PricePoint {
        let owner = try store.requireAsset(id: asset)
        let point = PricePoint(assetID: asset, date: date ?? store.today, price: owner.isCash ? 1 : price)
        try RuleViolation.about(asset: owner.name, date: point.date) {
            try PriceRules.validate(point, today: store.today)
            try ConversionRange.checkValue(held: try store.quantity(ofAsset: asset), price: point.price, asset: owner.name)
            if try store.hasPrice(ofAsset: asset, on: point.date, excluding: nil) {
                throw PriceRules.duplicateDate(asset: owner.name, date: point.date)
            }
        }
        return try store.insert(point)
    }
}
