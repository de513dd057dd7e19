import Core

/// Day numbers from "YYYY-MM-DD" column bytes, remembering the month of the last date read:
/// a history walk reads dates in runs of the same month, so most of them cost an 8-byte
/// compare and two digits instead of a full calendar computation. As strict as
/// `CalendarDate(utf8:)`: nil for anything that is not a real date.
struct DayReader {
    private var prefix: UInt64 = 0  // the bytes "YYYY-MM-" of the remembered month
    private var beforeFirst: Int32 = 0  // the day number of its day 0
    private var length: Int32 = 0  // its number of days; 0 before the first date

    mutating func day(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard bytes.count == 10, let base = bytes.baseAddress else { return nil }
        let head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
        if head == prefix, length > 0 {
            let tens = bytes[8] &- 0x30, ones = bytes[9] &- 0x30
            guard tens <= 9, ones <= 9 else { return nil }
            let day = Int32(tens) * 10 + Int32(ones)
            return day >= 1 && day <= length ? beforeFirst + day : nil
        }
        guard let date = CalendarDate(utf8: bytes) else { return nil }
        let (year, month, day) = date.components
        prefix = head
        beforeFirst = Int32(truncatingIfNeeded: date.dayNumber - day)
        length = Int32(CalendarDate.daysIn(month: month, year: year))
        return Int32(truncatingIfNeeded: date.dayNumber)
    }
}

/// Fills one `DatedSeries` per slot from rows that arrive in runs of the same asset: the
/// run's series is held outside the array, so an append touches one array, not an array
/// inside an array (a uniqueness check and a retain per row).
struct SeriesCollector {
    private var series: [DatedSeries]
    private var current = DatedSeries()
    private var slot = -1

    init(count: Int) { series = [DatedSeries](repeating: DatedSeries(), count: count) }

    @inline(__always)
    mutating func append(_ slot: Int, _ day: Int32, _ value: ExactDecimal) {
        if slot != self.slot { switchTo(slot) }
        current.append(day, value)
    }

    private mutating func switchTo(_ next: Int) {
        if slot >= 0 { series[slot] = current }
        current = series[next]
        series[next] = DatedSeries()
        slot = next
    }

    /// Every slot's series, in day order.
    mutating func finished() -> [DatedSeries] {
        if slot >= 0 { series[slot] = current; current = DatedSeries(); slot = -1 }
        for i in series.indices { series[i].sortByDay() }
        return series
    }
}
