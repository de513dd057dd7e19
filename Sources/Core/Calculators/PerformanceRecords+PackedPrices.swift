/// Monthly price series decoded straight into the records (issue 27): the store hands over
/// an asset's month rows as it steps them, and their entries are decoded, merged and packed
/// in one pass into their final place in `priceDates` and `prices`. Before, each asset's
/// months were decoded into a series of decimals per column, merged into a third, then
/// packed again value by value (134 M instructions of a first `af.performance{}` over the
/// benchmark store's 250,000 prices). `addPriceSeries` stays, for series the store extends
/// from its tables.

/// One month of an asset's packed series (a `price_month` row): the day before it begins,
/// its number of days, and where its two columns' bytes lie in a buffer.
public struct PackedPriceMonth: Sendable {
    public var dayBeforeMonth: Int32
    public var daysInMonth: UInt8
    public var recorded: Range<Int>
    public var trades: Range<Int>

    public init(dayBeforeMonth: Int32, daysInMonth: UInt8, recorded: Range<Int>, trades: Range<Int>) {
        self.dayBeforeMonth = dayBeforeMonth
        self.daysInMonth = daysInMonth
        self.recorded = recorded
        self.trades = trades
    }
}

extension PerformanceRecords {
    /// Adds an asset's market prices from its month rows (`months`, in month order, their
    /// bytes in `bytes`), as `addPackedPriceMonth` adds each month: written in place, at the
    /// end of the prices, when the asset comes after the last one added and no single price
    /// was (the store's order); otherwise, or when a value's units take more than 63 bits,
    /// month by month. Returns the index of the first month that does not read back, having
    /// added nothing of the asset; nil when all do.
    public mutating func addPackedPriceSeries(assetID: Int64, months: [PackedPriceMonth], bytes: UnsafeBufferPointer<UInt8>,
                                              tradesCount: Bool) -> Int? {
        guard let firstMonth = months.first else { return nil }
        if let asset = numbers.number(of: assetID), inScope[Int(asset)], extendsSeries(asset, after: firstMonth.dayBeforeMonth),
           let base = bytes.baseAddress {
            switch addInPlace(asset, months: months, bytes: base, tradesCount: tradesCount) {
            case .added: return nil
            case .damaged(let k): return k
            case .general: break
            }
        }
        let saved = (priceDates.count, prices.count, prices.wideCount, pendingPrices.count, seriesRanges.count, seriesRanges.last)
        for (k, month) in months.enumerated() {
            let added = addPackedPriceMonth(assetID: assetID, dayBeforeMonth: month.dayBeforeMonth, daysInMonth: month.daysInMonth,
                                            recorded: UnsafeBufferPointer(rebasing: bytes[month.recorded]),
                                            trades: UnsafeBufferPointer(rebasing: bytes[month.trades]), tradesCount: tradesCount)
            if !added {
                priceDates.removeLast(priceDates.count - saved.0)
                prices.truncate(to: saved.1, wideCount: saved.2)
                pendingPrices.removeLast(pendingPrices.count - saved.3)
                seriesRanges.removeLast(seriesRanges.count - saved.4)
                if let last = saved.5 { seriesRanges[seriesRanges.count - 1] = last }
                return k
            }
        }
        return nil
    }

    private enum InPlace { case added, damaged(Int), general }

