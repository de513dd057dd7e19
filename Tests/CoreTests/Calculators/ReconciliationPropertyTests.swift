import Foundation
import PropertyBased
import Testing
@testable import Core

/// Reconciliation on random portfolios: start value + net flows + income + realized gain +
/// change in unrealized gain = end value, to the cent, for an asset, a portfolio and
/// everything, with values and cost bases recomputed independently of the ledger.
@Suite("Reconciliation property")
struct ReconciliationPropertyTests {
    // Assets 1 (cash), 2 and 3 (stocks) form the portfolio; 4 (stock) and 5 (cash) are outside.
    static let cashAssets: Set<Int64> = [1, 5]
    static let portfolio: Set<Int64> = [1, 2, 3]
    static let everything: Set<Int64> = [1, 2, 3, 4, 5]

    /// Decodes each generated number into one operation on a random day: buys, sells,
    /// transfers, adjustments, dividends and interest (into cash, in kind), swaps, prices.
    static func history(from codes: [Int]) -> History {
        var h = History(cash: cashAssets)
        var day = CalendarDate("2023-01-01")!
        var quantity: [Int64: ExactDecimal] = [:]
        func price(_ code: Int) -> ExactDecimal { ExactDecimal(50 + code % 150) + ExactDecimal(code % 100) / 100 }
        func units(_ code: Int) -> ExactDecimal { ExactDecimal(1 + code % 20) + ExactDecimal(code % 8) / 8 }
        for code in codes {
            day = day.adding(days: code % 4 == 0 ? 0 : code % 9)  // several events on one day happen often
            let date = day.description
            let stock: Int64 = [2, 3, 4][code / 7 % 3]
            let cashAsset: Int64 = code / 11 % 2 == 0 ? 1 : 5
            let q = units(code / 13), p = price(code / 17)
            switch code / 3 % 10 {
            case 0, 1:
                h.add(stock, .buy, date, q, at: p, fees: ExactDecimal(code % 3)); quantity[stock, default: 0] += q
                h.price(stock, date, p)
            case 2:
                let held = quantity[stock] ?? 0
                if held > 0 { let s = min(held, q); h.add(stock, .sell, date, s, at: p, fees: ExactDecimal(code % 2)); quantity[stock] = held - s }
            case 3: h.price(stock, date, p)
            case 4: h.add(cashAsset, .buy, date, q * 100); quantity[cashAsset, default: 0] += q * 100
            case 5:
                let held = quantity[cashAsset] ?? 0
                if held > 0 { let w = min(held, q * 10); h.add(cashAsset, .sell, date, w); quantity[cashAsset] = held - w }
            case 6: h.add(cashAsset, code % 2 == 0 ? .dividend : .interest, date, q, source: stock); quantity[cashAsset, default: 0] += q
            case 7:
                let held = quantity[stock] ?? 0
                if held > 0 {
                    let t = min(held, q)
                    h.add(stock, .transferOut, date, t, at: code % 5 == 0 ? 0 : p); quantity[stock] = held - t
                } else {
                    h.add(stock, .transferIn, date, q, at: code % 5 == 0 ? 0 : p); quantity[stock, default: 0] += q
                }
            case 8:
                // A swap: cash paid out for the stock on one day (sell of cash, buy of stock).
                let held = quantity[1] ?? 0, cost = q * p
                if held >= cost {
                    h.add(1, .sell, date, cost); quantity[1] = held - cost
                    h.add(stock, .buy, date, q, at: p); quantity[stock, default: 0] += q
                }
            default:
                let held = quantity[stock] ?? 0
                let delta = code % 2 == 0 ? q : -min(held, q)
                if !delta.isZero { h.add(stock, .adjustment, date, delta, at: p); quantity[stock] = held + delta }
                if code % 3 == 0 { h.add(stock, .interest, date, 1, at: p, source: stock); quantity[stock, default: 0] += 1 }
            }
        }
        return h
    }

    /// Value and cost basis of `scope` at the end of `date`, the slow and obvious way.
    static func naive(_ h: History, _ scope: Set<Int64>, _ date: CalendarDate) -> (value: ExactDecimal, cost: ExactDecimal) {
        var value = ExactDecimal.zero, cost = ExactDecimal.zero
        for asset in scope {
            let upTo = h.transactions.filter { $0.assetID == asset && $0.date <= date }.chronological()
            let position = Position.of(upTo)
            let price = cashAssets.contains(asset) ? 1 : h.prices.filter { $0.assetID == asset && $0.date <= date }.max { $0.date < $1.date }?.price ?? 0
            value += position.quantity * price
            cost += position.costBasis
        }
        return (value, cost)
    }

    @Test("start + flows + income + realized + Δ unrealized = end, to the cent, on random portfolios")
    func reconciliationHolds() async {
        await propertyCheck(count: 150, input: Gen.int(in: 0...9_999).array(of: 1...40), Gen.int(in: 0...120), Gen.int(in: 0...200)) { codes, startOffset, length in
            let h = Self.history(from: codes)
            let from = CalendarDate("2023-01-01")!.adding(days: startOffset)
            let to = from.adding(days: length)
            for scope in [[2] as Set<Int64>, [1], Self.portfolio, Self.everything] {
                let r = try! Performance.report(h.input(scope: scope), from: from, to: to)
                let start = Self.naive(h, scope, from), end = Self.naive(h, scope, to)
                #expect(r.startValue == start.value)
                #expect(r.endValue == end.value)
                let unrealized = (end.value - end.cost) - (start.value - start.cost)
                #expect((r.unrealizedChange - unrealized).rounded(places: 2) == 0)
                let total = r.startValue + r.netFlows + r.income + r.realizedGain + unrealized
                #expect((total - r.endValue).rounded(places: 2) == 0, "scope \(scope.sorted()) \(from)…\(to): \(PerformanceExplanation.lines(r).last!)")
            }
        }
    }
}
