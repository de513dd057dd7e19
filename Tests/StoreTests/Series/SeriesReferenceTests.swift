import Foundation
import Testing
@testable import Core
@testable import Store

/// The per-asset series (monthly prices, quantity checkpoints) change no figure: timelines and
/// performance read through them equal, as printed, the reference implementation that reads
/// the source tables only (`readsDerivedSeries` off), on generated histories with two
/// currencies, cash, swaps, income paid across portfolios and every transaction kind, with
/// the rows absent (a read computes them), written (a write transaction), and partly removed
/// by later changes.
@Suite("Series: timelines and performance equal the reference, digit for digit")
struct SeriesReferenceTests {
    func d(_ s: String) -> CalendarDate { CalendarDate(s)! }
    static let today = CalendarDate("2024-12-31")!

    /// Every figure of every scope, in both currencies, as text: timelines daily and monthly,
    /// performance reports over two periods and the monthly TWR series.
    func figures(_ s: StoreSession, portfolios: [Int64], assets: [Int64], reference: Bool) throws -> [String] {
        s.readsDerivedSeries = !reference
        s.performanceRecordsCache = nil
        defer { s.readsDerivedSeries = true; s.performanceRecordsCache = nil }
        var lines: [String] = []
        let all = try s.assets()
        let groups: [(String, [Asset])] = [("all", all)] + portfolios.map { p in ("portfolio \(p)", all.filter { $0.portfolioID == p }) }
            + all.prefix(2).map { ("asset \($0.id!)", [$0]) }
        for currency in ["USD", "EUR"] {
            for (label, assets) in groups {
                for monthly in [false, true] {
                    let dates = try StoreSession.timelineDates(from: d("2021-12-01"), to: Self.today, monthly: monthly)
                    for point in try s.timeline(of: assets, dates: dates, in: currency) {
                        lines.append("\(label) \(currency) \(monthly ? "monthly" : "daily") \(point.date) \(point.value.plainText)")
                    }
                }
            }
            let scopes: [PerformanceScope] = [.everything] + portfolios.map { .portfolio($0) } + assets.prefix(4).map { .asset($0) }
            for scope in scopes {
                s.performanceRecordsCache = nil
                let records = try s.performanceRecords(scope, currency: currency)
                guard let from = Performance.firstActivity(records) else { continue }
                for (start, end) in [(from, Self.today), (d("2023-03-01"), d("2024-02-29"))] where start <= end {
                    let report = try s.performance(scope, from: start, to: end, currency: currency)
                    lines.append("\(scope) \(currency) \(start)…\(end) \(report) twr \(report.twr) mwr \(report.mwr) flows \(report.flows.count)")
                }
                let series = try s.twrSeries(scope, from: from, to: Self.today, monthly: true, currency: currency)
                lines.append("\(scope) \(currency) series " + series.map { "\($0)" }.joined(separator: " "))
            }
        }
        return lines
    }

    func expectSame(_ s: StoreSession, _ generated: (portfolios: [Int64], assets: [Int64]), _ label: String) throws {
        let reference = try figures(s, portfolios: generated.portfolios, assets: generated.assets, reference: true)
        let series = try figures(s, portfolios: generated.portfolios, assets: generated.assets, reference: false)
        #expect(series.count == reference.count, "\(label)")
        for (a, b) in zip(series, reference) where a != b {
            Issue.record("\(label): \(a)\n   reference: \(b)")
            break
        }
        #expect(reference.count > 1_000)
    }

