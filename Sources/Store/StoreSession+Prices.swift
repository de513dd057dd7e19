import Core
import GRDB

extension StoreSession {
    /// The asset's price records, oldest first.
    public func prices(ofAsset id: Int64) throws -> [PricePoint] {
        try Row.fetchAll(db, sql: "SELECT * FROM price_history WHERE asset_id = ? ORDER BY date", arguments: [id]).map(Records.price)
    }

    /// The record with the latest date, or nil when there is none.
    public func latestPrice(ofAsset id: Int64) throws -> PricePoint? {
        if let cached = latestPriceCache[id] { return cached }
        let point = try Row.fetchOne(db, sql: "SELECT * FROM price_history WHERE asset_id = ? ORDER BY date DESC LIMIT 1", arguments: [id]).map(Records.price)
        latestPriceCache[id] = .some(point)
        return point
    }

    /// The latest price of every asset: one query.
    public func latestPrices() throws -> [Int64: PricePoint] {
        // One seek per asset in the (asset_id, date) index, not a scan of every price.
        let rows = try Row.fetchAll(db, sql: """
            SELECT p.* FROM asset a
            JOIN price_history p
              ON p.id = (SELECT id FROM price_history WHERE asset_id = a.id ORDER BY date DESC LIMIT 1)
            """)
        var result: [Int64: PricePoint] = [:]
        for row in rows {
            let point = try Records.price(row)
            result[point.assetID] = point
        }
        return result
    }

    /// Records a price: no future date, not negative, one record per asset per day.
    public func recordPrice(_ draft: PricePoint) throws -> PricePoint {
        let asset = try requireAsset(id: draft.assetID)
        var point = draft
        if asset.isCash { point.price = 1 }
        try PriceRules.validate(point, today: today)
        let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM price_history WHERE asset_id = ? AND date = ?)",
                                       arguments: [point.assetID, point.date.description]) ?? false
        if exists { throw ValidationError(PriceRules.duplicateDateMessage) }
        try db.execute(sql: "INSERT INTO price_history(asset_id, date, price) VALUES (?, ?, ?)",
                       arguments: [point.assetID, point.date.description, point.price.plainText])
        point.id = db.lastInsertedRowID
        noteChange("price", .added)
        if case .some(let cached) = latestPriceCache[point.assetID], let latest = cached, latest.date > point.date {
            // an older record does not change the latest price
        } else {
            latestPriceCache[point.assetID] = .some(point)
        }
        return point
    }
}

extension StoreSession {
    public func price(id: Int64) throws -> PricePoint? {
        try Row.fetchOne(db, sql: "SELECT * FROM price_history WHERE id = ?", arguments: [id]).map(Records.price)
    }
}