    /// The months decoded and merged into room on the stack or the heap (at most a price a
    /// day, and an entry takes at least three bytes), then copied at once to the end of the
    /// prices. `.general` (nothing added) when a month is longer than 31 days, comes before
    /// the last, or holds a value whose units take more than 63 bits.
    private mutating func addInPlace(_ asset: Int32, months: [PackedPriceMonth], bytes: UnsafePointer<UInt8>, tradesCount: Bool) -> InPlace {
        var room = 0
        for month in months { room += min(Int(month.daysInMonth), (month.recorded.count + month.trades.count) / 3) }
        guard room > 0 else { return .general }  // nothing to add: the rows only checked, month by month
        return withUnsafeTemporaryAllocation(of: CalendarDate.self, capacity: room) { dates in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: room) { units in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { tags in
                    var written = 0, previous = Int32.min
                    for (k, month) in months.enumerated() {
                        guard month.daysInMonth <= 31, month.dayBeforeMonth > previous else { return .general }
                        previous = month.dayBeforeMonth
                        let n = PackedMonthMerge.merge(bytes, month, tradesCount: tradesCount, dates: dates.baseAddress! + written,
                                                       units: units.baseAddress! + written, tags: tags.baseAddress! + written)
                        if n == PackedMonthMerge.damaged { return .damaged(k) }
                        if n == PackedMonthMerge.general { return .general }
                        written += n
                    }
                    guard written > 0 else { return .added }
                    let start = prices.count
                    priceDates.append(contentsOf: UnsafeBufferPointer(rebasing: dates[..<written]))
                    prices.append(packedUnits: UnsafeBufferPointer(rebasing: units[..<written]), tags: UnsafeBufferPointer(rebasing: tags[..<written]))
                    if let last = seriesRanges.last, last.asset == asset {
                        seriesRanges[seriesRanges.count - 1].range = last.range.lowerBound..<prices.count
                    } else {
                        seriesRanges.append((asset, start..<prices.count))
                    }
                    return .added
                }
            }
        }
    }

    /// Adds one month of an asset's market prices from the bytes of its monthly series (the
    /// two columns of a `price_month` row; each entry is its day of the month, one byte, after
    /// the one before and at most `daysInMonth`, then its value as a `PackedDecimal`): the
    /// recorded prices and, when `tradesCount`, the trade price of each day without a recorded
    /// one (the recorded price wins its day). These are the prices `addPriceSeries` adds for
    /// the merged series of those days. Months of an asset come in month order and assets in
    /// id order, as the store reads them: each month then goes straight after the last; any
    /// other order goes through the single prices (`addPrice`), with the same result.
    ///
    /// Returns false, adding nothing, when either column does not read back (damage); the
    /// trades are read, so checked, even when they do not count.
    public mutating func addPackedPriceMonth(assetID: Int64, dayBeforeMonth: Int32, daysInMonth: UInt8,
                                             recorded: UnsafeBufferPointer<UInt8>, trades: UnsafeBufferPointer<UInt8>,
                                             tradesCount: Bool) -> Bool {
        let number = numbers.number(of: assetID)
        guard let asset = number, inScope[Int(asset)] else {
            // Not an asset of the scope: nothing to add, the bytes only checked.
            var value = ExactDecimal.zero
            var r = PackedDayReader(bytes: recorded, daysInMonth: daysInMonth), t = PackedDayReader(bytes: trades, daysInMonth: daysInMonth)
            while r.next(&value) != 0 {}
            while t.next(&value) != 0 {}
            return !r.damaged && !t.damaged
        }
        let inPlace = extendsSeries(asset, after: dayBeforeMonth)
        let (dateCount, priceCount, wideCount, pendingCount) = (priceDates.count, prices.count, prices.wideCount, pendingPrices.count)
        @inline(__always) func add(_ day: UInt8, _ value: ExactDecimal) {
            let date = CalendarDate(dayNumber: Int(dayBeforeMonth + Int32(day)))
            if inPlace {
                priceDates.append(date)
                prices.append(value)
            } else {
                pendingPrices.append((asset, date, value))
            }
        }
        // The two columns merged as `PriceMonth.merged` merges them, a day at a time (0: none).
        var r = PackedDayReader(bytes: recorded, daysInMonth: daysInMonth), t = PackedDayReader(bytes: trades, daysInMonth: daysInMonth)
        var price = ExactDecimal.zero, trade = ExactDecimal.zero
        var priceDay = r.next(&price), tradeDay = t.next(&trade)
        while priceDay != 0 || tradeDay != 0 {
            if priceDay != 0, tradeDay == 0 || priceDay <= tradeDay {
                if tradeDay == priceDay { tradeDay = t.next(&trade) }  // the recorded price wins its day
                add(priceDay, price)
                priceDay = r.next(&price)
            } else {
                if tradesCount { add(tradeDay, trade) }
                tradeDay = t.next(&trade)
            }
        }
        guard !r.damaged, !t.damaged else {
            priceDates.removeLast(priceDates.count - dateCount)
            prices.truncate(to: priceCount, wideCount: wideCount)
            pendingPrices.removeLast(pendingPrices.count - pendingCount)
            return false
        }
        if inPlace, prices.count > priceCount {
            if let last = seriesRanges.last, last.asset == asset {
                seriesRanges[seriesRanges.count - 1].range = last.range.lowerBound..<prices.count
            } else {
                seriesRanges.append((asset, priceCount..<prices.count))
            }
        }
        return true
    }

    /// Whether asset number `asset`'s prices of days after `day` go at the end of the
    /// prices: no single price was added, and they follow its own prices there, or those
    /// of an asset numbered before it.
    private func extendsSeries(_ asset: Int32, after day: Int32) -> Bool {
        guard pendingPrices.isEmpty else { return false }
        guard let last = seriesRanges.last else { return true }
        if last.asset != asset { return last.asset < asset }
        return last.range.upperBound == prices.count && priceDates[last.range.upperBound - 1].dayNumber <= Int(day)
    }
}

