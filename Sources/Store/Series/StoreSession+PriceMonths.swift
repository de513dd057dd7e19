import Core
import Foundation
import GRDB

/// Monthly price series (table `price_month`, `PriceMonth`): each asset's market prices read
/// as about one row per asset and month instead of one per price and trade. Derived data,
/// like the quantity checkpoints: triggers delete an asset's rows from the month of any
/// changed price or transaction on (with its `complete` row), whatever door the change came
/// through; the rows that remain are still true. An asset without a `complete` row is
/// extended here from the month after its last row, by reading only those prices and
/// trades, and written back only inside a write transaction the caller already holds.
extension StoreSession {
    /// Each asset's market price by day (`MarketPrices`: the recorded price, else the day's
    /// last trade while trades count), one entry per day, in day order.
    func marketPriceSeries(_ slots: AssetSlots, scan: Bool) throws -> [DatedSeries] {
        var all: [DatedSeries] = []
        try forEachMarketPriceSeries(slots, scan: scan) { _, series in all.append(series) }
        return all
    }

    /// The same, handed to `body` one asset at a time, in slot order, each asset's sources let go once
    /// merged: the merged series of every asset never coexist with their sources (issue 27:
    /// 250,000 prices and 100,000 trades over the benchmark store, 12 MB held twice).
    func forEachMarketPriceSeries(_ slots: AssetSlots, scan: Bool, _ body: (_ slot: Int, _ series: DatedSeries) throws -> Void) throws {
        let useTrades = try pricesFromTrades()
        var sources = try priceSources(slots, scan: scan)
        for slot in sources.indices {
            let series = PriceMonth.merged(sources[slot], trades: useTrades)
            sources[slot] = PriceMonth.Sources()
            try body(slot, series)
        }
    }

    /// Each asset's recorded prices and trade prices by day, from its stored rows and, for an
    /// asset without a `complete` row, from the tables after its last stored month. Rows of
    /// another rule's version are not read.
    func priceSources(_ slots: AssetSlots, scan: Bool) throws -> [PriceMonth.Sources] {
        var sources = [PriceMonth.Sources](repeating: PriceMonth.Sources(), count: slots.count)
        var complete = [Bool](repeating: false, count: slots.count)
        var lastMonth = [String?](repeating: nil, count: slots.count)
        let sql = "SELECT asset_id, month, recorded, trades FROM price_month"
            + (scan ? "" : " WHERE asset_id IN (\(Self.idList(slots)))")
        // Rows come in key order (asset, month): each asset's rows are gathered, then decoded
        // at once (`PackedRuns`), each one's days after the last one's.
        var recordedRuns = PackedRuns(), tradeRuns = PackedRuns()
        var current = -1
        func decodeCurrent() throws {
            guard current >= 0, !recordedRuns.isEmpty else { return }
            defer { recordedRuns.reset(); tradeRuns.reset() }
            lastMonth[current] = recordedRuns.month(of: recordedRuns.segments.count - 1)
            let damagedRecorded = recordedRuns.decode(into: &sources[current].recorded)
            let damagedTrades = tradeRuns.decode(into: &sources[current].trades)
            if let k = [damagedRecorded, damagedTrades].compactMap({ $0 }).min() {
                throw StoreError.corrupt(table: "price_month", column: "recorded", rowID: nil,
                                         damage: .unreadable(key: recordedRuns.month(of: k), value: "\(recordedRuns.count(of: k)) + \(tradeRuns.count(of: k)) bytes"))
            }
        }
        if try derivedRowsAreCurrent(.priceMonth) {
            try forEachRawRow(sql) { row in
                guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
                if slot != current { try decodeCurrent(); current = slot }
                let month = row.bytes(1)
                if month.elementsEqual(Self.completeMonthBytes) { complete[slot] = true; return }
                guard recordedRuns.add(month: month, bytes: row.blob(2)), tradeRuns.add(month: month, bytes: row.blob(3)) else {
                    throw StoreError.corrupt(table: "price_month", column: "recorded", rowID: nil,
                                             damage: .unreadable(key: row.string(1), value: "\(row.blob(2).count) + \(row.blob(3).count) bytes"))
                }
            }
            try decodeCurrent()
        }
        let stale = slots.ids.indices.filter { !complete[$0] }
        guard !stale.isEmpty else { return sources }
        let fresh = try readPriceSources(stale.map { (slots.ids[$0], lastMonth[$0]) })
        let store = try mayWriteDerived(.priceMonth)
        for (i, slot) in stale.enumerated() {
            sources[slot].append(fresh[i])
            if store { try? storePriceMonths(fresh[i], ofAsset: slots.ids[slot], after: lastMonth[slot]) }
        }
        return sources
    }

    static let completeMonthBytes = Array(PriceMonth.complete.utf8)

    /// The recorded and trade prices of each (asset, after) dated after the month `after`
    /// (all of them when nil): whole tables in rowid order when most of the store's assets
    /// are read from their first price, else index seeks per asset.
    func readPriceSources(_ wanted: [(id: Int64, after: String?)]) throws -> [PriceMonth.Sources] {
        let slots = AssetSlots(wanted.map(\.id))
        var recorded = SeriesCollector(count: slots.count), trades = SeriesCollector(count: slots.count)
        var days = DayReader()
        func read(_ condition: String) throws {
            try forEachRawRow("SELECT asset_id, date, price FROM price_history \(condition.isEmpty ? "" : "WHERE " + condition) ORDER BY asset_id, date") { row in
                guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
                recorded.append(slot, try row.day(1, "date", &days), try row.decimal(2, "price"))
            }
            try forEachRawRow("SELECT asset_id, date, price FROM asset_transaction WHERE \(MarketPrices.tradeCondition)\(condition.isEmpty ? "" : " AND " + condition) ORDER BY asset_id, date, id") { row in
                guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
                trades.append(slot, try row.day(1, "date", &days), try row.decimal(2, "price"))
            }
        }
        if wanted.allSatisfy({ $0.after == nil }), try scansWholeTables(for: slots) {
            try readWholeTables(slots, recorded: &recorded, trades: &trades)
        } else {
            for (id, after) in wanted {
                try read("asset_id = \(id)" + (after.map { " AND date > '\(PriceMonth.endOfMonth($0))'" } ?? ""))
            }
        }
        let r = recorded.finished(), t = trades.finished()
        return (0..<slots.count).map { PriceMonth.Sources(recorded: r[$0], trades: PriceMonth.lastOfEachDay(t[$0])) }
    }

