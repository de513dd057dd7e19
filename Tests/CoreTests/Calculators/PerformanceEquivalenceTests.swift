import Foundation
import Testing
@testable import Core

/// Random histories of many assets and every transaction kind (buys, sells, transfers with
/// and without a price, adjustments both ways, dividends and interest from inside and
/// outside the scope, swaps, cash), with ids out of date order: issue 14's flat ledger
/// must give exactly the figures of the one it replaced (`ReferencePerformance`).
@Suite("Performance: the flat ledger equals the one it replaced")
struct PerformanceEquivalenceTests {
    /// Core's deterministic generator (SplitMix64), so a failure can be replayed.
    typealias Random = SplitMix64

    /// A random history: `assets` assets (ids 1…, the last two cash), transactions and prices.
    static func history(seed: UInt64, assets: Int = 8, transactions: Int = 300) -> (transactions: [Transaction], prices: [PricePoint], cash: Set<Int64>) {
        var random = Random(seed: seed)
        let start = CalendarDate("2019-01-01")!
        let cash: Set<Int64> = [Int64(assets - 1), Int64(assets)]
        var held = [Int64: ExactDecimal]()
        var list: [Transaction] = []
        var day = 0
        var nextID: Int64 = 1
        func add(_ t: Transaction) -> Int64 {
            var t = t
            t.id = nextID
            nextID += 1
            list.append(t)
            return t.id!
        }
        for _ in 0..<transactions {
            day += random.below(4)
            // Now and then an entry dated in the past (recorded later): only ones that add.
            let backdated = random.chance(5)
            let date = start.adding(days: backdated ? max(0, day - random.below(60)) : day)
            let asset = Int64(1 + random.below(assets))
            let isCash = cash.contains(asset)
            let price = isCash ? ExactDecimal(1) : random.decimal(500, places: 4)
            let quantity = random.decimal(30, places: 2)
            let fees = random.chance(20) ? random.decimal(5, places: 2) : 0
            let h = held[asset] ?? 0
            switch backdated ? 0 : random.below(10) {
            case 0, 1, 2:
                _ = add(Transaction(assetID: asset, type: .buy, date: date, quantity: quantity, pricePerUnit: price, fees: fees, currency: "USD"))
                held[asset] = h + quantity
            case 3, 4:
                guard h > 0 else { continue }
                let q = random.chance(20) ? h : min(h, quantity)
                _ = add(Transaction(assetID: asset, type: .sell, date: date, quantity: q, pricePerUnit: price, fees: fees, currency: "USD"))
                held[asset] = h - q
            case 5:
                _ = add(Transaction(assetID: asset, type: .transferIn, date: date, quantity: quantity, pricePerUnit: price, currency: "USD"))
                held[asset] = h + quantity
            case 6:
                guard h > 0 else { continue }
                let q = min(h, quantity)
                let at: ExactDecimal = random.chance(50) ? 0 : price  // 0: at the day's price
                _ = add(Transaction(assetID: asset, type: .transferOut, date: date, quantity: q, pricePerUnit: at, fees: fees, currency: "USD"))
                held[asset] = h - q
            case 7:
                let delta = random.chance(50) || h <= 0 ? quantity : -min(h, quantity)
                _ = add(Transaction(assetID: asset, type: .adjustment, date: date, quantity: delta, pricePerUnit: price, currency: "USD"))
                held[asset] = h + delta
            case 8:
                // Income paid by a random asset (or an unknown one, or none) into this one.
                let source: Int64? = random.chance(15) ? nil : random.chance(10) ? 99 : Int64(1 + random.below(assets))
                let type: TransactionType = random.chance(50) ? .dividend : .interest
                _ = add(Transaction(assetID: asset, type: type, date: date, quantity: isCash ? quantity : random.decimal(2, places: 3),
                                    pricePerUnit: price, fees: random.chance(10) ? fees : 0, currency: "USD", sourceAssetID: source))
                held[asset] = h + quantity
            default:
                // A swap: sell one, buy another the same day, each naming the other.
                let other = Int64(1 + random.below(assets))
                guard h > 0, other != asset else { continue }
                let q = min(h, quantity)
                let sell = add(Transaction(assetID: asset, type: .sell, date: date, quantity: q, pricePerUnit: price, currency: "USD"))
                let proceeds = q * price
                let otherPrice = cash.contains(other) ? ExactDecimal(1) : random.decimal(300, places: 2)
                let buy = add(Transaction(assetID: other, type: .buy, date: date, quantity: (proceeds / otherPrice).rounded(places: 6),
                                          pricePerUnit: otherPrice, currency: "USD", relatedTransactionID: sell))
                list[list.count - 2].relatedTransactionID = buy
                held[asset] = h - q
                held[other] = (held[other] ?? 0) + list[list.count - 1].quantity
            }
        }
        var prices: [PricePoint] = []
        for asset in 1...Int64(assets) where !cash.contains(asset) {
            var d = random.below(10)
            while d <= day + 10 {
                prices.append(PricePoint(assetID: asset, date: start.adding(days: d), price: random.decimal(500, places: 3)))
                d += 1 + random.below(random.chance(30) ? 20 : 3)
            }
        }
        return (list, prices, cash)
    }

