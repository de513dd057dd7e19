import Core
import GRDB

/// Market prices (`MarketPrices`): recorded prices plus each buy's and sell's price on days
/// without a recorded one. Every read of an asset's value goes through here (latest price,
/// timelines, performance, projections, the journal export, commands that need a past
/// price), so one rule covers every door that writes a trade; nothing extra is stored.
extension StoreSession {
    /// Whether trades' prices count as market prices (the `prices_from_trades` setting).
    public func pricesFromTrades() throws -> Bool {
        MarketPrices.isOn(setting: try setting(MarketPrices.settingKey))
    }

    /// The asset's market price on or before `date` (the latest one when nil): two index
    /// seeks, the recorded price winning a day it shares with a trade.
    public func marketPrice(ofAsset id: Int64, onOrBefore date: CalendarDate?) throws -> PricePoint? {
        let day = date?.description ?? "9999-12-31"
        guard try pricesFromTrades() else {
            return try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM price_history WHERE asset_id = ? AND date <= ? ORDER BY date DESC LIMIT 1"),
                                    arguments: [id, day]).map(Records.price)
        }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: Self.marketPriceSQL), arguments: [id, day]) else { return nil }
        let recordID: Int64? = row["id"]
        return PricePoint(id: recordID, assetID: id, date: try CalendarDate.parse(row["date"] as String),
                          price: try ExactDecimal.parse(row["price"] as String))
    }

    /// ?1 the asset, ?2 the day: its latest recorded price and its latest trade price on or
    /// before the day, the later one winning (the recorded one on a tie). `id` is NULL for a
    /// trade's price.
    static let marketPriceSQL = """
        SELECT id, date, price FROM (
            SELECT * FROM (SELECT id, date, price, 1 AS recorded FROM price_history
                           WHERE asset_id = ?1 AND date <= ?2 ORDER BY date DESC LIMIT 1)
            UNION ALL
            SELECT * FROM (SELECT NULL, date, price, 0 FROM asset_transaction
                           WHERE asset_id = ?1 AND date <= ?2 AND \(MarketPrices.tradeCondition) ORDER BY date DESC, id DESC LIMIT 1)
        ) ORDER BY date DESC, recorded DESC LIMIT 1
        """

    /// Each asset's trade prices in (date, id) order, by one read of the transactions (the
    /// table in rowid order, or the assets of `assets`); [:] when the rule is off.
    func tradePricesByAsset(assets condition: String? = nil) throws -> [Int64: [PricePoint]] {
        guard try pricesFromTrades() else { return [:] }
        var trades: [Int64: [PricePoint]] = [:]
        let sql = "SELECT asset_id, date, price FROM asset_transaction WHERE \(MarketPrices.tradeCondition)"
            + (condition.map { " AND \($0)" } ?? "")
        try forEachRun(sql, key: { try $0.int64(0, "asset_id") },
                       read: { PricePoint(assetID: try $0.int64(0, "asset_id"), date: try $0.date(1, "date"), price: try $0.decimal(2, "price")) }) { id, run in
            trades[id, default: []].append(contentsOf: run)
        }
        // A stable sort: trades of one day stay in id order, so the day's last one is last.
        for id in trades.keys where !trades[id]!.isInOrder(by: \.date) { trades[id]!.sort { $0.date < $1.date } }
        return trades
    }

    /// Market prices grouped by asset, in date order (`pricesByAsset` with trade prices).
    func marketPricesByAsset(assets condition: String? = nil) throws -> [Int64: [PricePoint]] {
        var prices = try pricesByAsset(where: condition.map { "WHERE \($0)" } ?? "")
        for (id, trades) in try tradePricesByAsset(assets: condition) {
            prices[id] = MarketPrices.merge(recorded: prices[id] ?? [], trades: trades)
        }
        return prices
    }
}
