import Core
import GRDB

/// The scope's market prices for performance read from the monthly series straight into the
/// records (issue 27): each asset's `price_month` rows go to
/// `PerformanceRecords.addPackedPriceSeries` as bytes, decoded there into their final place
/// (no series of decimals per column, no merged series, no second packing). Only when every
/// asset's series is whole (its `complete` row): otherwise `forEachMarketPriceSeries` extends
/// the stale ones from the tables first.
extension StoreSession {
    /// Adds every asset of `slots`' market prices to `records` when all their monthly series
    /// are whole, read in one transaction (the check and the rows see the same store). False,
    /// adding nothing, when one is not.
    func addWholePriceMonths(_ slots: AssetSlots, scan: Bool, to records: inout PerformanceRecords) throws -> Bool {
        try readingAtOnce {
            guard try priceMonthsAreWhole(slots) else { return false }
            try addPriceMonths(slots, scan: scan, tradesCount: try pricesFromTrades(), to: &records)
            return true
        }
    }

    /// The rows of `slots` (all of them whole), in key order (asset, month): each asset's
    /// rows gathered as they are stepped (their bytes copied out of SQLite's buffers, which
    /// the next step invalidates, into a buffer reused from one asset to the next), then added
    /// at once. A damaged row is the error `priceSources` gives: a month that is not one at
    /// once, bytes that do not read back once the asset's rows are read (its first such row).
    private func addPriceMonths(_ slots: AssetSlots, scan: Bool, tradesCount: Bool, to records: inout PerformanceRecords) throws {
        let sql = "SELECT asset_id, month, recorded, trades FROM price_month"
            + (scan ? "" : " WHERE asset_id IN (\(Self.idList(slots)))")
        var asset = GatheredPriceMonths()
        try forEachRawRow(sql) { row in
            let id = try row.int64(0, "asset_id")
            guard slots.slot(of: id) != nil else { return }
            if id != asset.id {
                try asset.add(to: &records, tradesCount: tradesCount)
                asset.id = id
            }
            let month = row.bytes(1)
            if month.elementsEqual(Self.completeMonthBytes) { return }
            let recorded = row.blob(2), trades = row.blob(3)
            guard let (beforeFirst, length) = PackedMonth.start(of: month) else {
                throw StoreError.corrupt(table: "price_month", column: "recorded", rowID: nil,
                                         damage: .unreadable(key: row.string(1), value: "\(recorded.count) + \(trades.count) bytes"))
            }
            asset.append(dayBeforeMonth: beforeFirst, daysInMonth: length, recorded: recorded, trades: trades)
        }
        try asset.add(to: &records, tradesCount: tradesCount)
    }

    /// Runs `body` inside a read transaction when none is open, so that its reads see one
    /// state of the store; inside one already, as it is.
    private func readingAtOnce<T>(_ body: () throws -> T) throws -> T {
        if db.isInsideTransaction { return try body() }
        try db.beginTransaction(.deferred)
        do {
            let result = try body()
            try db.commit()  // nothing written: a commit, not a rollback, which drops every cache
            return result
        } catch {
            try? db.commit()
            throw error
        }
    }
}

/// One asset's `price_month` rows as they are stepped: their bytes copied out of SQLite's
/// buffers (which the next step invalidates) into a buffer reused from one asset to the next.
/// A struct the row closure mutates in place (captured variables a nested function also
/// touched were checked for exclusive access at every row).
private struct GatheredPriceMonths {
    var id: Int64?
    private var bytes: [UInt8] = []
    private var months: [PackedPriceMonth] = []

    mutating func append(dayBeforeMonth: Int32, daysInMonth: UInt8, recorded: UnsafeBufferPointer<UInt8>, trades: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: recorded)
        let middle = bytes.count
        bytes.append(contentsOf: trades)
        months.append(PackedPriceMonth(dayBeforeMonth: dayBeforeMonth, daysInMonth: daysInMonth, recorded: start..<middle, trades: middle..<bytes.count))
    }

    /// Adds the rows gathered to `records` (`addPackedPriceSeries`) and empties the buffer.
    /// A month whose bytes do not read back is the error `priceSources` gives (its first).
    mutating func add(to records: inout PerformanceRecords, tradesCount: Bool) throws {
        guard let id, !months.isEmpty else { return }
        defer { bytes.removeAll(keepingCapacity: true); months.removeAll(keepingCapacity: true) }
        guard let k = bytes.withUnsafeBufferPointer({ records.addPackedPriceSeries(assetID: id, months: months, bytes: $0, tradesCount: tradesCount) })
        else { return }
        let (year, month, _) = CalendarDate(dayNumber: Int(months[k].dayBeforeMonth) + 1).components
        throw StoreError.corrupt(table: "price_month", column: "recorded", rowID: nil,
                                 damage: .unreadable(key: QuantityCheckpoint.monthKey(year: year, month: month),
                                                     value: "\(months[k].recorded.count) + \(months[k].trades.count) bytes"))
    }
}
