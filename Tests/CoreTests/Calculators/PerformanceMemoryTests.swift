import Foundation
import Testing
@testable import Core

/// Issue 27's memory work on the performance records and ledger: the packed rows and prices
/// read back exactly what was added, and a report made without its flows (the ledger adding
/// its period up as it walks) has every figure of the one made with them.
@Suite("Performance memory: packed records, reports without their flows")
struct PerformanceMemoryTests {
    typealias Random = SplitMix64

    @Test("A report without its flows has the same figures, sub-periods and trail as the one with them", arguments: 0..<16)
    func reportWithoutFlows(seed: Int) throws {
        let assets = 3 + seed % 7
        let h = PerformanceEquivalenceTests.history(seed: UInt64(seed) &* 6_151 &+ 3, assets: assets, transactions: 50 + seed * 8)
        var random = Random(seed: UInt64(seed) &+ 41)
        let all = Set(1...Int64(assets))
        let first = CalendarDate("2019-01-01")!, last = h.transactions.map(\.date).max() ?? first
        for scope in [all, [1], Set(all.filter { _ in random.chance(50) }), [1, Int64(assets)]] where !scope.isEmpty {
            let records = PerformanceRecords(PerformanceEquivalenceTests.input(h, scope: scope))
            for (from, to) in [(first.adding(days: -1), last), (first.adding(days: 20 + random.below(100)), last.adding(days: -random.below(60))),
                               (last, last), (last.adding(days: 1), last.adding(days: 30))] where from <= to {
                for annualize in [false, true] {
                    let label = "seed \(seed) scope \(scope.sorted()) \(from)…\(to)"
                    let full = try Performance.report(records, from: from, to: to, annualizeShortPeriod: annualize)
                    let light = try Performance.report(records, from: from, to: to, annualizeShortPeriod: annualize, keepingFlows: false)
                    #expect(light.flows.isEmpty, "\(label)")
                    #expect(light == PerformanceReport(full, flows: []), "\(label)")
                    #expect(light.subPeriods == full.subPeriods, "\(label)")
                    // The figures the flows add up to, from the kept flows.
                    #expect(light.netFlows == full.flows.reduce(ExactDecimal.zero) { $0 + $1.flow }, "\(label)")
                    #expect(light.income == full.flows.reduce(ExactDecimal.zero) { $0 + $1.income }, "\(label)")
                }
            }
        }
    }

    @Test("XIRR over the investor's flows read in place equals XIRR over a copy of them", arguments: 0..<10)
    func investorFlowsInPlace(seed: Int) {
        var random = Random(seed: UInt64(seed) &+ 5)
        let start = CalendarDate("2015-01-01")!
        var day = 1
        var flows: [CashFlow] = []
        for _ in 0..<(20 + random.below(200)) {
            day += random.below(9)
            let amount = random.decimal(5_000, places: 2)
            flows.append(CashFlow(date: start.adding(days: day), amount: random.chance(30) ? -amount : amount))
        }
        let end = start.adding(days: day + random.below(400))
        let begin = CashFlow(date: start, amount: -random.decimal(50_000, places: 2))
        let final = CashFlow(date: end, amount: random.decimal(90_000, places: 2))
        let inPlace = InvestorFlows(start: begin, flows: flows, end: final)
        let copy = [begin] + flows.map { CashFlow(date: $0.date, amount: -$0.amount) } + [final]
        #expect(Array(inPlace) == copy)
        #expect(Returns.xirr(inPlace) == Returns.xirr(copy), "seed \(seed)")
        #expect(Returns.xirr(inPlace, annualizeShortPeriod: true) == Returns.xirr(copy, annualizeShortPeriod: true), "seed \(seed)")
    }

