import Foundation

/// Changes an asset's attributes: the fields given replace the old ones (for `portfolioID`
/// and `categoryID`, `.some(nil)` removes it). A name is required and unique ignoring case;
/// type and currency are locked once any transaction or price record exists
/// (`AssetRules.validateUpdate`).
public struct UpdateAsset: Command {
    public var id: Int64
    public var name: String?
    public var type: AssetType?
    public var currency: String?
    public var notes: String?
    public var portfolioID: Int64??
    public var categoryID: Int64??
    public var platform: String?

    public init(id: Int64, name: String? = nil, type: AssetType? = nil, currency: String? = nil, notes: String? = nil,
                portfolioID: Int64?? = nil, categoryID: Int64?? = nil, platform: String? = nil) {
        self.id = id
        self.name = name
        self.type = type
        self.currency = currency
        self.notes = notes
        self.portfolioID = portfolioID
        self.categoryID = categoryID
        self.platform = platform
    }

    /// The command that gives the asset `updated`'s attributes (every field given).
    public init(to updated: Asset, id: Int64) {
        self.init(id: id, name: updated.name, type: updated.type, currency: updated.currency, notes: updated.notes,
                  portfolioID: .some(updated.portfolioID), categoryID: .some(updated.categoryID), platform: updated.platform)
    }

    public func run(in store: CommandStore) throws -> Asset {
        let original = try store.requireAsset(id: id)
        var updated = original
        if let name { updated.name = name }
        if let type { updated.type = type }
        if let currency { updated.currency = currency }
        if let notes { updated.notes = notes }
        if let portfolioID { updated.portfolioID = portfolioID }
        if let categoryID { updated.categoryID = categoryID }
        if let platform { updated.platform = platform }
        try RuleViolation.about(asset: original.name) { try validate(&updated, original: original, in: store) }
        try store.update(updated)
        return updated
    }

    /// Normalizes `updated` and checks it against the rules.
    func validate(_ updated: inout Asset, original: Asset, in store: CommandStore) throws {
        updated.name = try AssetRules.validateName(updated.name)
        updated.currency = try AssetRules.validateCurrency(updated.currency)
        updated.platform = AssetRules.normalizedPlatform(updated.platform)
        try AssetRules.validateUpdate(original: original, updated: updated, hasHistory: try store.hasHistory(asset: id))
        try AssetRules.validateUniqueName(updated.name, existing: try store.asset(named: updated.name), id: id)
        if let pid = updated.portfolioID { _ = try store.requirePortfolio(id: pid) }
        if let cid = updated.categoryID { _ = try store.requireCategory(id: cid) }
    }
}