    /// The history as a `PerformanceInput` of `scope`, in the form the store builds.
    static func input(_ h: (transactions: [Transaction], prices: [PricePoint], cash: Set<Int64>), scope: Set<Int64>) -> PerformanceInput {
        var byAsset: [Int64: [Transaction]] = [:]
        for t in h.transactions.chronological() { byAsset[t.assetID, default: []].append(t) }
        var prices: [Int64: [PricePoint]] = [:]
        for p in h.prices where scope.contains(p.assetID) { prices[p.assetID, default: []].append(p) }
        return PerformanceInput(scope: scope, cashAssets: h.cash.intersection(scope), transactions: byAsset, prices: prices)
    }

    static func expectSame(_ new: PerformanceReport, _ old: (report: PerformanceReport, trail: [Returns.LinkedSubPeriod]), _ label: String) {
        let r = old.report
        #expect(new.startValue == r.startValue, "\(label): start value")
        #expect(new.endValue == r.endValue, "\(label): end value")
        #expect(new.netFlows == r.netFlows, "\(label): net flows")
        #expect(new.income == r.income, "\(label): income")
        #expect(new.realizedGain == r.realizedGain, "\(label): realized gain")
        #expect(new.unrealizedChange == r.unrealizedChange, "\(label): unrealized change")
        #expect(new.twr == r.twr, "\(label): twr")
        #expect(new.twrAnnualized == r.twrAnnualized, "\(label): annualized twr")
        #expect(new.mwr == r.mwr, "\(label): mwr")
        #expect(new.modifiedDietz == r.modifiedDietz, "\(label): modified Dietz")
        #expect(new.cagr == r.cagr, "\(label): cagr")
        #expect(new.growth == r.growth, "\(label): growth")
        #expect(new.flows == r.flows, "\(label): flows")
        #expect(new.subPeriods == old.trail, "\(label): sub-periods")
        #expect(new == r, "\(label): whole report")
    }

