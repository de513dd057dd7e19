import Testing
@testable import Core

/// `PackedRows.sortByDateAndID` puts the rows in (date, id) order, a row without an id after
/// those of its day, equal keys in the order they were added: as a stable sort of the rows
/// does, whichever way it gets there (by a radix sort of day and id keys, or by comparisons when those keys
/// do not fit in 64 bits).
@Suite("Performance records: the rows' sort into (date, id) order")
struct PackedRowsSortTests {
    func row(day: Int, id: Int64?, quantity: Int) -> PerformanceRecords.Row {
        PerformanceRecords.Row(date: CalendarDate(dayNumber: day), id: id, asset: 0, type: .buy, sourceInScope: false, relatedInScope: false,
                               quantity: ExactDecimal(quantity), price: 1, fees: 0, sourceAssetID: nil, relatedID: nil)
    }

    @Test("random rows: month by month as the series give them, shuffled, spread over centuries, crowded on one day, with and without ids",
          arguments: 0..<12)
    func sameAsAStableSort(seed: Int) {
        var r = SplitMix64(seed: UInt64(seed) &+ 4_242)
        let count = [0, 1, 2, 50, 3_000, 20_000][seed % 6]
        let base = 12_000
        var added: [PerformanceRecords.Row] = []
        for k in 0..<count {
            let day: Int
            switch seed % 4 {
            case 0: day = base + (k * 7_000 / max(count, 1)) + r.below(28)  // nearly in order, a month's assets interleaved
            case 1: day = base + r.below(5_000)
            case 2: day = base + r.below(3)  // crowded days: many rows each
            default: day = r.chance(2) ? base + r.below(20_000_000) : base + r.below(400)  // far apart
            }
            // Repeated ids (equal keys); for seeds 7 and 11, ids of 62 bits: keys past 64 bits, the comparison sort.
            let id: Int64? = r.chance(5) ? nil : seed % 4 == 3 && seed > 4 && r.chance(30) ? Int64(r.next() >> 2) : Int64(r.below(count * 2 + 1))
            added.append(row(day: day, id: id, quantity: k))  // the quantity names the row's place
        }
        var rows = PackedRows()
        for a in added { rows.append(a) }
        rows.sortByDateAndID()
        let expected = added.enumerated().sorted { a, b in
            (a.element.date.dayNumber, a.element.id ?? .max, a.offset) < (b.element.date.dayNumber, b.element.id ?? .max, b.offset)
        }.map(\.element.quantity)
        #expect(rows.map(\.quantity) == expected)
        #expect(rows.map(\.id) == added.enumerated().sorted { a, b in
            (a.element.date.dayNumber, a.element.id ?? .max, a.offset) < (b.element.date.dayNumber, b.element.id ?? .max, b.offset)
        }.map(\.element.id))
    }
}
