import Foundation

/// Deletes a price record; an asset's last one cannot be deleted ("An asset must have at
/// least one price record.").
public struct DeletePrice: Command {
    public var id: Int64

    public init(id: Int64) { self.id = id }

    public func run(in store: CommandStore) throws {
        let point = try store.requirePrice(id: id)
        if try store.priceCount(ofAsset: point.assetID) <= 1 {
            throw RuleViolation(PriceRules.lastRecordMessage, rule: .inUse, asset: try store.requireAsset(id: point.assetID).name, date: point.date)
        }
        try store.deletePrice(id: id)
        // An older price becomes the latest: the position's value at it must stay
        // convertible (read after the delete, inside the command's transaction).
        let asset = try store.requireAsset(id: point.assetID)
        try ConversionRange.checkValue(of: asset, held: try store.quantity(ofAsset: point.assetID), in: store)
    }
}