    @Test("Every figure, flow and sub-period equals the old ledger's, over 30 random histories and scopes", arguments: 0..<30)
    func reports(seed: Int) throws {
        let assets = 3 + seed % 8
        let h = Self.history(seed: UInt64(seed) &* 7919 &+ 1, assets: assets, transactions: 40 + seed * 6)
        var random = Random(seed: UInt64(seed) &+ 99)
        let all = Set((1...Int64(assets)))
        let scopes: [Set<Int64>] = [all, [1], [Int64(assets)], Set(all.filter { _ in random.chance(50) }), [1, Int64(assets)]]
        let first = CalendarDate("2019-01-01")!, last = h.transactions.map(\.date).max() ?? first
        let periods = [(first, last.adding(days: 5)), (first.adding(days: 30 + random.below(200)), last), (last, last),
                       (first.adding(days: -40), first.adding(days: 400 + random.below(300)))]
        for scope in scopes where !scope.isEmpty {
            let input = Self.input(h, scope: scope)
            #expect(Performance.firstActivity(input) == ReferencePerformance.firstActivity(input))
            for (from, to) in periods where from <= to {
                for annualize in [false, true] {
                    let label = "seed \(seed) scope \(scope.sorted()) \(from)…\(to)\(annualize ? " annualized" : "")"
                    Self.expectSame(try Performance.report(input, from: from, to: to, annualizeShortPeriod: annualize),
                                    ReferencePerformance.report(input, from: from, to: to, annualizeShortPeriod: annualize), label)
                }
            }
            var dates: [CalendarDate] = []
            var d = first
            while d <= last { dates.append(d); d = d.adding(days: 1 + random.below(40)) }
            #expect(Performance.twrSeries(input, dates: dates) == ReferencePerformance.twrSeries(input, dates: dates), "seed \(seed) series")
        }
    }

    @Test("A long history (20 assets, 2,000 transactions, prices most days) gives the same report")
    func longHistory() throws {
        let h = Self.history(seed: 2024, assets: 20, transactions: 2_000)
        let input = Self.input(h, scope: Set(1...20))
        let from = Performance.firstActivity(input)!, to = h.transactions.map(\.date).max()!
        Self.expectSame(try Performance.report(input, from: from, to: to), ReferencePerformance.report(input, from: from, to: to), "long")
    }

    @Test("The flat records sort transactions recorded out of date order and prices out of order")
    func recordsOrder() {
        var records = PerformanceRecords(scope: [1, 2], cashAssets: [])
        let d = { (s: String) in CalendarDate(s)! }
        records.addTransaction(id: 3, assetID: 2, type: .buy, date: d("2024-01-01"), quantity: 1, price: 1, fees: 0, sourceAssetID: nil, relatedID: nil)
        records.addTransaction(id: 1, assetID: 1, type: .buy, date: d("2024-02-01"), quantity: 1, price: 1, fees: 0, sourceAssetID: nil, relatedID: nil)
        records.addTransaction(id: 2, assetID: 1, type: .sell, date: d("2024-01-01"), quantity: 1, price: 1, fees: 0, sourceAssetID: nil, relatedID: nil)
        records.addTransaction(id: 4, assetID: 7, type: .buy, date: d("2024-01-01"), quantity: 1, price: 1, fees: 0, sourceAssetID: nil, relatedID: nil)
        records.addPrice(assetID: 1, date: d("2024-03-01"), price: 3)
        records.addPrice(assetID: 2, date: d("2024-01-01"), price: 5)
        records.addPrice(assetID: 1, date: d("2024-01-01"), price: 1)
        records.addPrice(assetID: 7, date: d("2024-01-01"), price: 1)
        records.finish()
        #expect(records.rows.map(\.id) == [2, 3, 1])  // asset 7 is outside the scope and not income
        let one = records.assetIDs.firstIndex(of: 1)!
        #expect(records.priceDates[records.priceStart[one]..<records.priceStart[one + 1]].map(\.description) == ["2024-01-01", "2024-03-01"])
        #expect(records.prices.count == 3)
    }
}

extension PerformanceEquivalenceTests {
    /// The history's prices per asset, one per day (the last of a day), as the store's
    /// monthly series gives them: ascending day numbers and their values.
    static func series(_ prices: [PricePoint]) -> [Int64: (days: [Int32], values: [ExactDecimal])] {
        var byDay: [Int64: [Int32: ExactDecimal]] = [:]
        for p in prices { byDay[p.assetID, default: [:]][Int32(p.date.dayNumber)] = p.price }
        return byDay.mapValues { days in
            let sorted = days.keys.sorted()
            return (sorted, sorted.map { days[$0]! })
        }
    }

