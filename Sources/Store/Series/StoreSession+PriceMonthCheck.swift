import Core
import GRDB

/// `assetflow check`'s comparison of the stored monthly price series with a replay (see
/// `derivedMismatches`): every stored month must equal the replay's; an asset whose rows
/// say they are `complete` must have every month of the replay.
extension StoreSession {
    func priceMonthMismatches(_ replay: DerivedReplay, name: (Int64) -> String) throws -> [DerivedMismatch] {
        var stored: [Int64: [String: (recorded: String, trades: String)]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT asset_id, month, recorded, trades FROM price_month") {
            stored[row[0], default: [:]][row[1]] = (row[2], row[3])
        }
        var found: [DerivedMismatch] = []
        for (id, months) in stored.sorted(by: { $0.key < $1.key }) {
            found += try Self.priceMonthMismatches(months, replay.prices[id].map(PriceMonth.rows), asset: name(id))
        }
        return found
    }

    private static func priceMonthMismatches(_ stored: [String: (recorded: String, trades: String)],
                                             _ replayed: [(month: String, recorded: String, trades: String)]?, asset: String) -> [DerivedMismatch] {
        let table = DerivedTable.priceMonth.rawValue
        guard let replayed else {
            return [DerivedMismatch(asset: asset, table: table, field: "row", stored: "present", replayed: "none (no such asset)")]
        }
        let expected = Dictionary(uniqueKeysWithValues: replayed.map { ($0.month, (recorded: $0.recorded, trades: $0.trades)) })
        var found: [DerivedMismatch] = []
        for month in stored.keys.sorted() where month != PriceMonth.complete {
            let row = stored[month]!
            for (field, text, replayedText) in [("recorded", row.recorded, expected[month]?.recorded), ("trades", row.trades, expected[month]?.trades)]
                where canonical(month: month, text: text) != (replayedText ?? "") || expected[month] == nil {
                found.append(DerivedMismatch(asset: asset, table: table, field: "\(field) \(month)", stored: text, replayed: replayedText ?? "none"))
            }
        }
        if stored[PriceMonth.complete] != nil {
            for row in replayed where stored[row.month] == nil {
                found.append(DerivedMismatch(asset: asset, table: table, field: "recorded \(row.month)", stored: "none (the rows say they are complete)",
                                             replayed: row.recorded))
            }
        }
        return found
    }

    /// A row's text as this build writes it ("02:1.50" is "2:1.5"); nil when it does not
    /// read back: rows are compared by value, not by spelling.
    private static func canonical(month: String, text: String) -> String? {
        var series = DatedSeries()
        var monthText = month, values = text
        let readable = monthText.withUTF8 { m in values.withUTF8 { t in QuantityCheckpoint.append(month: m, text: t, to: &series) } }
        guard readable else { return nil }
        return (try? QuantityCheckpoint.rows(of: series))?.first?.text ?? ""
    }
}