    /// Decimals that do and do not fit the packed form: trailing zeros, 38 places, negative,
    /// units beyond 64 bits, the largest value, and the out-of-range state.
    static let awkward: [ExactDecimal] = [
        0, ExactDecimal(units: 150, scale: 2, isNegative: false)!, ExactDecimal("-2.25")!, ExactDecimal("0.00000000000000000000000000000000000001")!,
        ExactDecimal("-123456789012345678901234567.89")!, ExactDecimal("18446744073709551615")!, ExactDecimal("18446744073709551616")!,
        ExactDecimal.greatestFiniteMagnitude, ExactDecimal.greatestFiniteMagnitude * 10, ExactDecimal(units: 100_000, scale: 3, isNegative: true)!,
    ]

    /// The same units, scale and sign (or both the out-of-range state), not only the same value.
    static func identical(_ a: ExactDecimal, _ b: ExactDecimal) -> Bool {
        a.isOutOfRange == b.isOutOfRange && a.units == b.units && a.scale == b.scale && a.isNegative == b.isNegative
    }

    @Test("Packed prices read back the same units, scale and sign, the out-of-range state included")
    func packedDecimals() {
        let values = Self.awkward + Self.awkward.reversed()
        let packed = PackedDecimals(values)
        #expect(packed.count == values.count)
        for (i, v) in values.enumerated() { #expect(Self.identical(packed[i], v), "\(i): \(v)") }
        #expect(packed[8].isOutOfRange)
        #expect(packed[1].scale == 2 && packed[9].scale == 3)  // 1.50 and 100.000 keep their trailing zeros
    }

    @Test("Packed rows read back every field as added: decimals, ids (or none), types, links")
    func packedRows() {
        var records = PerformanceRecords(scope: [1, 2], cashAssets: [2])
        let types = TransactionType.allCases
        var added: [(id: Int64?, type: TransactionType, q: ExactDecimal, p: ExactDecimal, f: ExactDecimal, source: Int64?, related: Int64?)] = []
        for i in 0..<40 {
            let a = Self.awkward
            let row = (id: i % 7 == 3 ? nil : Int64(1_000 + i), type: types[i % types.count], q: a[i % a.count], p: a[(i * 3) % a.count],
                       f: a[(i * 7 + 1) % a.count], source: i % 5 == 0 ? Int64(2) : nil, related: i % 6 == 1 ? Int64(1_000 + i + 1) : nil)
            added.append(row)
            records.addTransaction(id: row.id, assetID: 1 + Int64(i % 2), type: row.type, date: CalendarDate("2024-01-01")!.adding(days: i),
                                   quantity: row.q, price: row.p, fees: row.f, sourceAssetID: row.source, relatedID: row.related)
        }
        records.finish()
        // Each on its own day, so the rows stay in the order added.
        #expect(records.rows.count == added.count)
        for (i, row) in records.rows.enumerated() {
            let want = added[i]
            #expect(row.id == want.id && row.type == want.type, "\(i)")
            #expect(Self.identical(row.quantity, want.q) && Self.identical(row.price, want.p) && Self.identical(row.fees, want.f), "\(i)")
            #expect(row.sourceAssetID == want.source && row.relatedID == want.related, "\(i)")
            #expect(row.date == CalendarDate("2024-01-01")!.adding(days: i) && row.asset == records.assetIDs.firstIndex(of: 1 + Int64(i % 2)).map(Int32.init), "\(i)")
            // A swap's other half is in the scope when it is one of these rows.
            #expect(row.relatedInScope == (want.related.map { r in added.contains { $0.id == r } } ?? false), "\(i)")
            #expect(row.sourceInScope == (want.type == .dividend || want.type == .interest), "\(i)")
        }
    }
}

extension PerformanceReport {
    /// The same report with other flows (to compare one made without them).
    init(_ r: PerformanceReport, flows: [ScopeFlow]) {
        self.init(from: r.from, to: r.to, startValue: r.startValue, endValue: r.endValue, netFlows: r.netFlows, income: r.income,
                  realizedGain: r.realizedGain, unrealizedChange: r.unrealizedChange, twr: r.twr, twrAnnualized: r.twrAnnualized, mwr: r.mwr,
                  modifiedDietz: r.modifiedDietz, cagr: r.cagr, growth: r.growth, twrPeriods: r.twrPeriods, flows: flows)
    }
}
