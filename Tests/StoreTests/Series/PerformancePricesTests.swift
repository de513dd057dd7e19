import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// The monthly series decoded straight into the performance records
/// (`PerformanceRecords.addPackedPriceMonth`, `StoreSession.addWholePriceMonths`) give the
/// prices the earlier path gives (each asset's rows decoded into series, merged by
/// `PriceMonth.merged`, packed by `addPriceSeries`): the same days, and each value with the
/// same units, scale and sign; a damaged row is refused as the earlier decoding refuses it.
@Suite("Performance prices straight from the monthly series")
struct PerformancePricesTests: StoreRuleTesting {
    typealias Random = SplitMix64

    /// Everything the records hold of their prices, each value as units, scale and sign.
    func prices(_ r: PerformanceRecords) -> [String] {
        ["\(r.priceStart)"] + r.priceDates.indices.map { i in
            let v = r.prices[i]
            return "\(r.priceDates[i].dayNumber) \(v.units) \(v.scale) \(v.isNegative)"
        }
    }

    /// A value of any shape a series may hold: small prices, every scale, units beyond 64
    /// bits, zero, negative.
    func value(_ random: inout Random) -> ExactDecimal {
        let scale = random.below(4) == 0 ? random.below(39) : random.below(5)
        // Units beyond 63 bits are rare (each takes the month-by-month path).
        let units: UInt128 = switch random.below(60) {
        case 0: UInt128(random.next()) << 64 | UInt128(random.next())
        case 1: UInt128(random.next())
        case 2..<6: 0
        default: UInt128(random.below(1_000_000))
        }
        return ExactDecimal(units: units, scale: scale, isNegative: random.below(10) == 0)!
    }

    /// An asset's recorded prices and trade prices (one a day each), often on the same days.
    func sources(_ random: inout Random) -> PriceMonth.Sources {
        var s = PriceMonth.Sources()
        var day = Int32(random.below(20_000)) - 800
        for _ in 0..<random.below(300) {
            switch random.below(4) {
            case 0: s.trades.append(day, value(&random))
            case 1: s.recorded.append(day, value(&random)); s.trades.append(day, value(&random))
            default: s.recorded.append(day, value(&random))
            }
            day += Int32(1 + (random.below(10) == 0 ? random.below(90) : random.below(3)))
        }
        return s
    }

    /// The earlier path: each asset's merged series through `addPriceSeries`, in `order`.
    func reference(_ all: [Int64: PriceMonth.Sources], order: [Int64], trades: Bool) -> PerformanceRecords {
        var r = PerformanceRecords(scope: Set(all.keys), cashAssets: [])
        for id in order {
            let merged = PriceMonth.merged(all[id]!, trades: trades)
            r.addPriceSeries(assetID: id, days: merged.days, values: merged.values)
        }
        r.finish()
        return r
    }

    /// Adds a month's row as the store steps it; its result.
    func add(_ row: PriceMonth.MonthRow, of id: Int64, trades: Bool, to r: inout PerformanceRecords) -> Bool {
        var month = row.month
        return month.withUTF8 { m in
            let (beforeFirst, length) = PackedMonth.start(of: m)!
            return row.recorded.withUnsafeBufferPointer { recorded in row.trades.withUnsafeBufferPointer { t in
                r.addPackedPriceMonth(assetID: id, dayBeforeMonth: beforeFirst, daysInMonth: length, recorded: recorded, trades: t, tradesCount: trades)
            } }
        }
    }

    /// Adds an asset's rows at once, as the store gathers them; the first damaged row's index.
    func addSeries(_ rows: [PriceMonth.MonthRow], of id: Int64, trades: Bool, to r: inout PerformanceRecords) -> Int? {
        var bytes: [UInt8] = [], months: [PackedPriceMonth] = []
        for row in rows {
            var month = row.month
            let (beforeFirst, length) = month.withUTF8 { PackedMonth.start(of: $0)! }
            let start = bytes.count
            bytes += row.recorded
            let middle = bytes.count
            bytes += row.trades
            months.append(PackedPriceMonth(dayBeforeMonth: beforeFirst, daysInMonth: length, recorded: start..<middle, trades: middle..<bytes.count))
        }
        return bytes.withUnsafeBufferPointer { r.addPackedPriceSeries(assetID: id, months: months, bytes: $0, tradesCount: trades) }
    }

