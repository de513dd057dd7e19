import Core

/// One asset's packed month rows (`PackedMonth`) gathered as they are stepped, then decoded
/// in one pass into a `DatedSeries` reserved from their length (every entry takes at least
/// three bytes), written in place: a daily timeline's 330,000 levels and prices no longer go
/// through an append each (a uniqueness check, a capacity check, and the arrays grown by
/// doubling, copied, and their fresh pages faulted in). The bytes are copied out of SQLite's
/// buffers, which the next step invalidates, into a buffer reused from one asset to the next.
struct PackedRuns {
    /// A row: the day before its month begins, the month's length, its bytes in `bytes`.
    struct Segment {
        var beforeFirst: Int32
        var length: UInt8
        var start: Int
        var end: Int
        var count: Int { end - start }
    }

    private(set) var segments: [Segment] = []
    private var bytes: [UInt8] = []

    var isEmpty: Bool { segments.isEmpty }

    /// Adds a row; false when its month is not a month "YYYY-MM" (damage).
    mutating func add(month: UnsafeBufferPointer<UInt8>, bytes row: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let (beforeFirst, length) = PackedMonth.start(of: month) else { return false }
        let start = bytes.count
        bytes.append(contentsOf: row)
        segments.append(Segment(beforeFirst: beforeFirst, length: length, start: start, end: bytes.count))
        return true
    }

    /// Forgets the gathered rows (keeping the buffers for the next asset).
    mutating func reset() {
        segments.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends every gathered row's entries to `series` (nothing when one is damaged).
    /// Returns the index of the first row that does not read back, nil when all do.
    func decode(into series: inout DatedSeries) -> Int? {
        let capacity = bytes.count / 3
        guard capacity > 0 else { return segments.firstIndex { $0.count > 0 } }
        var damaged: Int?
        var decoded = 0
        var days: [Int32] = []
        let values = [ExactDecimal](unsafeUninitializedCapacity: capacity) { valueBuffer, valueCount in
            days = [Int32](unsafeUninitializedCapacity: capacity) { dayBuffer, dayCount in
                bytes.withUnsafeBufferPointer { all in
                    for (k, segment) in segments.enumerated() {
                        let row = UnsafeBufferPointer(rebasing: all[segment.start..<segment.end])
                        var i = 0, last: UInt8 = 0
                        while i < row.count {
                            let day = row[i]
                            i += 1
                            guard day > last, day <= segment.length, decoded < capacity, let value = PackedDecimal.read(row, at: &i) else {
                                damaged = k
                                return
                            }
                            (dayBuffer.baseAddress! + decoded).initialize(to: segment.beforeFirst + Int32(day))
                            (valueBuffer.baseAddress! + decoded).initialize(to: value)
                            decoded += 1
                            last = day
                        }
                    }
                }
                dayCount = decoded
            }
            valueCount = decoded
        }
        if damaged == nil { series.append(days: days, values: values) }
        return damaged
    }

    /// The month "YYYY-MM" of the row at `index`.
    func month(of index: Int) -> String {
        let (year, month, _) = CalendarDate(dayNumber: Int(segments[index].beforeFirst) + 1).components
        return QuantityCheckpoint.monthKey(year: year, month: month)
    }

    /// The byte count of the row at `index`.
    func count(of index: Int) -> Int { segments[index].count }
}
