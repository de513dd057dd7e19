import Testing
@testable import Core

/// A walk made once for every period (`Performance.PerformanceWalk`) against a walk for each
/// period (`Performance.report(records, …)`): every report equal, field for field.
@Suite("Performance: one walk for every period equals a walk per period")
struct PerformanceWalkTests {
    typealias Random = PerformanceEquivalenceTests.Random

    @Test("Random histories and scopes, many periods each: years, single days, before the first and after the last transaction",
          arguments: 0..<24)
    func everyPeriod(seed: Int) throws {
        let assets = 3 + seed % 7
        let h = PerformanceEquivalenceTests.history(seed: UInt64(seed) &* 6_151 &+ 7, assets: assets, transactions: 50 + seed * 8)
        var random = Random(seed: UInt64(seed) &+ 31)
        let all = Set(1...Int64(assets))
        let first = CalendarDate("2019-01-01")!, last = h.transactions.map(\.date).max() ?? first
        for scope in [all, [1], Set(all.filter { _ in random.chance(50) })] where !scope.isEmpty {
            let records = PerformanceRecords(PerformanceEquivalenceTests.input(h, scope: scope))
            let walk = Performance.PerformanceWalk(records)
            var periods = [(first, last), (last, last), (first.adding(days: -30), first), (first, last.adding(days: 60))]
            for _ in 0..<12 {
                let from = first.adding(days: random.below(700) - 60)
                periods.append((from, from.adding(days: random.below(500))))
            }
            for (from, to) in periods {
                for annualize in [false, true] {
                    let once = try Performance.report(walk, from: from, to: to, annualizeShortPeriod: annualize)
                    let each = try Performance.report(records, from: from, to: to, annualizeShortPeriod: annualize, keepingFlows: false)
                    #expect(once == each, "seed \(seed) scope \(scope.sorted()) \(from)…\(to)")
                }
            }
        }
    }
}