/// The entries of one month of a packed series, in order: a day of the month (one byte, each
/// after the one before, at most the month's length) and its value (`PackedDecimal`).
/// Stops at the end, or at the first entry that does not read back (`damaged`).
struct PackedDayReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let daysInMonth: UInt8
    private var index = 0
    private var last: UInt8 = 0
    private(set) var damaged = false

    init(bytes: UnsafeBufferPointer<UInt8>, daysInMonth: UInt8) {
        self.bytes = bytes
        self.daysInMonth = daysInMonth
    }

    /// The next entry's day of the month, its value in `value`; 0 at the end or at damage.
    @inline(__always) mutating func next(_ value: inout ExactDecimal) -> UInt8 {
        guard index < bytes.count else { return 0 }
        let day = bytes[index]
        index += 1
        guard day > last, day <= daysInMonth, let read = PackedDecimal.read(bytes, at: &index) else {
            damaged = true
            index = bytes.count
            return 0
        }
        last = day
        value = read
        return day
    }
}

/// A month's two packed columns merged into final storage, with no `ExactDecimal` between:
/// each value's units read into 64 bits, its tag made as `PackedDecimals.packed` makes it.
/// The same entries, and the same damage, as `PackedDayReader` and `PriceMonth.merged`.
enum PackedMonthMerge {
    static let damaged = -1, general = -2

    /// Writes the month's merged entries at `dates`, `units` and `tags`; returns how many,
    /// `damaged` when a column does not read back, `general` for a value of more than 63 bits.
    static func merge(_ bytes: UnsafePointer<UInt8>, _ month: PackedPriceMonth, tradesCount: Bool,
                      dates: UnsafeMutablePointer<CalendarDate>, units: UnsafeMutablePointer<UInt64>, tags: UnsafeMutablePointer<UInt8>) -> Int {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 62) { scratchUnits in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 124) { scratchBytes in
                let u = scratchUnits.baseAddress!, b = scratchBytes.baseAddress!
                // The recorded prices straight into place (their days in b[0..<31]), the trades'
                // days in b[62..<93], tags b[93..<124], units u[31..<62].
                let nr = decode(bytes + month.recorded.lowerBound, month.recorded.count, month.daysInMonth, days: b, units: units, tags: tags)
                if nr < 0 { return nr }
                let before = month.dayBeforeMonth
                var recordedDays: UInt32 = 0
                for k in 0..<nr {
                    dates[k] = CalendarDate(dayNumber: Int(before + Int32(b[k])))
                    recordedDays |= 1 << (b[k] & 31)
                }
                let nt = decode(bytes + month.trades.lowerBound, month.trades.count, month.daysInMonth, days: b + 62, units: u + 31, tags: b + 93)
                if nt < 0 { return nt }
                // Done unless a trade that counts falls on a day without a recorded price (the
                // recorded price wins its day): the recorded prices merged with them then.
                guard tradesCount, (0..<nt).contains(where: { recordedDays & 1 << (b[62 + $0] & 31) == 0 }) else { return nr }
                for k in 0..<nr {
                    u[k] = units[k]
                    b[31 + k] = tags[k]
                }
                var r = 0, t = 0, w = 0
                while r < nr || t < nt {
                    if r < nr, t >= nt || b[r] <= b[62 + t] {
                        if t < nt, b[62 + t] == b[r] { t += 1 }  // the recorded price wins its day
                        dates[w] = CalendarDate(dayNumber: Int(before + Int32(b[r])))
                        units[w] = u[r]
                        tags[w] = b[31 + r]
                        w += 1
                        r += 1
                    } else {
                        if tradesCount {
                            dates[w] = CalendarDate(dayNumber: Int(before + Int32(b[62 + t])))
                            units[w] = u[31 + t]
                            tags[w] = b[93 + t]
                            w += 1
                        }
                        t += 1
                    }
                }
                return w
            }
        }
    }

    /// One column: its entries' days, units and tags (at most 31, days ascending within
    /// the month); their count, `damaged` or `general` (as `PackedDecimal.read` reads).
    @inline(__always)
    private static func decode(_ p: UnsafePointer<UInt8>, _ count: Int, _ daysInMonth: UInt8,
                               days: UnsafeMutablePointer<UInt8>, units: UnsafeMutablePointer<UInt64>, tags: UnsafeMutablePointer<UInt8>) -> Int {
        var i = 0, n = 0, last: UInt8 = 0
        while i < count {
            let day = p[i]
            guard day > last, day <= daysInMonth, i + 1 < count else { return damaged }
            let header = p[i + 1]
            guard header & 0x7F <= UInt8(ExactDecimal.maxScale) else { return damaged }
            i += 2
            var low: UInt64 = 0, shift: UInt64 = 0
            while true {
                guard i < count else { return damaged }
                let byte = p[i]
                i += 1
                low |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 {
                    guard byte != 0 || shift == 0 else { return damaged }
                    break
                }
                shift += 7
                if shift == 63 { return general }
            }
            days[n] = day
            units[n] = low
            tags[n] = (header & 0x7F) | (header >= 0x80 && low != 0 ? PackedRows.negative : 0)
            n += 1
            last = day
        }
        return n
    }
}
