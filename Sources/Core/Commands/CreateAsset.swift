import Foundation

/// A new asset (the app's new-asset form, BusinessLogic.md "Asset Creation Logic"), with its
/// initial position when a quantity is given.
///
/// Rules: a name, unique ignoring case; a three-letter currency; an existing portfolio and
/// category. With a quantity: above zero, a cost basis ≥ 0 (not for cash), a current price
/// ≥ 0, not in the future. Defaults: currency USD, date today; the initial position is a buy
/// at the cost basis and a price record at the current price (or the cost basis); cash uses
/// 1 for both.
public struct CreateAsset: Command {
    public var name: String
    public var type: AssetType
    public var currency: String = "USD"
    public var notes: String = ""
    public var portfolioID: Int64?
    public var categoryID: Int64?
    /// Trimmed, inner whitespace collapsed; "" for none.
    public var platform: String = ""
    public var quantity: ExactDecimal?
    public var costBasis: ExactDecimal?
    public var currentPrice: ExactDecimal?
    public var date: CalendarDate?

    public init(name: String, type: AssetType) {
        self.name = name
        self.type = type
    }

    public func run(in store: CommandStore) throws -> Asset {
        var asset = try RuleViolation.about(asset: name.trimmingCharacters(in: .whitespacesAndNewlines)) { try validated(in: store) }
        asset = try store.insert(asset)
        if let quantity {
            let day = date ?? store.today
            let cost = asset.isCash ? 1 : costBasis!
            let price = asset.isCash ? 1 : (currentPrice ?? cost)
            _ = try RecordTransaction(Transaction(assetID: asset.id!, type: .buy, date: day, quantity: quantity, pricePerUnit: cost,
                                                  currency: asset.currency)).run(in: store)
            _ = try RecordPrice(asset: asset.id!, price: price, date: day).run(in: store)
        }
        return asset
    }

    /// The asset to insert, once every rule is met.
    func validated(in store: CommandStore) throws -> Asset {
        let asset = Asset(name: try AssetRules.validateName(name), type: type, currency: try AssetRules.validateCurrency(currency),
                          notes: notes, portfolioID: portfolioID, categoryID: categoryID, platform: AssetRules.normalizedPlatform(platform))
        try AssetRules.validateUniqueName(asset.name, existing: try store.asset(named: asset.name))
        if let portfolioID { _ = try store.requirePortfolio(id: portfolioID) }
        let day = date ?? store.today
        if let quantity {
            try AssetRules.validateInitialPosition(asset: asset, quantity: quantity, costBasis: costBasis, currentPrice: currentPrice)
            try DateRules.validateNotFuture(day, today: store.today)
        }
        if let categoryID { _ = try store.requireCategory(id: categoryID) }
        return asset
    }
}