    /// Both tables in rowid order (a plain scan; see `scansWholeTables`): a trade's rowid
    /// order is its id order, and the collector's stable sort keeps it within a day.
    private func readWholeTables(_ slots: AssetSlots, recorded: inout SeriesCollector, trades: inout SeriesCollector) throws {
        var days = DayReader()
        try forEachRawRow("SELECT asset_id, date, price FROM price_history") { row in
            guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
            recorded.append(slot, try row.day(1, "date", &days), try row.decimal(2, "price"))
        }
        try forEachRawRow("SELECT asset_id, date, price FROM asset_transaction WHERE \(MarketPrices.tradeCondition)") { row in
            guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
            trades.append(slot, try row.day(1, "date", &days), try row.decimal(2, "price"))
        }
    }

    /// Writes the asset's rows for the months of `fresh` (all after `after`) and its
    /// `complete` row, in a savepoint: derived data, so when the store cannot be written now
    /// the caller goes on without.
    func storePriceMonths(_ fresh: PriceMonth.Sources, ofAsset id: Int64, after: String?) throws {
        let rows = try PriceMonth.rows(of: fresh)
        try db.inSavepoint {
            try db.cachedStatement(sql: "DELETE FROM price_month WHERE asset_id = ? AND month > ?").execute(arguments: [id, after ?? ""])
            var insert = try BulkStatement(db, table: "price_month", columns: ["asset_id", "month", "recorded", "trades"],
                                           rowCount: rows.count + 1, rowsPerStatement: Self.derivedRowsPerStatement)
            for row in rows + [(month: PriceMonth.complete, recorded: [UInt8](), trades: [UInt8]())] {
                insert.bind(1, id)
                insert.bind(2, row.month)
                insert.bind(3, blob: row.recorded)
                insert.bind(4, blob: row.trades)
                try insert.endRow()
            }
            return .commit
        }
    }

    /// Inside a write transaction the user's operation holds: extends the rows of every
    /// asset a change left without its `complete` row (from its last remaining month on), so
    /// that the next read, a report's included, finds them whole. One index seek per asset
    /// when nothing is missing.
    func keepPriceMonthsInStep() throws {
        guard try mayWriteDerived(.priceMonth) else { return }
        let missing = try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT id FROM asset WHERE NOT EXISTS (SELECT 1 FROM price_month WHERE asset_id = asset.id AND month = 'complete') ORDER BY id
            """))
        guard !missing.isEmpty else { return }
        _ = try priceSources(AssetSlots(missing), scan: try scansWholeTables(for: AssetSlots(missing)))
    }
}

extension StoreSession {
    /// The assets of `ids` without a recorded price (one index seek each).
    func assetsWithoutRecordedPrices(_ ids: Set<Int64>) throws -> Set<Int64> {
        let statement = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM price_history WHERE asset_id = ?)")
        return try ids.filter { try Bool.fetchOne(statement, arguments: [$0]) != true }
    }

    /// Writes the monthly series of assets whose every recorded price is known (`recorded`,
    /// in day order, as the store reads them), with their trade prices read from the table:
    /// the rows `priceSources` would make, without reading the prices back. Derived rows: a
    /// write that fails now leaves them missing, to be made at the commit.
    func writePriceMonths(recorded: [Int64: DatedSeries]) throws {
        guard !recorded.isEmpty, try mayWriteDerived(.priceMonth) else { return }
        let slots = AssetSlots(recorded.keys.sorted())
        var trades = SeriesCollector(count: slots.count)
        var days = DayReader()
        // Most assets: one scan in rowid order (the collector's stable sort keeps a day's
        // trades in id order); a few: their rows through the index, in (date, id) order.
        let scan = try scansWholeTables(for: slots)
        let sql = "SELECT asset_id, date, price FROM asset_transaction WHERE \(MarketPrices.tradeCondition)"
            + (scan ? "" : " AND asset_id IN (\(Self.idList(slots))) ORDER BY asset_id, date, id")
        try forEachRawRow(sql) { row in
            guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
            trades.append(slot, try row.day(1, "date", &days), try row.decimal(2, "price"))
        }
        let t = trades.finished()
        for (slot, id) in slots.ids.enumerated() {
            try? storePriceMonths(PriceMonth.Sources(recorded: recorded[id]!, trades: PriceMonth.lastOfEachDay(t[slot])), ofAsset: id, after: nil)
        }
    }

    /// Whether every asset of `slots` has its `complete` row (rows of this rule): then the
    /// monthly series is read whole, with no seek into the tables.
    func priceMonthsAreWhole(_ slots: AssetSlots) throws -> Bool {
        guard try derivedRowsAreCurrent(.priceMonth) else { return false }
        let complete = try Int.fetchOne(db, sql: "SELECT count(*) FROM price_month WHERE month = 'complete' AND asset_id IN (\(Self.idList(slots)))") ?? 0
        return complete == slots.count
    }
}
