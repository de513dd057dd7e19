import Core

/// One month of a `DatedSeries` as bytes (a column of `price_month`): for each entry its day
/// of the month (one byte, 1...31, each after the one before) and its value
/// (`PackedDecimal`), so a read decodes integers instead of parsing decimal text. The month
/// "2024-01" with 12.5 on the 2nd and 13.1 on the 5th is [2, 0x01, 0x7D, 5, 0x01, 0x83, 0x01].
enum PackedMonth {
    /// The months of `series` (in day order): (month "YYYY-MM", bytes), in month order.
    static func rows(of series: DatedSeries) throws -> [(month: String, bytes: [UInt8])] {
        var rows: [(month: String, bytes: [UInt8])] = []
        var month = "", bytes: [UInt8] = []
        // The current month's days are (beforeFirst, last]: its key and calendar are worked
        // out once a month, not once an entry (a price series has about 21 entries a month).
        var beforeFirst: Int32 = 0, last: Int32 = -1
        for i in 0..<series.count {
            let day = series.days[i]
            if day <= beforeFirst || day > last {
                let (y, m, d) = CalendarDate(dayNumber: Int(day)).components
                let key = QuantityCheckpoint.monthKey(year: y, month: m)
                if key != month {
                    if !month.isEmpty { rows.append((month, bytes)) }
                    month = key
                    bytes = []
                }
                beforeFirst = day - Int32(d)
                last = beforeFirst + Int32(CalendarDate.daysIn(month: m, year: y))
            }
            bytes.append(UInt8(day - beforeFirst))
            try PackedDecimal.append(series.values[i], to: &bytes)
        }
        if !month.isEmpty { rows.append((month, bytes)) }
        return rows
    }

    /// Appends a month's entries to `series`; false when the bytes do not read back (damage:
    /// a day outside the month or not after the one before, a value cut short).
    static func append(month: UnsafeBufferPointer<UInt8>, bytes: UnsafeBufferPointer<UInt8>, to series: inout DatedSeries) -> Bool {
        guard let (beforeFirst, length) = start(of: month) else { return false }
        var i = 0, last: UInt8 = 0
        while i < bytes.count {
            let day = bytes[i]
            i += 1
            guard day > last, day <= length, let value = PackedDecimal.read(bytes, at: &i) else { return false }
            series.append(beforeFirst + Int32(day), value)
            last = day
        }
        return true
    }

    /// The entries as text "D:V D:V …" (day of month, exact value), as `check` shows a
    /// row; nil when the bytes do not read back.
    static func text(month: String, bytes: [UInt8]) -> String? {
        var series = DatedSeries()
        var monthText = month
        let readable = monthText.withUTF8 { m in bytes.withUnsafeBufferPointer { append(month: m, bytes: $0, to: &series) } }
        guard readable else { return nil }
        return (0..<series.count).map { "\(CalendarDate(dayNumber: Int(series.days[$0])).day):\(series.values[$0].plainText)" }
            .joined(separator: " ")
    }

    /// The day number of the day before the month "YYYY-MM" begins, and its number of days.
    /// (A first `af.performance{}` asks this of 23,000 rows: the digits are read at once.)
    static func start(of month: UnsafeBufferPointer<UInt8>) -> (Int32, UInt8)? {
        guard month.count == 7, let m = month.baseAddress, m[4] == UInt8(ascii: "-") else { return nil }
        let d0 = m[0] &- 0x30, d1 = m[1] &- 0x30, d2 = m[2] &- 0x30, d3 = m[3] &- 0x30, d5 = m[5] &- 0x30, d6 = m[6] &- 0x30
        guard d0 <= 9, d1 <= 9, d2 <= 9, d3 <= 9, d5 <= 9, d6 <= 9 else { return nil }
        let year = Int(d0) * 1000 + Int(d1) * 100 + Int(d2) * 10 + Int(d3), monthNumber = Int(d5) * 10 + Int(d6)
        guard let first = CalendarDate(year: year, month: monthNumber, day: 1) else { return nil }
        return (Int32(truncatingIfNeeded: first.dayNumber - 1), UInt8(CalendarDate.daysIn(month: monthNumber, year: year)))
    }

    /// `start(of:)` remembering the last month asked: the monthly transaction rows come month
    /// by month, each month's assets one after another.
    struct LastStart {
        private var key: UInt64 = .max  // never a month's: its seven bytes leave the top byte 0
        private var start: (Int32, UInt8)?

        mutating func start(of month: UnsafeBufferPointer<UInt8>) -> (Int32, UInt8)? {
            guard month.count == 7 else { return nil }
            var k: UInt64 = 0
            withUnsafeMutableBytes(of: &k) { $0.copyMemory(from: UnsafeRawBufferPointer(month)) }
            if k != key {
                key = k
                start = PackedMonth.start(of: month)
            }
            return start
        }
    }
}
