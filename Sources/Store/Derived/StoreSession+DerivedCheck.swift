import Core
import GRDB

/// `assetflow check`'s comparison of every derived row with a replay. A missing row is
/// fine (it is computed when read); a stored one must equal the replay.
extension StoreSession {
    /// Every stored snapshot and checkpoint row that differs from the replay, in table,
    /// asset and field order. Tables whose rows another rule made are not compared (they
    /// are never read, and are rebuilt at the next write): `outdated` lists them.
    func derivedMismatches(limit: Int = 50) throws -> (mismatches: [DerivedMismatch], outdated: [DerivedTable]) {
        let replay = try replayDerived()
        let names = try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, name FROM asset").map { row -> (Int64, String) in (row[0], row[1]) })
        func name(_ id: Int64) -> String { names[id] ?? "#\(id)" }
        var found: [DerivedMismatch] = []
        var outdated: [DerivedTable] = []
        if try derivedRowsAreCurrent(.positionSnapshot) {
            for row in try Row.fetchAll(db, sql: "SELECT * FROM position_snapshot ORDER BY asset_id") {
                let id: Int64 = row["asset_id"]
                found += Self.snapshotMismatches(row, replay.snapshots[id], asset: name(id))
            }
        } else {
            outdated.append(.positionSnapshot)
        }
        if try derivedRowsAreCurrent(.quantityCheckpoint) {
            var stored: [Int64: [String: [UInt8]]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT asset_id, month, levels FROM quantity_checkpoint") {
                stored[row[0], default: [:]][row[1]] = Self.bytes(row[2])
            }
            for (id, months) in stored.sorted(by: { $0.key < $1.key }) {
                found += try Self.checkpointMismatches(months, replay.levels[id] == nil ? nil : replay.checkpointRows(ofAsset: id), asset: name(id))
            }
        } else {
            outdated.append(.quantityCheckpoint)
        }
        if try !db.tableExists(DerivedTable.priceMonth.rawValue) {  // a store from before the monthly series, opened by check
        } else if try derivedRowsAreCurrent(.priceMonth) {
            found += try priceMonthMismatches(replay, name: name)
        } else {
            outdated.append(.priceMonth)
        }
        if try !db.tableExists(DerivedTable.assetExtent.rawValue) {  // a store from before the table, opened by check
        } else if try derivedRowsAreCurrent(.assetExtent) {
            for row in try Row.fetchAll(db, sql: "SELECT asset_id, highest_held, highest_price FROM asset_extent ORDER BY asset_id") {
                let id: Int64 = row[0]
                let replayed = replay.extents[id]
                for (i, field, value) in [(1, "highest_held", replayed?.highestHeld), (2, "highest_price", replayed?.highestPrice)] {
                    let text = Self.text(row[i] as DatabaseValue)
                    if value == nil || ExactDecimal.parseOrNil(text ?? "") != value {
                        found.append(DerivedMismatch(asset: name(id), table: DerivedTable.assetExtent.rawValue, field: field,
                                                     stored: text ?? "NULL", replayed: value?.plainText ?? "none (no such asset)"))
                    }
                }
            }
        } else {
            outdated.append(.assetExtent)
        }
        return (Array(found.prefix(limit)), outdated)
    }

    private static func snapshotMismatches(_ row: Row, _ replayed: CachedPosition?, asset: String) -> [DerivedMismatch] {
        let table = DerivedTable.positionSnapshot.rawValue
        guard let replayed, let lastDate = replayed.lastDate else {
            return [DerivedMismatch(asset: asset, table: table, field: "row", stored: "present", replayed: "none (no transactions)")]
        }
        let p = replayed.position
        let expected: [(String, String)] = [("last_date", lastDate.description), ("last_id", String(replayed.lastID)),
                                            ("quantity", p.quantity.plainText), ("cost_basis", p.costBasis.plainText),
                                            ("realized_gain", p.realizedGain.plainText)]
        return expected.compactMap { column, value in
            let text = Self.text(row[column] as DatabaseValue)
            let same = column.hasPrefix("last_") ? text == value : ExactDecimal.parseOrNil(text ?? "") == ExactDecimal.parseOrNil(value)
            return same ? nil : DerivedMismatch(asset: asset, table: table, field: column, stored: text ?? "NULL", replayed: value)
        }
    }

    /// Rows of one asset against its replay: every stored month must match; when the
    /// `complete` row is there, every month of the replay must be there too. Rows are compared
    /// by value and shown as text "D:Q D:Q …" (`QuantityCheckpoint.text`).
    private static func checkpointMismatches(_ stored: [String: [UInt8]], _ replayed: [(month: String, bytes: [UInt8])]?, asset: String) -> [DerivedMismatch] {
        let table = DerivedTable.quantityCheckpoint.rawValue
        guard let replayed else {
            return [DerivedMismatch(asset: asset, table: table, field: "row", stored: "present", replayed: "none (no such asset)")]
        }
        let expected = Dictionary(uniqueKeysWithValues: replayed.map { ($0.month, $0.bytes) })
        var found: [DerivedMismatch] = []
        for month in stored.keys.sorted() where month != QuantityCheckpoint.complete {
            let bytes = stored[month]!
            let text = QuantityCheckpoint.text(month: month, bytes: bytes)
            let replayedText = expected[month].flatMap { QuantityCheckpoint.text(month: month, bytes: $0) }
            if text == nil || text != replayedText {
                found.append(DerivedMismatch(asset: asset, table: table, field: "levels \(month)", stored: text ?? "unreadable (\(bytes.count) bytes)",
                                             replayed: replayedText ?? "none"))
            }
        }
        if stored[QuantityCheckpoint.complete] != nil {
            for (month, bytes) in replayed where stored[month] == nil {
                found.append(DerivedMismatch(asset: asset, table: table, field: "levels \(month)", stored: "none (the rows say they are complete)",
                                             replayed: QuantityCheckpoint.text(month: month, bytes: bytes) ?? ""))
            }
        }
        return found
    }
}
