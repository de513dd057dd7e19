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
            found += Self.transactionMonthMismatches(months, replay.transactionMonths[id], asset: name(id))
        }
        return found
    }

    private static func transactionMonthMismatches(_ stored: [String: [UInt8]], _ replayed: [(month: String, bytes: [UInt8])]?,
                                                   asset: String) -> [DerivedMismatch] {
        let table = DerivedTable.transactionMonth.rawValue
        guard let replayed else {
            return [DerivedMismatch(asset: asset, table: table, field: "row", stored: "present", replayed: "none (no such asset)")]
        }
        let expected = Dictionary(uniqueKeysWithValues: replayed.map { ($0.month, $0.bytes) })
        var found: [DerivedMismatch] = []
        for month in stored.keys.sorted() where month != TransactionMonth.complete {
            let bytes = stored[month]!
            let text = TransactionMonth.text(month: month, bytes: bytes)
            let replayedText = expected[month].flatMap { TransactionMonth.text(month: month, bytes: $0) }
            if text == nil || text != replayedText {
                found.append(DerivedMismatch(asset: asset, table: table, field: "entries \(month)",
                                             stored: text ?? "unreadable (\(bytes.count) bytes)", replayed: replayedText ?? "none"))
            }
        }
        if stored[TransactionMonth.complete] != nil {
            for (month, bytes) in replayed where stored[month] == nil {
                found.append(DerivedMismatch(asset: asset, table: table, field: "entries \(month)", stored: "none (the rows say they are complete)",
                                             replayed: TransactionMonth.text(month: month, bytes: bytes) ?? ""))
            }
        }
        return found
    }
}
