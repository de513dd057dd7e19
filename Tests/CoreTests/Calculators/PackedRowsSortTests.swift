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

    /// The rows' places in the order a stable sort by (day, id, no id last) gives.
    func expectedOrder(_ added: [PerformanceRecords.Row]) -> [Int] {
        added.indices.sorted { a, b in
            (added[a].date.dayNumber, added[a].id ?? .max, a) < (added[b].date.dayNumber, added[b].id ?? .max, b)
        }
    }

    @Test("distinct ids, as a store's rows have: the sort by id then day, month by month as the series give them, with gaps, negative ids, rows without id",
          arguments: 0..<10)
    func distinctIDs(seed: Int) {
        var r = SplitMix64(seed: UInt64(seed) &+ 5_151)
        let count = [1, 2, 40, 5_000, 30_000][seed % 5]
        // Ids in date order with gaps (deleted rows), a few backdated; then the rows in month
        // order, each month's assets one after another.
        let step = Int64(1 + seed % 3), offset: Int64 = seed % 2 == 0 ? 1 : -700
        var rows: [(day: Int, id: Int64?, asset: Int)] = []
        for k in 0..<count {
            let day = 20_000 + k * 3_000 / max(count, 1) + (r.chance(3) ? -r.below(400) : 0)
            rows.append((day, r.chance(4) ? nil : Int64(k) * step + offset, r.below(7)))
        }
        rows = rows.enumerated().sorted { ($0.element.day / 30, $0.element.asset, $0.offset) < ($1.element.day / 30, $1.element.asset, $1.offset) }.map(\.element)
        let added = rows.enumerated().map { row(day: $0.element.day, id: $0.element.id, quantity: $0.offset) }
        var packed = PackedRows()
        for a in added { packed.append(a) }
        #expect(PackedRows.orderByIDThenDay(packed.packed) != nil)
        packed.sortByDateAndID()
        let order = expectedOrder(added)
        #expect(packed.map(\.quantity) == order.map { added[$0].quantity })
        #expect(packed.map(\.id) == order.map { added[$0].id })
        #expect(packed.map(\.date) == order.map { added[$0].date })
    }

    @Test("the sort by id then day declines shared ids and ids or days spread too far; the radix sort or the comparisons then sort them")
    func idSortDeclines() {
        func packed(_ rows: [(Int, Int64?)]) -> PackedRows {
            var p = PackedRows()
            for (k, (day, id)) in rows.enumerated() { p.append(row(day: day, id: id, quantity: k)) }
            return p
        }
        let cases: [[(Int, Int64?)]] = [
            [(5, 1), (4, 1), (3, 2)],                          // a shared id
            [(5, 1), (4, 1 << 40), (3, 2)],                    // ids spread far
            [(5_000_000, 1), (4, 3), (3, 2)],                  // days spread far
            [(5, Int64.min), (4, Int64.max), (3, nil)],        // ids whose span overflows
        ]
        for rows in cases {
            var p = packed(rows)
            #expect(PackedRows.orderByIDThenDay(p.packed) == nil)
            let added = rows.enumerated().map { row(day: $0.element.0, id: $0.element.1, quantity: $0.offset) }
            p.sortByDateAndID()
            #expect(p.map(\.quantity) == expectedOrder(added).map { added[$0].quantity })
        }
        #expect(PackedRows.orderByIDThenDay(packed([(5, nil), (4, nil), (4, 7)]).packed) == [2, 1, 0])
    }
}
