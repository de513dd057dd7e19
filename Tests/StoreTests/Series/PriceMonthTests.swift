import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// The monthly price series (`price_month`): its rows, the market-price rule it applies when
/// read, the triggers that remove what a change makes stale, the rows written again at the
/// end of a write, and `check` / `check --repair` over them.
@Suite("Monthly price series")
struct PriceMonthTests: StoreRuleTesting {
    func rows(_ s: StoreSession, _ id: Int64) throws -> [String] {
        try Row.fetchAll(s.db, sql: "SELECT month, recorded, trades FROM price_month WHERE asset_id = ? ORDER BY month", arguments: [id]).map { row in
            let month: String = row[0]
            if month == PriceMonth.complete { return "\(month)|\(StoreSession.bytes(row[1]).count)|\(StoreSession.bytes(row[2]).count)" }
            let recorded = PackedMonth.text(month: month, bytes: StoreSession.bytes(row[1])) ?? "unreadable"
            let trades = PackedMonth.text(month: month, bytes: StoreSession.bytes(row[2])) ?? "unreadable"
            return "\(month)|\(recorded)|\(trades)"
        }
    }

    @Test("a row per month: recorded prices and each day's last trade, written as a write ends")
    func rowsOfAnAsset() throws {
        try withStore { s in
            let a = try asset(s, "A", .stock, quantity: "10", price: "12.50", date: "2024-01-02")  // a buy, and a price
            _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-01-05"), price: x("13.10")))
            _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-03-01"), price: 14))
            _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d("2024-03-01"), quantity: 1, pricePerUnit: x("14.5"), currency: "USD"))
            _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d("2024-03-04"), quantity: 1, pricePerUnit: 15, currency: "USD"))
            _ = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2024-03-04"), quantity: 1, pricePerUnit: x("15.25"), currency: "USD"))
            _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d("2024-03-05"), quantity: 1, pricePerUnit: 0, currency: "USD"))  // a gift: no price
            #expect(try rows(s, a.id!) == ["2024-01|2:12.5 5:13.1|2:12.5", "2024-03|1:14|1:14.5 4:15.25", "complete|0|0"])
            // Read back: the recorded price wins its day, else the day's last trade.
            let series = try s.marketPriceSeries(AssetSlots([a.id!]), scan: false)[0]
            #expect(series.days.map { CalendarDate(dayNumber: Int($0)).description } == ["2024-01-02", "2024-01-05", "2024-03-01", "2024-03-04"])
            #expect(series.values == [x("12.5"), x("13.1"), 14, x("15.25")])
            try s.db.execute(sql: "INSERT INTO setting(key, value) VALUES ('prices_from_trades', 'false')")
            #expect(try s.marketPriceSeries(AssetSlots([a.id!]), scan: false)[0].values == [x("12.5"), x("13.1"), 14])
        }
    }

    @Test("a change removes the asset's rows from its month on, through any door; the next write extends them")
    func triggersAndExtension() throws {
        try withStore { s in
            let a = try asset(s, "A", .stock, quantity: "1", price: "10", date: "2024-01-02")
            let b = try asset(s, "B", .stock, quantity: "1", price: "20", date: "2024-01-02")
            for month in 1...5 {
                _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-0\(month)-15"), price: ExactDecimal(10 + month)))
                _ = try s.recordPrice(PricePoint(assetID: b.id!, date: d("2024-0\(month)-15"), price: ExactDecimal(20 + month)))
            }
            let whole = try rows(s, a.id!)
            #expect(whole.count == 6)
            try s.db.execute(sql: "UPDATE price_history SET price = '99' WHERE asset_id = \(a.id!) AND date = '2024-03-15'")
            #expect(try rows(s, a.id!) == Array(whole.prefix(2)))  // March on, and 'complete', gone
            #expect(try rows(s, b.id!).count == 6)  // another asset's rows stay
            // A read computes the missing months without writing them…
            #expect(try s.value(of: [a], at: d("2024-03-20")) == 99)
            #expect(try rows(s, a.id!).count == 2)
            // …the next write (any command) extends them from the last remaining month.
            _ = try s.recordPrice(PricePoint(assetID: b.id!, date: d("2024-05-20"), price: 30))
            #expect(try rows(s, a.id!) == Array(whole.prefix(2)) + ["2024-03|15:99|", "2024-04|15:14|", "2024-05|15:15|", "complete|0|0"])
            try s.db.execute(sql: "DELETE FROM asset_transaction WHERE asset_id = \(b.id!)")
            #expect(try rows(s, b.id!).isEmpty)
            #expect(try s.derivedMismatches().mismatches == [])
        }
    }

    @Test("a store transaction that changes no row writes nothing, rows missing from before included; one that changes a row fills them")
    func unchangedTransactionWritesNothing() throws {
        try withStore { s in
            let a = try asset(s, "A", .stock, quantity: "1", price: "10", date: "2024-01-02")
            let b = try asset(s, "B", .stock, quantity: "1", price: "20", date: "2024-01-02")
            _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-02-15"), price: 11))
            let whole = try rows(s, a.id!)
            let checkpoints = "SELECT count(*) FROM quantity_checkpoint WHERE asset_id = \(a.id!)"
            let levels = try Int.fetchOne(s.db, sql: checkpoints)
            try s.db.execute(sql: "DELETE FROM price_month WHERE asset_id = \(a.id!) AND month = 'complete'")
            try s.db.execute(sql: "DELETE FROM quantity_checkpoint WHERE asset_id = \(a.id!) AND month = 'complete'")
            let before = try s.db.totalChangesCount
            try s.begin()  // a script that only reads (a timeline here would write checkpoints: its own rule)
            #expect(try s.assets().count == 2)
            try s.commit()
            #expect(s.db.totalChangesCount == before)
            #expect(try rows(s, a.id!) == Array(whole.dropLast()))
            #expect(try Int.fetchOne(s.db, sql: checkpoints) == levels! - 1)
            try s.begin()  // a script that writes, another asset
            _ = try s.recordPrice(PricePoint(assetID: b.id!, date: d("2024-02-20"), price: 21))
            try s.commit()
            #expect(try rows(s, a.id!) == whole)
            #expect(try Int.fetchOne(s.db, sql: checkpoints) == levels)
        }
    }

    @Test("check names a row that differs from the prices; --repair writes it again and changes no source row")
    func checkAndRepair() throws {
        let folder = TemporaryFolder("price-month")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let path = folder.file("store.sqlite")
        let store = try AssetFlowStore(path: path)
        try store.withSession(today: Self.today) { s in
            let a = try asset(s, "ACME", .stock, quantity: "1", price: "10", date: "2024-01-02")
            _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-02-05"), price: x("11.5")))
            try s.db.execute(sql: "UPDATE price_month SET recorded = X'0500E707' WHERE month = '2024-02'")  // 5:999
        }
        let before = try store.contentDump()
        let report = try AssetFlowStore.check(path: path)
        #expect(report.problems.contains { $0.contains("price_month of ACME: recorded 2024-02 is 5:999, the replay of its history gives 5:11.5") })
        let repaired = try AssetFlowStore(path: path)
        #expect(try repaired.repairDerivedData().count == 1)
        #expect(try AssetFlowStore.check(path: path).problems == [])
        #expect(try repaired.contentDump() == before)
    }

    @Test("rows read back as the same decimals, to the last digit and place")
    func exactRoundTrip() throws {
        var sources = PriceMonth.Sources()
        let values = ["0.000000000000000000000000000000000001", "123456789012345678901234567890.12345678", "7", "0.1", "42.000001", "-3.25"]
        for (i, text) in values.enumerated() { sources.recorded.append(Int32(19_800 + 3 * i), x(text)) }
        sources.trades.append(19_801, x("3.5"))
        var read = PriceMonth.Sources()
        for row in try PriceMonth.rows(of: sources) {
            var month = row.month
            #expect(month.withUTF8 { m in row.recorded.withUnsafeBufferPointer { r in row.trades.withUnsafeBufferPointer { t in
                PriceMonth.append(month: m, recorded: r, trades: t, to: &read) } } })
        }
        #expect(read == sources)
        #expect(read.recorded.values.map(\.plainText) == values)
        #expect(zip(read.recorded.values, sources.recorded.values).allSatisfy { $0.scale == $1.scale && $0.units == $1.units })
    }

    @Test("a series' months, made once a month: each month's key and days as the calendar gives them, over leap years and ends of months")
    func monthsOfASeries() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var series = DatedSeries()
            var day = Int32.random(in: -800...20_000, using: &generator)  // from 1967 on: before 1970 too
            for _ in 0..<Int.random(in: 1...400, using: &generator) {
                series.append(day, ExactDecimal(Int.random(in: 0...99_999, using: &generator)))
                day += Int32.random(in: 1...(Bool.random(using: &generator) ? 3 : 62), using: &generator)
            }
            // The reference: every entry's own month, from its date.
            var expected: [(month: String, bytes: [UInt8])] = []
            for i in 0..<series.count {
                let (y, m, d) = CalendarDate(dayNumber: Int(series.days[i])).components
                let key = QuantityCheckpoint.monthKey(year: y, month: m)
                if expected.last?.month != key { expected.append((key, [])) }
                expected[expected.count - 1].bytes.append(UInt8(d))
                try PackedDecimal.append(series.values[i], to: &expected[expected.count - 1].bytes)
            }
            let rows = try PackedMonth.rows(of: series)
            #expect(rows.map(\.month) == expected.map(\.month))
            #expect(rows.map(\.bytes) == expected.map(\.bytes))
        }
    }

    @Test("a row that does not read back is damage, named; it is never read as other prices")
    func damagedRows() throws {
        var sources = PriceMonth.Sources()
        var month = "2024-02"
        for bytes: [UInt8] in [[5, 0x00], [5, 0x00, 0x01, 5, 0x00, 0x02], [30, 0x00, 0x01], [0, 0x00, 0x01], [5, 0x27, 0x01]] {
            #expect(!month.withUTF8 { m in bytes.withUnsafeBufferPointer { PackedMonth.append(month: m, bytes: $0, to: &sources.recorded) } }, "\(bytes)")
        }
        #expect(PackedMonth.text(month: "2024-02", bytes: [5, 0x00, 0xE7, 0x07, 29, 0x02, 0x01]) == "5:999 29:0.01")
        #expect(PackedMonth.text(month: "2024-13", bytes: []) == nil)
    }
}
