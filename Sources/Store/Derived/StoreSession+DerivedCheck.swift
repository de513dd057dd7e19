import Core
import GRDB

/// `assetflow check`'s comparison of every derived row with a replay. A missing row is
/// fine (it is computed when read); a stored one must equal the replay.
extension StoreSession {
    /// Every stored snapshot and checkpoint row that differs from the replay, in table,
    /// asset and field order; the first `limit` of them. Tables whose rows another rule made
    /// are not compared (they are never read, and are rebuilt at the next write): `outdated`
    /// lists them.
    ///
    /// Compared `assetsAtOnce` assets at a time, in id order (the replay of every asset at
    /// once held the whole history, every asset's price sources included: `check --repair`
    /// peaked at 67 MB on the benchmark store). The ids walked are the store's assets and
    /// those of stored rows whose asset is gone (their rows are named "no such asset"). Each
    /// table's mismatches are collected apart and joined at the end, so the order does not
    /// depend on the chunk size; each table keeps at most `limit` of its own.
    func derivedMismatches(limit: Int = 50, assetsAtOnce: Int = StoreSession.checkChunk) throws -> (mismatches: [DerivedMismatch], outdated: [DerivedTable]) {
        let names = try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, name FROM asset").map { row -> (Int64, String) in (row[0], row[1]) })
        func name(_ id: Int64) -> String { names[id] ?? "#\(id)" }
        var compared: [DerivedTable] = []
        var outdated: [DerivedTable] = []
        for table in [DerivedTable.positionSnapshot, .quantityCheckpoint, .priceMonth, .assetExtent, .transactionMonth] {
            // The last three: a store from before the table, opened by check.
            if table == .priceMonth || table == .assetExtent || table == .transactionMonth, try !db.tableExists(table.rawValue) { continue }
            if try derivedRowsAreCurrent(table) { compared.append(table) } else { outdated.append(table) }
        }
        var ids = Set(names.keys)
        for table in compared { ids.formUnion(try Int64.fetchAll(db, sql: "SELECT DISTINCT asset_id FROM \(table.rawValue)")) }
        let walked = ids.sorted()
        var found = [[DerivedMismatch]](repeating: [], count: compared.count)
        let size = max(assetsAtOnce, 1)
        for start in stride(from: 0, to: walked.count, by: size) {
            let chunk = Array(walked[start..<start + min(size, walked.count - start)])
            var replay = try replayDerived(assets: chunk.filter { names[$0] != nil })
            let list = chunk.map(String.init).joined(separator: ",")
            let gone = chunk.filter { names[$0] == nil }
            if !gone.isEmpty {
                // As a replay of every asset read them (all transactions, whatever their asset):
                // a gone asset's transactions left behind give its snapshot and the extent of
                // its trades; nothing else of it is replayed.
                for (id, history) in try transactionsByAsset(where: "WHERE asset_id IN (\(gone.map(String.init).joined(separator: ",")))") {
                    replay.snapshots[id] = CachedPosition(history)
                    replay.extents[id] = AssetExtent(ordered: history, prices: [])
                }
            }
            for (i, table) in compared.enumerated() {
                found[i] += try mismatches(in: table, ofAssets: list, replay, name: name)
                if found[i].count > limit { found[i].removeSubrange(limit...) }
            }
        }
        return (Array(found.joined().prefix(limit)), outdated)
    }

    /// Assets compared together by `derivedMismatches`. Each chunk reads its assets' prices:
    /// by index seeks when the chunk is under an eighth of the store's assets
    /// (`scansWholeTables`), which over all chunks costs about one read of the tables; by a
    /// scan of both price tables otherwise, once a chunk. On the benchmark store (50 assets)
    /// the comparison took 6.37 G instructions with 4 (and 6), 8.25 G with 8 (seven scans),
    /// 6.76 G with 16, 6.21 G with 25, 5.31 G in one chunk; `check --repair` peaked at 49, 50,
    /// 54, 59 and 67 MB.
    static let checkChunk = 4

    /// The mismatches of `table`'s stored rows of the assets in `list` (ids, comma-separated;
    /// all of them replayed in `replay` unless gone), in asset and field order.
    private func mismatches(in table: DerivedTable, ofAssets list: String, _ replay: DerivedReplay,
                            name: (Int64) -> String) throws -> [DerivedMismatch] {
        var found: [DerivedMismatch] = []
        switch table {
        case .positionSnapshot:
            for row in try Row.fetchAll(db, sql: "SELECT * FROM position_snapshot WHERE asset_id IN (\(list)) ORDER BY asset_id") {
                let id: Int64 = row["asset_id"]
                found += Self.snapshotMismatches(row, replay.snapshots[id], asset: name(id))
            }
        case .quantityCheckpoint:
            var stored: [Int64: [String: [UInt8]]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT asset_id, month, levels FROM quantity_checkpoint WHERE asset_id IN (\(list))") {
                stored[row[0], default: [:]][row[1]] = Self.bytes(row[2])
            }
            for (id, months) in stored.sorted(by: { $0.key < $1.key }) {
                found += try Self.checkpointMismatches(months, replay.levels[id] == nil ? nil : replay.checkpointRows(ofAsset: id), asset: name(id))
            }
        case .priceMonth:
            found += try priceMonthMismatches(ofAssets: list, replay, name: name)
        case .transactionMonth:
            found += try transactionMonthMismatches(ofAssets: list, replay, name: name)
        case .assetExtent:
            for row in try Row.fetchAll(db, sql: "SELECT asset_id, highest_held, highest_price FROM asset_extent WHERE asset_id IN (\(list)) ORDER BY asset_id") {
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
        }
        return found
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
        monthlyMismatches(stored, replayed, asset: asset, table: .quantityCheckpoint, field: "levels", text: QuantityCheckpoint.text)
    }

    /// The comparison of a table of one packed column per asset and month (`quantity_checkpoint`,
    /// `transaction_month`): each stored month against the replay's, as `text` shows them
    /// (nil: the bytes do not read back), and, when the `complete` row is there, every month
    /// of the replay present. Named "`field` YYYY-MM".
    static func monthlyMismatches(_ stored: [String: [UInt8]], _ replayed: [(month: String, bytes: [UInt8])]?, asset: String,
                                  table derived: DerivedTable, field: String,
                                  text: (_ month: String, _ bytes: [UInt8]) -> String?) -> [DerivedMismatch] {
        let table = derived.rawValue, complete = QuantityCheckpoint.complete
        guard let replayed else {
            return [DerivedMismatch(asset: asset, table: table, field: "row", stored: "present", replayed: "none (no such asset)")]
        }
        let expected = Dictionary(uniqueKeysWithValues: replayed.map { ($0.month, $0.bytes) })
        var found: [DerivedMismatch] = []
        for month in stored.keys.sorted() where month != complete {
            let bytes = stored[month]!
            let storedText = text(month, bytes)
            let replayedText = expected[month].flatMap { text(month, $0) }
            if storedText == nil || storedText != replayedText {
                found.append(DerivedMismatch(asset: asset, table: table, field: "\(field) \(month)",
                                             stored: storedText ?? "unreadable (\(bytes.count) bytes)", replayed: replayedText ?? "none"))
            }
        }
        if stored[complete] != nil {
            for (month, bytes) in replayed where stored[month] == nil {
                found.append(DerivedMismatch(asset: asset, table: table, field: "\(field) \(month)", stored: "none (the rows say they are complete)",
                                             replayed: text(month, bytes) ?? ""))
            }
        }
        return found
    }
}
