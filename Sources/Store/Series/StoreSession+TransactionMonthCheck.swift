import Core
import GRDB

/// `assetflow check`'s comparison of the stored monthly transaction series with a replay
/// (see `derivedMismatches`): every stored month must equal the replay's; an asset whose rows
/// say they are `complete` must have every month of the replay. Rows are compared by value
/// and shown as text (`TransactionMonth.text`).
extension StoreSession {
    /// The mismatches of the stored rows of the assets in `list` (ids, comma-separated), in
    /// asset and month order.
    func transactionMonthMismatches(ofAssets list: String, _ replay: DerivedReplay, name: (Int64) -> String) throws -> [DerivedMismatch] {
        var stored: [Int64: [String: [UInt8]]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT asset_id, month, entries FROM transaction_month WHERE asset_id IN (\(list))") {
            stored[row[0], default: [:]][row[1]] = Self.bytes(row[2])
        }
        var found: [DerivedMismatch] = []
        for (id, months) in stored.sorted(by: { $0.key < $1.key }) {
            found += Self.monthlyMismatches(months, replay.transactionMonths[id], asset: name(id), table: .transactionMonth,
                                            field: "entries", text: TransactionMonth.text)
        }
        return found
    }
}
