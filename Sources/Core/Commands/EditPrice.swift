import Foundation

/// Changes a price record's price and/or date: the rules of a new record (`RecordPrice`), the
/// one-per-day check leaving the record itself out.
public struct EditPrice: Command {
    public var id: Int64
    public var price: ExactDecimal?
    public var date: CalendarDate?

    public init(id: Int64, price: ExactDecimal? = nil, date: CalendarDate? = nil) {
        self.id = id
        self.price = price
        self.date = date
    }

    public func run(in store: CommandStore) throws -> PricePoint {
        var point = try store.requirePrice(id: id)
        let owner = try store.requireAsset(id: point.assetID)
        if let price { point.price = price }
        if let date { point.date = date }
        if owner.isCash { point.price = 1 }
        try RuleViolation.about(asset: owner.name, date: point.date) {
            try PriceRules.validate(point, today: store.today)
            try ConversionRange.checkValue(held: try store.quantity(ofAsset: point.assetID), price: point.price, asset: owner.name)
            if try store.hasPrice(ofAsset: point.assetID, on: point.date, excluding: id) {
                throw PriceRules.duplicateDate(asset: owner.name, date: point.date)
            }
        }
        try store.update(point)
        return point
    }
}
