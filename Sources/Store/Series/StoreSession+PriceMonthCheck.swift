import Core
import Foundation
import GRDB

/// `assetflow check`'s comparison of the stored monthly price series with a replay (see
/// `derivedMismatches`): every stored month must equal the replay's; an asset whose rows
/// say they are `complete` must have every month of the replay. Rows are compared by value
/// and shown as text "D:P D:P …" (`PackedMonth.text`).
extension StoreSession {
    /// The mismatches of the stored rows of the assets in `list` (ids, comma-separated), in
    /// asset and month order.
    func priceMonthMismatches(ofAssets list: String, _ replay: DerivedReplay, name: (Int64) -> String) throws -> [DerivedMismatch] {
        var stored: [Int64: [String: (recorded: [UInt8], trades: [UInt8])]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT asset_id, month, recorded, trades FROM price_month WHERE asset_id IN (\(list))") {
            stored[row[0], default: [:]][row[1]] = (Self.bytes(row[2]), Self.bytes(row[3]))
        }
        var found: [DerivedMismatch] = []
        for (id, months) in stored.sorted(by: { $0.key < $1.key }) {
            found += try Self.priceMonthMismatches(months, replay.prices[id].map(PriceMonth.rows), asset: name(id))
        }
        return found
    }

    private static func priceMonthMismatches(_ stored: [String: (recorded: [UInt8], trades: [UInt8])],
                                             _ replayed: [PriceMonth.MonthRow]?, asset: String) -> [DerivedMismatch] {
        let table = DerivedTable.priceMonth.rawValue
        guard let replayed else {
            return [DerivedMismatch(asset: asset, table: table, field: "row", stored: "present", replayed: "none (no such asset)")]
        }
        let expected = Dictionary(uniqueKeysWithValues: replayed.map { ($0.month, $0) })
        var found: [DerivedMismatch] = []
        for month in stored.keys.sorted() where month != PriceMonth.complete {
            let row = stored[month]!, replayedRow = expected[month]
            for (field, bytes, replayedBytes) in [("recorded", row.recorded, replayedRow?.recorded), ("trades", row.trades, replayedRow?.trades)] {
                let text = PackedMonth.text(month: month, bytes: bytes)
                let replayedText = replayedBytes.flatMap { PackedMonth.text(month: month, bytes: $0) }
                if text == nil || text != replayedText {
                    found.append(DerivedMismatch(asset: asset, table: table, field: "\(field) \(month)",
                                                 stored: text ?? "unreadable (\(bytes.count) bytes)", replayed: replayedText ?? "none"))
                }
            }
        }
        if stored[PriceMonth.complete] != nil {
            for row in replayed where stored[row.month] == nil {
                found.append(DerivedMismatch(asset: asset, table: table, field: "recorded \(row.month)", stored: "none (the rows say they are complete)",
                                             replayed: PackedMonth.text(month: row.month, bytes: row.recorded) ?? ""))
            }
        }
        return found
    }

    /// A column's bytes: a blob as written; anything else (damage) as its text's bytes, so that
    /// it fails to read back and is named rather than stopping the check.
    static func bytes(_ value: DatabaseValue) -> [UInt8] {
        switch value.storage {
        case .blob(let data): [UInt8](data)
        case .string(let text): Array(text.utf8)
        default: []
        }
    }
}
