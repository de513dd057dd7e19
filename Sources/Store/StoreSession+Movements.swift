import Core
import Foundation
import GRDB

/// Income per source. (Set quantity, swap, dividend and interest are commands of
/// `Core/Commands`, run with `execute`.)
extension StoreSession {
    public static let swapSameAssetMessage = Swap.sameAssetMessage

    /// Σ of the dividends and interest paid by `source` (income is reported per source asset).
    public func income(fromSource source: Int64) throws -> ExactDecimal {
        let totals = try String.fetchAll(db, sql: "SELECT total FROM asset_transaction WHERE source_asset_id = ? AND type IN ('dividend', 'interest')",
                                         arguments: [source])
        return try totals.reduce(ExactDecimal.zero) { $0 + (try ExactDecimal.parse($1)) }
    }

    /// The currencies `source`'s dividends and interest were paid in (the receiving assets'
    /// currencies), sorted: one currency lets Lua label `income` with it.
    public func incomeCurrencies(fromSource source: Int64) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT DISTINCT a.currency FROM asset_transaction t JOIN asset a ON a.id = t.asset_id
            WHERE t.source_asset_id = ? AND t.type IN ('dividend', 'interest') ORDER BY 1
            """, arguments: [source])
    }
}
