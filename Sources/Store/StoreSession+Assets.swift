import Core
import GRDB

extension StoreSession {
    public func assets() throws -> [Asset] {
        try Row.fetchAll(db, sql: "SELECT * FROM asset ORDER BY name COLLATE NOCASE").map(Records.asset)
    }

    public func assets(inPortfolio id: Int64) throws -> [Asset] {
        try Row.fetchAll(db, sql: "SELECT * FROM asset WHERE portfolio_id = ? ORDER BY name COLLATE NOCASE", arguments: [id]).map(Records.asset)
    }

    public func asset(id: Int64) throws -> Asset? {
        try Row.fetchOne(db, sql: "SELECT * FROM asset WHERE id = ?", arguments: [id]).map(Records.asset)
    }

    /// Looks an asset up by name, ignoring case.
    public func asset(named name: String) throws -> Asset? {
        try Row.fetchOne(db, sql: "SELECT * FROM asset WHERE name = ? COLLATE NOCASE",
                         arguments: [name.trimmingCharacters(in: .whitespacesAndNewlines)]).map(Records.asset)
    }

    /// An asset that must exist; the error names it.
    public func requireAsset(id: Int64) throws -> Asset {
        guard let asset = try asset(id: id) else { throw StoreError.notFound("No asset with id \(id) (was it deleted?).") }
        return asset
    }

    /// The request for a new asset with its initial position (the app's new-asset form).
    public struct NewAsset {
        public var name: String
        public var type: AssetType
        public var currency: String = "USD"
        public var notes: String = ""
        public var portfolioID: Int64?
        public var categoryID: Int64?
        /// Trimmed, inner whitespace collapsed; "" for none.
        public var platform: String = ""
        /// With a quantity, the asset starts with a buy at `costBasis` and a price record at
        /// `currentPrice` (or `costBasis`); cash uses 1 for both.
        public var quantity: ExactDecimal?
        public var costBasis: ExactDecimal?
        public var currentPrice: ExactDecimal?
        public var date: CalendarDate?

        public init(name: String, type: AssetType) {
            self.name = name
            self.type = type
        }
    }

    /// Creates an asset, and its initial buy and price record when a quantity is given.
    public func createAsset(_ request: NewAsset) throws -> Asset {
        try atomically {
            var asset = Asset(name: try AssetRules.validateName(request.name), type: request.type,
                              currency: try AssetRules.validateCurrency(request.currency),
                              notes: request.notes, portfolioID: request.portfolioID,
                              categoryID: request.categoryID, platform: AssetRules.normalizedPlatform(request.platform))
            if try self.asset(named: asset.name) != nil { throw ValidationError("An asset named '\(asset.name)' already exists.") }
            if let id = request.portfolioID, try portfolio(id: id) == nil { throw StoreError.notFound("No portfolio with id \(id).") }
            let date = request.date ?? today
            if let quantity = request.quantity {
                try AssetRules.validateInitialPosition(asset: asset, quantity: quantity, costBasis: request.costBasis, currentPrice: request.currentPrice)
                if date > today { throw ValidationError("Date cannot be in the future.") }
            }
            if let id = request.categoryID, try category(id: id) == nil { throw StoreError.notFound("No category with id \(id).") }
            try db.execute(sql: "INSERT INTO asset(name, type, currency, notes, portfolio_id, category_id, platform) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           arguments: [asset.name, asset.type.rawValue, asset.currency, asset.notes, asset.portfolioID, asset.categoryID, asset.platform])
            asset.id = db.lastInsertedRowID
            noteChange("asset", .added)
            if let quantity = request.quantity {
                let cost = asset.isCash ? 1 : request.costBasis!
                let price = asset.isCash ? 1 : (request.currentPrice ?? cost)
                _ = try record(Transaction(assetID: asset.id!, type: .buy, date: date, quantity: quantity, pricePerUnit: cost, currency: asset.currency))
                _ = try recordPrice(PricePoint(assetID: asset.id!, date: date, price: price))
            }
            return asset
        }
    }
}