    @Test("random series, trades counted or not, in id order or not, with single prices or not: the same prices as the merged series", arguments: [1, 2, 3, 4] as [UInt64])
    func sameAsMergedSeries(seed: UInt64) throws {
        var random = Random(seed: seed)
        for round in 0..<40 {
            var all: [Int64: PriceMonth.Sources] = [:]
            for id in 1...Int64(1 + random.below(6)) { all[id] = sources(&random) }
            let ids = all.keys.sorted()
            // Mostly the store's order; sometimes another, which goes through the single prices.
            let order = round % 4 == 3 ? ids.reversed() : ids
            for trades in [true, false] {
                var fast = PerformanceRecords(scope: Set(ids), cashAssets: [])
                var expected = all
                if round % 5 == 4 {  // a single price first: every series then goes through the single prices
                    fast.addPrice(assetID: ids[0], date: CalendarDate(dayNumber: -5_000), price: 1)
                    var withSingle = DatedSeries()
                    withSingle.append(-5_000, 1)
                    withSingle.append(days: all[ids[0]]!.recorded.days, values: all[ids[0]]!.recorded.values)
                    expected[ids[0]]!.recorded = withSingle
                }
                for id in order {
                    // Month by month, or an asset's months at once (`addPackedPriceSeries`, in place).
                    let rows = try PriceMonth.rows(of: all[id]!)
                    if round % 2 == 0 {
                        for row in rows { #expect(add(row, of: id, trades: trades, to: &fast)) }
                    } else {
                        #expect(addSeries(rows, of: id, trades: trades, to: &fast) == nil)
                    }
                }
                fast.finish()
                #expect(prices(fast) == prices(reference(expected, order: ids, trades: trades)), "seed \(seed) round \(round) trades \(trades)")
            }
        }
    }

    @Test("a damaged row is refused, and adds nothing, exactly when the series' own decoding refuses it")
    func damagedRows() throws {
        var random = Random(seed: 9)
        var refused = 0
        for _ in 0..<2_000 {
            let source = sources(&random)
            guard let good = try PriceMonth.rows(of: source).first else { continue }
            var row = good
            // A byte changed, the row cut short, or bytes added, in either column.
            func damage(_ bytes: inout [UInt8]) {
                switch random.below(3) {
                case 0 where !bytes.isEmpty: bytes[random.below(bytes.count)] = UInt8(random.below(256))
                case 1 where !bytes.isEmpty: bytes.removeLast(1 + random.below(bytes.count))
                default: bytes.append(UInt8(random.below(256)))
                }
            }
            if random.below(2) == 0 { damage(&row.recorded) } else { damage(&row.trades) }
            var decoded = PriceMonth.Sources()
            var month = row.month
            let readable = month.withUTF8 { m in row.recorded.withUnsafeBufferPointer { r in row.trades.withUnsafeBufferPointer { t in
                PriceMonth.append(month: m, recorded: r, trades: t, to: &decoded) } } }
            for trades in [true, false] {
                var fast = PerformanceRecords(scope: [7], cashAssets: [])
                #expect(add(row, of: 7, trades: trades, to: &fast) == readable)
                fast.finish()
                let expected = readable ? reference([7: decoded], order: [7], trades: trades) : reference([7: PriceMonth.Sources()], order: [7], trades: trades)
                #expect(prices(fast) == prices(expected))
            }
            if !readable { refused += 1 }
            // The asset's months at once, a damaged one among good ones: its index, and
            // nothing of the asset added (an earlier asset's prices stay).
            var rows = try PriceMonth.rows(of: source)
            rows[0] = row
            var expected: Int? = readable ? nil : 0
            if readable, rows.count > 1, let k = rows.indices.last(where: { !rows[$0].recorded.isEmpty }), k > 0 {
                rows[k].recorded.removeLast()  // cut short
                expected = k
            }
            for trades in [true, false] {
                var fast = PerformanceRecords(scope: [3, 7], cashAssets: [])
                #expect(addSeries(try PriceMonth.rows(of: source), of: 3, trades: trades, to: &fast) == nil)
                let before = prices(fast)
                #expect(addSeries(rows, of: 7, trades: trades, to: &fast) == expected)
                if expected != nil { #expect(prices(fast) == before) }
            }
        }
        #expect(refused > 300)
    }

    /// The earlier path over the store's rows (what `addMarketPrices` did before).
    func referenceRecords(_ s: StoreSession, _ slots: AssetSlots) throws -> PerformanceRecords {
        var r = PerformanceRecords(scope: Set(slots.ids), cashAssets: [])
        try s.forEachMarketPriceSeries(slots, scan: try s.scansWholeTables(for: slots)) { slot, series in
            r.addPriceSeries(assetID: slots.ids[slot], days: series.days, values: series.values)
        }
        r.finish()
        return r
    }

    func fastRecords(_ s: StoreSession, _ slots: AssetSlots) throws -> PerformanceRecords? {
        var r = PerformanceRecords(scope: Set(slots.ids), cashAssets: [])
        guard try s.addWholePriceMonths(slots, scan: try s.scansWholeTables(for: slots), to: &r) else { return nil }
        r.finish()
        return r
    }

    @Test("a store's whole series: the same prices as the earlier path, trades counted or not, every asset or a few; damage gives its error")
    func storeSeries() throws {
        try withStore { s in
            var random = Random(seed: 5)
            var ids: [Int64] = []
            for n in 0..<12 { ids.append(try asset(s, "A\(n)", .stock, quantity: "1000", price: "10", date: "2023-01-02").id!) }
            try s.begin()
            for id in ids {
                for day in stride(from: random.below(5), to: 500, by: 1 + random.below(3)) {
                    let date = d("2023-01-03").adding(days: day)
                    if random.below(3) > 0 {
                        _ = try s.recordPrice(PricePoint(assetID: id, date: date, price: ExactDecimal(100 + random.below(100_000)) / 1_000))
                    }
                    if random.below(3) == 0 {
                        let type: TransactionType = random.below(2) == 0 ? .buy : .sell
                        _ = try s.record(Transaction(assetID: id, type: type, date: date, quantity: 1,
                                                     pricePerUnit: ExactDecimal(random.below(50_000)) / 100, currency: "USD"))
                    }
                }
            }
            try s.commit()
            for setting in ["true", "false"] {
                try s.db.execute(sql: "INSERT OR REPLACE INTO setting(key, value) VALUES ('prices_from_trades', ?)", arguments: [setting])
                for slots in [AssetSlots(ids), AssetSlots([ids[3], ids[7]]), AssetSlots([ids[7]])] {
                    let fast = try #require(try fastRecords(s, slots))
                    #expect(prices(fast) == prices(try referenceRecords(s, slots)))
                    #expect(fast.prices.count > 100)
                }
            }
            // An asset without its `complete` row: not taken (the earlier path extends it).
            try s.db.execute(sql: "DELETE FROM price_month WHERE asset_id = ? AND month = 'complete'", arguments: [ids[3]])
            #expect(try fastRecords(s, AssetSlots(ids)) == nil)
            #expect(try fastRecords(s, AssetSlots([ids[7]])) != nil)
            // Damage: the earlier path's error, word for word.
            for damage in ["UPDATE price_month SET recorded = X'05' WHERE asset_id = \(ids[7]) AND month = '2023-03'",
                           "UPDATE price_month SET trades = X'0100' WHERE asset_id = \(ids[7]) AND month = '2023-02'",
                           "INSERT INTO price_month(asset_id, month, recorded, trades) VALUES (\(ids[7]), '2023-1x', X'', X'')"] {
                try s.db.execute(sql: damage)
                let slots = AssetSlots([ids[5], ids[7], ids[9]])
                let fastError = message { _ = try fastRecords(s, slots) }
                #expect(fastError != nil)
                #expect(fastError == message { _ = try referenceRecords(s, slots) })
            }
        }
    }
}
