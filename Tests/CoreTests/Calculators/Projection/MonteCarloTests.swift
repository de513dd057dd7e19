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

    @Test("percentiles interpolate between ranks")
    func percentile() {
        #expect(MonteCarlo.percentile([1, 2, 3, 4, 5], 50) == 3)
        #expect(MonteCarlo.percentile([0, 10], 25) == 2.5)
    }
}
