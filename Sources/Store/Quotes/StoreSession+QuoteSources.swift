import Core
import GRDB

/// Where each asset's prices are fetched from (`asset_quote_source`), and the days already
/// priced, which a fetch does not ask for again.
extension StoreSession {
    /// The asset's quote source, or nil when it names none.
    public func quoteSource(ofAsset id: Int64) throws -> QuoteSource? {
        try Row.fetchOne(db, sql: "SELECT provider, symbol FROM asset_quote_source WHERE asset_id = ?", arguments: [id])
            .map { QuoteSource(provider: $0["provider"], symbol: $0["symbol"]) }
    }

    /// Every asset that names a quote source, by asset id: one query.
    public func quoteSources() throws -> [Int64: QuoteSource] {
        var result: [Int64: QuoteSource] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT asset_id, provider, symbol FROM asset_quote_source") {
            result[row["asset_id"]] = QuoteSource(provider: row["provider"], symbol: row["symbol"])
        }
        return result
    }

    /// Names (or with nil, forgets) the asset's quote source.
    public func setQuoteSource(_ source: QuoteSource?, ofAsset id: Int64) throws {
        try atomically {
            _ = try requireAsset(id: id)
            if let source {
                guard !source.provider.isEmpty, !source.symbol.isEmpty else { throw RuleViolation("A quote source needs a provider and a symbol.") }
                try db.execute(sql: "INSERT OR REPLACE INTO asset_quote_source (asset_id, provider, symbol) VALUES (?, ?, ?)",
                               arguments: [id, source.provider, source.symbol])
            } else {
                try db.execute(sql: "DELETE FROM asset_quote_source WHERE asset_id = ?", arguments: [id])
            }
        }
    }

    /// The days from `from` to `to` on which the asset has a price record: one query.
    public func priceDates(ofAsset id: Int64, from: CalendarDate, to: CalendarDate) throws -> Set<CalendarDate> {
        let texts = try String.fetchAll(db, sql: "SELECT date FROM price_history WHERE asset_id = ? AND date BETWEEN ? AND ?",
                                        arguments: [id, from.description, to.description])
        return Set(texts.compactMap { CalendarDate($0) })
    }
}
