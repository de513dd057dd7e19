import Core

/// One row of `price_month`: an asset's market price sources for one month, each column a
/// month of (day, price) entries packed in binary (`PackedMonth`; migration "Pack the
/// monthly price series in binary", which replaced the "D:P D:P …" text of "Create monthly
/// price series"). `recorded` holds the recorded prices; `trades` each day's last trade
/// price (a buy or a sell above 0, the last by id), whether or not the `prices_from_trades`
/// setting is on: the setting is applied when the series are merged (`merged`), so changing
/// it makes no row stale. Months without a price or a trade have no row; the row whose month
/// is `complete` marks the rows before it as covering every price and trade of the asset.
enum PriceMonth {
    static let complete = QuantityCheckpoint.complete

    /// One asset's prices by day: recorded ones and the last trade of each day, each in day
    /// order with at most one entry per day.
    struct Sources: Equatable {
        var recorded = DatedSeries()
        var trades = DatedSeries()

        /// Appends `later`, all of whose days come after this one's.
        mutating func append(_ later: Sources) {
            for i in 0..<later.recorded.count { recorded.append(later.recorded.days[i], later.recorded.values[i]) }
            for i in 0..<later.trades.count { trades.append(later.trades.days[i], later.trades.values[i]) }
        }
    }

    /// The market price of each day that has one: the recorded price, else (when trades
    /// count) the day's last trade. One entry per day, in day order: the same levels a walk
    /// of the recorded prices and the trades, sorted stably with trades first, arrives at.
    static func merged(_ sources: Sources, trades useTrades: Bool) -> DatedSeries {
        let recorded = sources.recorded, trades = sources.trades
        guard useTrades, trades.count > 0 else { return recorded }
        var result = DatedSeries()
        var r = 0, t = 0
        while r < recorded.count || t < trades.count {
            if t >= trades.count || (r < recorded.count && recorded.days[r] <= trades.days[t]) {
                if t < trades.count, recorded.days[r] == trades.days[t] { t += 1 }  // the recorded price wins its day
                result.append(recorded.days[r], recorded.values[r])
                r += 1
            } else {
                result.append(trades.days[t], trades.values[t])
                t += 1
            }
        }
        return result
    }

    /// Keeps the last entry of each day (trades read in (date, id) order).
    static func lastOfEachDay(_ series: DatedSeries) -> DatedSeries {
        var result = DatedSeries()
        for i in 0..<series.count where i + 1 == series.count || series.days[i + 1] != series.days[i] {
            result.append(series.days[i], series.values[i])
        }
        return result
    }

    /// One month's row: its two columns' bytes (`PackedMonth`).
    typealias MonthRow = (month: String, recorded: [UInt8], trades: [UInt8])

    /// The rows of `sources`, in month order.
    static func rows(of sources: Sources) throws -> [MonthRow] {
        let recorded = try PackedMonth.rows(of: sources.recorded), trades = try PackedMonth.rows(of: sources.trades)
        var rows: [MonthRow] = []
        var r = 0, t = 0
        while r < recorded.count || t < trades.count {
            if t >= trades.count || (r < recorded.count && recorded[r].month < trades[t].month) {
                rows.append((recorded[r].month, recorded[r].bytes, []))
                r += 1
            } else if r >= recorded.count || trades[t].month < recorded[r].month {
                rows.append((trades[t].month, [], trades[t].bytes))
                t += 1
            } else {
                rows.append((recorded[r].month, recorded[r].bytes, trades[t].bytes))
                r += 1
                t += 1
            }
        }
        return rows
    }

    /// Appends a row's prices to `sources`; false when the row does not read back (damage).
    static func append(month: UnsafeBufferPointer<UInt8>, recorded: UnsafeBufferPointer<UInt8>, trades: UnsafeBufferPointer<UInt8>,
                       to sources: inout Sources) -> Bool {
        PackedMonth.append(month: month, bytes: recorded, to: &sources.recorded)
            && PackedMonth.append(month: month, bytes: trades, to: &sources.trades)
    }

    /// "YYYY-MM-99": every date of the month sorts before it, every later date after it.
    static func endOfMonth(_ month: String) -> String { month + "-99" }
}
