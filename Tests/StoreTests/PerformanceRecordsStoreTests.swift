import Foundation
import Testing
@testable import Core
@testable import Store

/// The flat loader of issue 14 (`performanceRecords`: plain table scans, one currency read
/// straight, several through the conversion) gives the same reports and series as the
/// dictionary input (`performanceInput`) it replaced, on a generated store with two
/// currencies, cash, swaps, income paid across portfolios and every transaction kind.
@Suite("Performance through the Store: the flat loader equals the dictionary input")
struct PerformanceRecordsStoreTests {
    typealias Random = SplitMix64
    func d(_ s: String) -> CalendarDate { CalendarDate(s)! }

    /// Two portfolios (USD and EUR, each with two stocks and a cash account), one USD stock
    /// outside them, EUR→USD rates, and ~400 random transactions and prices.
    func generate(_ s: StoreSession, seed: UInt64) throws -> (portfolios: [Int64], assets: [Int64]) {
        var random = Random(seed: seed)
        let start = d("2022-01-03")
        var portfolios: [Int64] = [], assets: [Int64] = [], stocks: [Int64] = [], cash: [Int64: Int64] = [:]
        for (name, currency) in [("US", "USD"), ("EU", "EUR")] {
            let p = try s.createPortfolio(name: name).id!
            portfolios.append(p)
            var account = StoreSession.NewAsset(name: "\(name) cash", type: .cash)
            account.currency = currency; account.portfolioID = p
            let c = try s.createAsset(account).id!
            assets.append(c)
            for i in 0..<2 {
                var r = StoreSession.NewAsset(name: "\(name) stock \(i)", type: .stock)
                r.currency = currency; r.portfolioID = p
                let id = try s.createAsset(r).id!
                assets.append(id); stocks.append(id); cash[id] = c
            }
        }
        var loose = StoreSession.NewAsset(name: "Loose", type: .stock)
        loose.currency = "USD"
        let looseID = try s.createAsset(loose).id!
        assets.append(looseID); stocks.append(looseID); cash[looseID] = assets[0]
        for day in stride(from: -60, to: 1_000, by: 1 + random.below(6)) {
            try s.execute(SetRate(ExchangeRate(base: "EUR", quote: "USD", date: start.adding(days: day),
                                               rate: ExactDecimal(10_500 + random.below(1_500)) / 10_000)))
        }
        for stock in stocks {
            for day in stride(from: random.below(5), to: 1_000, by: 1 + random.below(4)) {
                _ = try s.recordPrice(PricePoint(assetID: stock, date: start.adding(days: day), price: ExactDecimal(1_000 + random.below(20_000)) / 100))
            }
        }
        // Writes the rules may refuse (a sell beyond holdings…) are tried and skipped; each
        // kind must still have been written several times, or the history proves little.
        var written: [String: Int] = [:]
        func attempt(_ kind: String, _ write: () throws -> Void) {
            written[kind, default: 0] += 0
            if (try? write()) != nil { written[kind, default: 0] += 1 }
        }
        for n in 0..<400 {
            let date = start.adding(days: n * 1_000 / 400 + (random.chance(5) ? -random.below(30) : 0))
            let stock = stocks[random.below(stocks.count)]
            let price = ExactDecimal(1_000 + random.below(20_000)) / 100
            let quantity = ExactDecimal(1 + random.below(40))
            switch random.below(10) {
            case 0, 1, 2: attempt("buy") { _ = try s.record(Transaction(assetID: stock, type: .buy, date: date, quantity: quantity, pricePerUnit: price,
                                                        fees: random.chance(30) ? 1 : 0, currency: "")) }
            case 3, 4: attempt("sell") { _ = try s.record(Transaction(assetID: stock, type: .sell, date: date, quantity: quantity / 2, pricePerUnit: price, currency: "")) }
            case 5: attempt("deposit") { _ = try s.record(Transaction(assetID: cash[stock]!, type: .buy, date: date, quantity: quantity * 100, pricePerUnit: 1, currency: "")) }
            case 6: attempt("income") { _ = try s.recordIncome(random.chance(50) ? .dividend : .interest, asset: assets[random.below(2) * 3], source: stock,
                                            amount: quantity, date: date) }
            case 7: attempt("swap") { _ = try s.swap(from: stock, to: stocks[random.below(stocks.count)], quantity: 1, price: price, toQuantity: nil, toPrice: nil, date: date) }
            case 8: attempt("transfer out") { _ = try s.record(Transaction(assetID: stock, type: .transferOut, date: date, quantity: 1, pricePerUnit: random.chance(50) ? 0 : price, currency: "")) }
            default: attempt("set quantity") { _ = try s.setQuantity(ofAsset: stock, to: quantity, date: date) }
            }
        }
        for (kind, count) in written.sorted(by: { $0.key < $1.key }) { #expect(count >= 3, "only \(count) \(kind) written") }
        #expect(written.count == 7)
        return (portfolios, assets)
    }

    @Test("Reports and series of every scope, in each asset's currency and the other one, equal the old input's", arguments: [1, 2] as [UInt64])
    func sameFigures(seed: UInt64) throws {
        try AssetFlowStore(path: nil).withSession(today: d("2024-12-31")) { s in
            let (portfolios, assets) = try generate(s, seed: seed)
            let scopes: [PerformanceScope] = [.everything] + portfolios.map { .portfolio($0) } + assets.map { .asset($0) }
            for scope in scopes {
                for currency in [nil, "EUR"] as [String?] {
                    let input = try s.performanceInput(scope, currency: currency)
                    guard let from = Performance.firstActivity(input) else { continue }
                    let label = "seed \(seed) \(scope) in \(currency ?? "USD")"
                    for (start, end) in [(from, d("2024-12-31")), (d("2023-03-01"), d("2024-02-29"))] where start <= end {
                        let new = try s.performance(scope, from: start, to: end, currency: currency)
                        let old = try Performance.report(input, from: start, to: end)
                        #expect(new == old, "\(label) \(start)…\(end)")
                        #expect(new.twr == old.twr && new.mwr == old.mwr && new.endValue == old.endValue, "\(label)")
                    }
                    let series = try s.twrSeries(scope, from: from, to: d("2024-12-31"), monthly: true, currency: currency)
                    let dates = try StoreSession.timelineDates(from: from, to: d("2024-12-31"), monthly: true)
                    #expect(series == Performance.twrSeries(input, dates: dates), "\(label) series")
                }
            }
        }
    }
}

extension PerformanceRecordsStoreTests {
    @Test("The kept records follow every change: a write, a rollback of what they saw, another scope or currency")
    func cacheFollowsChanges() throws {
        try AssetFlowStore(path: nil).withSession(today: d("2024-12-31")) { s in
            var r = StoreSession.NewAsset(name: "ACME", type: .stock)
            r.quantity = 10; r.costBasis = 100; r.date = d("2024-01-02")
            let acme = try s.createAsset(r).id!
            _ = try s.recordPrice(PricePoint(assetID: acme, date: d("2024-06-03"), price: 120))
            let before = try s.performance(.everything, from: d("2024-01-02"), to: d("2024-12-31"))
            #expect(before.endValue == 1200)
            _ = try s.recordPrice(PricePoint(assetID: acme, date: d("2024-07-01"), price: 130))
            #expect(try s.performance(.everything, from: d("2024-01-02"), to: d("2024-12-31")).endValue == 1300)
            try s.begin()
            _ = try s.record(Transaction(assetID: acme, type: .buy, date: d("2024-08-01"), quantity: 10, pricePerUnit: 130, currency: ""))
            #expect(try s.performance(.everything, from: d("2024-01-02"), to: d("2024-12-31")).endValue == 2600)
            try s.rollback()
            #expect(try s.performance(.everything, from: d("2024-01-02"), to: d("2024-12-31")).endValue == 1300)
            #expect(try s.performance(.asset(acme), from: d("2024-01-02"), to: d("2024-12-31")).endValue == 1300)
            #expect(try s.performanceRecords(.everything, currency: "USD").rows.count == 1)
        }
    }
}


extension PerformanceRecordsStoreTests {
    @Test("A currency effect's per-asset reports leave the scope's kept records in place (a repeated call reads nothing)")
    func currencyEffectKeepsTheScope() throws {
        try AssetFlowStore(path: nil).withSession(today: d("2024-12-31")) { s in
            _ = try generate(s, seed: 3)
            let from = d("2022-01-03"), to = d("2024-12-31")
            let report = try s.performance(.everything, from: from, to: to, currency: "USD")
            let effect = try s.currencyEffect(.everything, total: report, currency: "USD")
            #expect(s.performanceRecordsCache?.scope == .everything)
            #expect(s.performanceRecordsCache?.currency == "USD")
            // The same figures as when every per-asset report was kept.
            #expect(try s.currencyEffect(.everything, total: report, currency: "USD") == effect)
            #expect(try s.performance(.everything, from: from, to: to, currency: "USD") == report)
        }
    }
}