    @Test("Prices added as whole series (issue 27) give the records and reports of the same prices added one by one", arguments: 0..<12)
    func pricesAsSeries(seed: Int) throws {
        let assets = 3 + seed % 6
        let h = Self.history(seed: UInt64(seed) &* 104_729 &+ 5, assets: assets, transactions: 60 + seed * 10)
        var random = Random(seed: UInt64(seed) &+ 7)
        let all = Set(1...Int64(assets))
        let series = Self.series(h.prices)
        for scope in [all, Set(all.filter { _ in random.chance(50) }), [2]] where !scope.isEmpty {
            // The reference: the same one-per-day prices through `addPrice`.
            var single = PerformanceRecords(scope: scope, cashAssets: h.cash.intersection(scope))
            var whole = single
            for t in h.transactions {
                single.addTransaction(id: t.id, assetID: t.assetID, type: t.type, date: t.date, quantity: t.quantity, price: t.pricePerUnit,
                                      fees: t.fees, sourceAssetID: t.sourceAssetID, relatedID: t.relatedTransactionID)
                whole.addTransaction(id: t.id, assetID: t.assetID, type: t.type, date: t.date, quantity: t.quantity, price: t.pricePerUnit,
                                     fees: t.fees, sourceAssetID: t.sourceAssetID, relatedID: t.relatedTransactionID)
            }
            // Series in asset order (in place), and now and then out of order (the fallback).
            var order = series.keys.sorted()
            if seed % 3 == 2 { order.reverse() }
            whole.reserve(transactions: 0, prices: series.values.reduce(0) { $0 + $1.days.count })
            for id in order {
                let s = series[id]!
                for i in s.days.indices { single.addPrice(assetID: id, date: CalendarDate(dayNumber: Int(s.days[i])), price: s.values[i]) }
                whole.addPriceSeries(assetID: id, days: s.days, values: s.values)
            }
            single.finish()
            whole.finish()
            let label = "seed \(seed) scope \(scope.sorted())"
            #expect(whole.priceStart == single.priceStart, "\(label)")
            #expect(whole.priceDates == single.priceDates, "\(label)")
            #expect(whole.prices == single.prices, "\(label)")
            guard let from = Performance.firstActivity(single) else { continue }
            let to = h.transactions.map(\.date).max()!.adding(days: 3)
            for (start, end) in [(from, to), (from.adding(days: 20), to.adding(days: -30)), (to, to)] where start <= end {
                #expect("\(try Performance.report(whole, from: start, to: end))" == "\(try Performance.report(single, from: start, to: end))", "\(label)")
            }
        }
    }

    @Test("A report's flows are the entries of its period, whether it covers all of them or a part")
    func flowsOfThePeriod() throws {
        let h = Self.history(seed: 77, assets: 5, transactions: 200)
        let input = Self.input(h, scope: Set(1...5))
        let first = Performance.firstActivity(input)!, last = h.transactions.map(\.date).max()!
        for (from, to) in [(first.adding(days: -1), last), (first, last), (first.adding(days: 50), last.adding(days: -50)), (last, last.adding(days: 9)),
                           (last.adding(days: 1), last.adding(days: 9))] {
            let report = try Performance.report(input, from: from, to: to)
            let old = ReferencePerformance.report(input, from: from, to: to).report
            #expect(report.flows == old.flows, "\(from)…\(to)")
            #expect(report.flows.allSatisfy { $0.date > from && $0.date <= to })
        }
    }
}

extension SplitMix64 {
    /// A decimal with up to `places` places, below `limit`.
    mutating func decimal(_ limit: Int, places: Int) -> ExactDecimal {
        let p = below(places + 1)
        var scale = 1
        for _ in 0..<p { scale *= 10 }
        return ExactDecimal(1 + below(limit * scale)) / ExactDecimal(scale)
    }
}
