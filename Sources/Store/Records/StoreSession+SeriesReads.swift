import Core
import GRDB
import GRDBSQLite

/// What a timeline walk reads, as one `DatedSeries` per asset slot.
extension StoreSession {
    /// Whether a walk over `slots` reads whole tables in rowid order rather than through the
    /// (asset_id, date) indexes. The index costs a B-tree lookup of the table row per row
    /// read (100,000 transactions of the benchmark store: 0.17 s against 0.02 s for the
    /// scan, whatever the page cache), so it pays only for a small share of the assets.
    func scansWholeTables(for slots: AssetSlots) throws -> Bool {
        let assets = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM asset")) ?? 0
        return slots.count * 8 >= assets
    }

    /// Each asset's units moved by its transactions, by day: sells and transfers out
    /// negative, every other type positive (an adjustment carries its own sign).
    func unitMoves(_ slots: AssetSlots, scan: Bool) throws -> [DatedSeries] {
        var series = SeriesCollector(count: slots.count)
        var days = DayReader()
        let sql = "SELECT asset_id, type, date, quantity FROM asset_transaction"
            + (scan ? "" : " WHERE asset_id IN (\(Self.idList(slots))) ORDER BY asset_id, date, id")
        try forEachRawRow(sql) { row in
            guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
            let quantity = try row.decimal(3, "quantity")
            series.append(slot, try row.day(2, "date", &days), try row.transactionType(1).quantityImpact(quantity))
        }
        return series.finished()
    }

    /// Each asset's whole market price history (`MarketPrices`), by day.
    func priceSeries(_ slots: AssetSlots, scan: Bool) throws -> [DatedSeries] {
        var series = SeriesCollector(count: slots.count)
        var days = DayReader()
        if try pricesFromTrades() {
            // Trades first: the series are sorted stably and a walk takes the last value of a
            // day, so a recorded price wins its day and a day's last trade the others.
            let sql = "SELECT asset_id, date, price FROM asset_transaction WHERE \(MarketPrices.tradeCondition)"
                + (scan ? "" : " AND asset_id IN (\(Self.idList(slots))) ORDER BY asset_id, date, id")
            try forEachRawRow(sql) { row in
                guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
                series.append(slot, try row.day(1, "date", &days), try row.decimal(2, "price"))
            }
        }
        let sql = "SELECT asset_id, date, price FROM price_history"
            + (scan ? "" : " WHERE asset_id IN (\(Self.idList(slots))) ORDER BY asset_id, date")
        try forEachRawRow(sql) { row in
            guard let slot = slots.slot(of: try row.int64(0, "asset_id")) else { return }
            series.append(slot, try row.day(1, "date", &days), try row.decimal(2, "price"))
        }
        return series.finished()
    }

    /// Each asset's latest price on or before each of `dates` (ascending), dated that date,
    /// by one index seek per asset and date: the statement is bound and stepped directly
    /// (no argument array, no String per date or price).
    func pricesOn(_ dates: [CalendarDate], _ slots: AssetSlots) throws -> [DatedSeries] {
        let sql = try pricesFromTrades() ? "SELECT price FROM (\(Self.marketPriceSQL))"
            : "SELECT price FROM price_history WHERE asset_id = ?1 AND date <= ?2 ORDER BY date DESC LIMIT 1"
        let statement = try db.makeStatement(sql: sql)
        let handle = statement.sqliteStatement
        let columns = RawColumns(statement: handle)
        defer { sqlite3_reset(handle); sqlite3_clear_bindings(handle) }
        let texts = dates.map { Array($0.description.utf8) }
        var series = [DatedSeries](repeating: DatedSeries(), count: slots.count)
        for (slot, id) in slots.ids.enumerated() {
            for (i, date) in dates.enumerated() {
                sqlite3_reset(handle)
                sqlite3_bind_int64(handle, 1, id)
                let code = texts[i].withUnsafeBufferPointer { text in
                    sqlite3_bind_text(handle, 2, text.baseAddress, Int32(text.count), nil)  // nil: SQLITE_STATIC, valid while stepping
                    return sqlite3_step(handle)
                }
                switch code {
                case SQLITE_ROW: series[slot].append(Int32(truncatingIfNeeded: date.dayNumber), try columns.decimal(0, "price"))
                case SQLITE_DONE: continue
                default: throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
                }
            }
        }
        return series
    }

    static func idList(_ slots: AssetSlots) -> String { slots.ids.map(String.init).joined(separator: ",") }
}
