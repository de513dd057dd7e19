import Core
import GRDB

/// The source and fetch time of fetched prices (`price_fetch`, beside `price_history`, so
/// typed and imported prices, and every reader of prices, are unaffected).
extension StoreSession {
    /// Stores the fetched prices and, in the same transaction, where and when they came from.
    public func recordFetchedPrices(_ command: RecordFetchedPrices, provenance: PriceProvenance) throws {
        try atomically {
            _ = try execute(command)
            let dates = command.prices.map(\.date.description)
            try db.execute(sql: """
                INSERT INTO price_fetch (price_id, source, fetched_at)
                SELECT id, ?, ? FROM price_history WHERE asset_id = ? AND date IN (SELECT value FROM json_each(?))
                """, arguments: [provenance.source, provenance.fetchedAt, command.asset, dates.jsonArray])
        }
    }

    /// Where the price record `id` was fetched from, or nil when it was typed or imported (or
    /// edited since it was fetched).
    public func priceProvenance(id: Int64) throws -> PriceProvenance? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT source, fetched_at FROM price_fetch WHERE price_id = ?"), arguments: [id])
            .map { PriceProvenance(source: $0["source"], fetchedAt: $0["fetched_at"]) }
    }
}

private extension Array where Element == String {
    /// The texts as a JSON array (dates only: no character needs escaping but the quotes).
    var jsonArray: String { "[" + map { "\"\($0)\"" }.joined(separator: ",") + "]" }
}
