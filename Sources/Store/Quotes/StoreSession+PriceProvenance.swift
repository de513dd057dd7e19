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

    /// Where every fetched price came from, by asset and date (one query; typed and imported
    /// prices are absent): for rows and exports that list many prices.
    public func priceProvenanceByAsset() throws -> [Int64: [CalendarDate: PriceProvenance]] {
        var result: [Int64: [CalendarDate: PriceProvenance]] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT p.asset_id, p.date, f.source, f.fetched_at FROM price_fetch f JOIN price_history p ON p.id = f.price_id
            """)
        while let row = try rows.next() {
            guard let date = CalendarDate(row[1] as String) else { continue }
            result[row[0], default: [:]][date] = PriceProvenance(source: row[2], fetchedAt: row[3])
        }
        return result
    }
}

private extension Array where Element == String {
    /// The texts as a JSON array (dates only: no character needs escaping but the quotes).
    var jsonArray: String { "[" + map { "\"\($0)\"" }.joined(separator: ",") + "]" }
}
