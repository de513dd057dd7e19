import Core
import GRDB

extension StoreSession {
    /// The asset's price records, oldest first.
    public func prices(ofAsset id: Int64) throws -> [PricePoint] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM price_history WHERE asset_id = ? ORDER BY date"), arguments: [id]).map(Records.price)
    }

    /// The latest market price (`MarketPrices`: a record, else a later trade's price; its
    /// `id` is nil then), or nil when there is none.
    public func latestPrice(ofAsset id: Int64) throws -> PricePoint? {
        if let cached = latestPriceCache[id] { return cached }
        let point = try marketPrice(ofAsset: id, onOrBefore: nil)
        latestPriceCache[id] = .some(point)
        return point
    }

    /// The latest market price of every asset: two queries (records, trades).
    public func latestPrices() throws -> [Int64: PricePoint] {
        var result = try latestRecordedPrices()
        guard try pricesFromTrades() else { return result }
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT t.asset_id, t.date, t.price FROM asset a
            JOIN asset_transaction t
              ON t.id = (SELECT id FROM asset_transaction WHERE asset_id = a.id AND \(MarketPrices.tradeCondition) ORDER BY date DESC, id DESC LIMIT 1)
            """))
        for row in rows {
            let point = PricePoint(assetID: row["asset_id"], date: try CalendarDate.parse(row["date"] as String), price: try ExactDecimal.parse(row["price"] as String))
            if let recorded = result[point.assetID], recorded.date >= point.date { continue }
            result[point.assetID] = point
        }
        return result
    }

    /// The latest price record of every asset: one query.
    func latestRecordedPrices() throws -> [Int64: PricePoint] {
        // One seek per asset in the (asset_id, date) index, not a scan of every price.
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT p.* FROM asset a
            JOIN price_history p
              ON p.id = (SELECT id FROM price_history WHERE asset_id = a.id ORDER BY date DESC LIMIT 1)
            """))
        var result: [Int64: PricePoint] = [:]
        for row in rows {
            let point = try Records.price(row)
            result[point.assetID] = point
        }
        return result
    }

    /// Records a price: the `RecordPrice` command.
    public func recordPrice(_ draft: PricePoint) throws -> PricePoint {
        try execute(RecordPrice(asset: draft.assetID, price: draft.price, date: draft.date))
    }
}

extension StoreSession {
    public func price(id: Int64) throws -> PricePoint? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM price_history WHERE id = ?"), arguments: [id]).map(Records.price)
    }
}