    @Test("rows absent, being written, whole, and partly removed: the same figures as the reference", arguments: [1, 2] as [UInt64])
    func sameFigures(seed: UInt64) throws {
        try AssetFlowStore(path: nil).withSession(today: Self.today) { s in
            let generated = try PerformanceRecordsStoreTests().generate(s, seed: seed)
            // Trades at a price on days with a recorded one, and two trades on one day.
            let stock = generated.assets[1]
            _ = try s.record(Transaction(assetID: stock, type: .buy, date: d("2023-05-10"), quantity: 1, pricePerUnit: x("77.7"), currency: ""))
            _ = try s.record(Transaction(assetID: stock, type: .buy, date: d("2023-05-10"), quantity: 1, pricePerUnit: x("78.25"), currency: ""))
            #expect(try s.transactionMonthsAreWhole())
            try expectSame(s, generated, "seed \(seed), rows written by each command")
            try s.db.execute(sql: "DELETE FROM price_month; DELETE FROM quantity_checkpoint; DELETE FROM transaction_month")
            try expectSame(s, generated, "seed \(seed), no rows (computed, not written)")
            #expect(try Int.fetchOne(s.db, sql: "SELECT count(*) FROM price_month") == 0)
            try s.begin()
            try expectSame(s, generated, "seed \(seed), in a write transaction (rows written)")
            try s.commit()
            #expect(try Int.fetchOne(s.db, sql: "SELECT count(*) FROM price_month WHERE month = 'complete'") == generated.assets.count)
            #expect(try s.transactionMonthsAreWhole())
            // Changes through the store and through SQL remove rows from their month on.
            try s.db.execute(sql: "INSERT OR REPLACE INTO price_history(asset_id, date, price) VALUES (\(stock), '2023-05-10', '80.125')")
            try s.db.execute(sql: "UPDATE price_history SET price = '99.5' WHERE id = (SELECT min(id) FROM price_history WHERE asset_id = \(stock) AND date > '2024-01-01')")
            try s.db.execute(sql: "UPDATE asset_transaction SET price = '55' WHERE id = (SELECT max(id) FROM asset_transaction WHERE asset_id = \(stock) AND type = 'buy')")
            try expectSame(s, generated, "seed \(seed), after changes")
            try s.db.execute(sql: "INSERT INTO setting(key, value) VALUES ('prices_from_trades', 'false')")
            try expectSame(s, generated, "seed \(seed), trades' prices off")
            #expect(try s.derivedMismatches(limit: 10).mismatches == [])
        }
    }

    @Test("a scope with assets in another currency is converted on the flat records, with the reference's figures")
    func convertedOnTheFastPath() throws {
        try AssetFlowStore(path: nil).withSession(today: Self.today) { s in
            let generated = try PerformanceRecordsStoreTests().generate(s, seed: 7)
            let all = try s.assets()
            let codes = Dictionary(uniqueKeysWithValues: all.map { ($0.id!, $0.currency) })
            let scopes: [PerformanceScope] = [.everything, .portfolio(generated.portfolios[1])]
            for scope in scopes {
                for currency in ["EUR", "USD"] {
                    var transactionCurrencies: [Int64: String] = [:]
                    let local = try s.localPerformanceRecords(scope, assets: try s.assets(of: scope), currencies: codes, transactionCurrencies: &transactionCurrencies)
                    let involved = Set(local.assetIDs.compactMap { codes[$0] })
                    // No fallback here: the conversion itself must succeed.
                    let converted = try local.converted(to: currency, currencies: codes, transactionCurrencies: transactionCurrencies,
                                                        rates: try s.rateTable(for: involved.union([currency])))
                    let reference = PerformanceRecords(try s.performanceInput(scope, currency: currency))
                    let from = try #require(Performance.firstActivity(reference))
                    #expect("\(try Performance.report(converted, from: from, to: Self.today))" == "\(try Performance.report(reference, from: from, to: Self.today))",
                            "\(scope) in \(currency)")
                    let dates = try StoreSession.timelineDates(from: from, to: Self.today, monthly: true)
                    #expect(Performance.twrSeries(converted, dates: dates) == Performance.twrSeries(reference, dates: dates))
                }
            }
        }
    }

    func x(_ s: String) -> ExactDecimal { try! ExactDecimal.parse(s) }
}
