import Foundation
import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }
private let start = CalendarDate("2025-01-01")!

@Suite struct MonteCarloTests {
    let base = ProjectionAssumptions(startDate: start, startValue: 10000, contribution: 200, annualReturn: dec("0.06"),
                                     volatility: dec("0.15"), months: 120, goal: 50000)

    @Test("SplitMix64 gives the reference sequence for seed 0")
    func generator() {
        var g = SplitMix64(seed: 0)
        #expect(g.next() == 0xE220_A839_7B1D_CDAF)
        #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test("normal draws have mean 0, variance 1 and normal tails")
    func normalDraws() {
        var g = SplitMix64(seed: 12)
        var spare: Double?
        let draws = (0..<200_000).map { _ in g.normal(spare: &spare) }
        let mean = draws.reduce(0, +) / Double(draws.count)
        let variance = draws.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(draws.count)
        #expect(abs(mean) < 0.01 && abs(variance - 1) < 0.02)
        let beyondTwo = Double(draws.filter { abs($0) > 2 }.count) / Double(draws.count)
        #expect(abs(beyondTwo - 0.0455) < 0.003)   // P(|z| > 2) of a standard normal
    }

    @Test("the same seed gives the same result; another seed another")
    func reproducible() throws {
        let a = try MonteCarlo.run(base, runs: 300, seed: 7, model: .lognormal)
        let b = try MonteCarlo.run(base, runs: 300, seed: 7, model: .lognormal)
        let c = try MonteCarlo.run(base, runs: 300, seed: 8, model: .lognormal)
        #expect(a == b)
        #expect(a.rows.last!.values != c.rows.last!.values)
    }

    @Test("at zero volatility every percentile is the deterministic path")
    func zeroVolatility() throws {
        var a = base; a.volatility = 0
        let path = try Projection.path(a)
        for model in [ReturnModel.normal, .lognormal] {
            let mc = try MonteCarlo.run(a, runs: 50, seed: 1, model: model)
            for (row, point) in zip(mc.rows, path.points) {
                for v in row.values { #expect(abs(v - point.value) <= dec("0.02")) }
            }
            #expect(mc.probability == (path.reachDate == nil ? 0 : 1))
        }
    }

    @Test("over many runs with low volatility the median stays close to the deterministic path")
    func medianNearDeterministic() throws {
        var a = base; a.volatility = dec("0.02")
        let path = try Projection.path(a)
        let mc = try MonteCarlo.run(a, runs: 4000, seed: 3, model: .normal)
        let median = Projection.double(mc.rows.last!.values[1])
        #expect(abs(median / Projection.double(path.final) - 1) < 0.01)
        #expect(mc.rows.last!.values[0] < mc.rows.last!.values[1] && mc.rows.last!.values[1] < mc.rows.last!.values[2])
    }

    @Test("probability and reach-date distribution")
    func reach() throws {
        let mc = try MonteCarlo.run(base, runs: 1000, seed: 11, model: .lognormal)
        let p = mc.probability!
        #expect(p > 0 && p < 1)
        let shares = mc.reach!.byYear.map(\.share).reduce(0, +)
        #expect(abs(shares - p) <= dec("0.001"))
        // The 90th percentile needs 90 % of runs to reach: with fewer, no date.
        #expect((mc.reach!.percentiles[2] == nil) == (p < dec("0.9")))
    }

    @Test("bootstrap of a constant 1 % month equals that deterministic growth")
    func bootstrap() throws {
        var a = base; a.volatility = 0; a.annualReturn = dec("0.12682503013196972")  // 1.01^12 − 1
        let mc = try MonteCarlo.run(a, runs: 20, seed: 5, model: .bootstrap([0.01]))
        let path = try Projection.path(a)
        #expect(abs(mc.rows.last!.values[1] - path.final) < 1)
        #expect(throws: RuleViolation.self) { try MonteCarlo.run(a, runs: 2, seed: 1, model: .bootstrap([])) }
    }

    @Test("a custom step and a drawdown rule run in Monte Carlo, once per run and month")
    func customHooks() throws {
        var steps = 0, flows = 0
        let hooks = ProjectionHooks(stepReturn: { s in steps += 1; return 0.004 + 0.03 * s.normal },
                                    cashFlow: { s in flows += 1; return s.value > 0 ? -s.value * 0.04 / 12 : 0 })
        let mc = try MonteCarlo.run(base, runs: 100, seed: 2, model: .custom, hooks: hooks)
        #expect(steps == 100 * 120 && flows == 100 * 120)
        let again = try MonteCarlo.run(base, runs: 100, seed: 2, model: .custom, hooks: hooks)
        #expect(mc == again)
        struct Boom: Error {}
        #expect(throws: Boom.self) { try MonteCarlo.run(base, runs: 2, seed: 1, model: .custom, hooks: ProjectionHooks(stepReturn: { _ in throw Boom() })) }
    }

    @Test("runs and months are bounded")
    func bounds() {
        var long = base; long.months = 1200
        #expect(throws: RuleViolation.self) { try MonteCarlo.run(long, runs: 20_000, seed: 1, model: .normal) }
        #expect(throws: RuleViolation.self) { try MonteCarlo.run(base, runs: 0, seed: 1, model: .normal) }
        #expect(throws: RuleViolation.self) { try MonteCarlo.run(base, runs: 1, seed: 1, model: .normal, levels: [101]) }
    }

    @Test("each built-in model's own loop gives exactly the figures of the general loop with hooks")
    func fastLoopsMatchGeneralLoop() throws {
        var withdrawing = base; withdrawing.contribution = dec("-150"); withdrawing.volatility = dec("0.3"); withdrawing.inflation = dec("0.02")
        var noGoal = base; noGoal.goal = nil
        // A cash-flow hook that returns the scheduled contribution forces the general loop without changing anything.
        let passThrough = ProjectionHooks(cashFlow: { $0.contribution })
        for a in [base, withdrawing, noGoal] {
            for model in [ReturnModel.normal, .lognormal, .bootstrap([-0.05, 0.01, 0.02, 0.04])] {
                // 131 runs: two full blocks of 64 and a partial one.
                let fast = try MonteCarlo.run(a, runs: 131, seed: 9, model: model, levels: [90, 0, 50, 12.5, 100, 50])
                let general = try MonteCarlo.run(a, runs: 131, seed: 9, model: model, levels: [90, 0, 50, 12.5, 100, 50], hooks: passThrough)
                #expect(fast == general, "\(model.name)")
            }
        }
        #expect(try MonteCarlo.run(withdrawing, runs: 131, seed: 9, model: .normal).depletedProbability > 0)
    }

    @Test("percentiles without sorting equal the percentiles of the sorted sample")
    func percentilesBySelection() {
        var generator = SplitMix64(seed: 4)
        let levels: [Double] = [90, 0, 50, 12.5, 100, 50, 99.99, 33]
        for count in [1, 2, 3, 7, 64, 1000, 5000] {
            for duplicates in [false, true] {
                let column = (0..<count).map { _ in duplicates ? Double(generator.index(below: 5)) : generator.uniform() * 1000 - 100 }
                let sorted = column.sorted()
                #expect(MonteCarlo.percentiles(of: column, levels) == levels.map { MonteCarlo.percentile(sorted, $0) })
            }
        }
    }

    @Test("the figures for a seed are those of the loops before the bulk draws and the radix selection")
    func pinnedFigures() throws {
        let expected: [(ReturnModel, [String], [String], String)] = [
            (.normal, ["18780.19", "26359.13", "36436.79"], ["30911.47", "48701.40", "78962.31"], "0.56"),
            (.lognormal, ["18792.63", "26325.44", "36301.97"], ["31080.63", "48824.78", "78579.89"], "0.5433"),
            (.bootstrap([-0.05, 0.01, 0.02, 0.04]), ["20563.13", "27051.84", "34189.94"], ["34492.61", "48849.44", "70299.75"], "0.4967"),
        ]
        for (model, month60, month120, probability) in expected {
            let mc = try MonteCarlo.run(base, runs: 300, seed: 42, model: model)
            #expect(mc.rows[59].values == month60.map(dec), "\(model.name)")
            #expect(mc.rows[119].values == month120.map(dec), "\(model.name)")
            #expect(mc.probability == dec(probability), "\(model.name)")
        }
    }

    @Test("the bulk draws keep the generator's order across runs and blocks when a run has an odd number of months")
    func oddMonths() throws {
        var withdrawing = base; withdrawing.contribution = dec("-900"); withdrawing.volatility = dec("0.4")
        let passThrough = ProjectionHooks(cashFlow: { $0.contribution })
        for months in [1, 7, 13] {
            for a in [base, withdrawing] {
                var a = a; a.months = months
                for model in [ReturnModel.normal, .lognormal, .bootstrap([-0.3, 0.01, 0.02, 0.25])] {
                    for runs in [3, 131] {
                        let fast = try MonteCarlo.run(a, runs: runs, seed: 5, model: model, levels: [0, 37.5, 50, 100])
                        let general = try MonteCarlo.run(a, runs: runs, seed: 5, model: model, levels: [0, 37.5, 50, 100], hooks: passThrough)
                        #expect(fast == general, "\(model.name), \(months) months, \(runs) runs")
                    }
                }
            }
        }
    }

    @Test("both formulas of a uniform draw give the same value for every 64 bits")
    func uniformFormulas() {
        // Around 2^52 (top bit set) k + 0.5 is a tie that rounds to even; at the ends, the extremes.
        var bits: [UInt64] = [0, 1, 1 << 10, 1 << 11, (1 << 11) | (1 << 10), 1 << 62, (1 << 63) - 1, 1 << 63,
                              (1 << 63) | (1 << 11), (1 << 63) | (3 << 10), UInt64.max, UInt64.max - (1 << 11)]
        var generator = SplitMix64(seed: 3)
        for _ in 0..<100_000 { bits.append(generator.next()) }
        let differing = bits.filter { SplitMix64.unit($0) != SplitMix64.unitFromOdd($0) }
        #expect(differing.isEmpty)
        var a = SplitMix64(seed: 9), b = a
        #expect((0..<1000).allSatisfy { _ in a.uniform() == b.uniformFromOdd() })
    }

    @Test("percentiles by radix selection: signs, signed zeros, extremes, dense clusters among outliers")
    func percentilesEdgeCases() {
        var generator = SplitMix64(seed: 8)
        let levels: [Double] = [0, 1, 10, 25, 49.99, 50, 75, 90, 99, 100]
        let columns: [[Double]] = [
            (0..<3000).map { _ in generator.uniform() * 2 - 1 },
            (0..<500).map { $0 % 2 == 0 ? 0.0 : -0.0 } + [1, -1, 0.5],
            (0..<1000).map { _ in [1e300, -1e300, 5e-324, -5e-324, 0, 1, -2][generator.index(below: 7)] },
            // A cluster far narrower than the range: the search goes down several levels of buckets.
            (0..<4000).map { _ in 1000 + Double(generator.index(below: 40)) * 1e-9 } + [1e300, -1e300, 3],
            (0..<4000).map { $0 < 3990 ? 7 : Double($0) },
            // Extremes and signed zeros.
            (0..<300).map { _ in [Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 0, -0.0, 2.5, -1][generator.index(below: 6)] },
            [-0.0, 0.0], [0.0, -0.0, -0.0], [-0.0, -0.0, 1],
        ]
        for column in columns {
            let sorted = column.sorted()
            #expect(MonteCarlo.percentiles(of: column, levels) == levels.map { MonteCarlo.percentile(sorted, $0) })
        }
    }

    @Test("a column with a NaN or infinities: the figures of sorting by key, whether the value is in the vector part or the tail")
    func percentilesWithNaN() {
        let levels: [Double] = [0, 10, 50, 90, 100]
        var generator = SplitMix64(seed: 12)
        for count in [2, 5, 8, 11, 1001] {
            for at in Set([0, count / 2, count - 1]) {
                for odd in [Double.nan, -Double.nan, .infinity, -.infinity] {
                    var column = (0..<count).map { _ in generator.uniform() * 200 - 50 }
                    column[at] = odd
                    // By key, a NaN sorts above +∞ (or below −∞ with its sign bit set).
                    let byKey = column.map(PercentileSelector.key).sorted().map(PercentileSelector.value)
                    let expected = levels.map { MonteCarlo.percentile(byKey, $0).bitPattern }
                    #expect(MonteCarlo.percentiles(of: column, levels).map(\.bitPattern) == expected, "\(count) values, \(odd) at \(at)")
                }
            }
        }
    }

    @Test("percentiles interpolate between ranks")
    func percentile() {
        #expect(MonteCarlo.percentile([1, 2, 3, 4, 5], 50) == 3)
        #expect(MonteCarlo.percentile([0, 10], 25) == 2.5)
    }
}
