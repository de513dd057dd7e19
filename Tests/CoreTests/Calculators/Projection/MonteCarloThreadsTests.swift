import Foundation
import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

@Suite("Monte Carlo across cores: the same figures for a seed whatever the number of threads")
struct MonteCarloThreadsTests {
    /// The assumptions of `MonteCarloTests`, whose pinned figures are checked here again.
    let base = ProjectionAssumptions(startDate: CalendarDate("2025-01-01")!, startValue: 10000, contribution: 200, annualReturn: dec("0.06"),
                                     volatility: dec("0.15"), months: 120, goal: 50000)

    @Test("1 thread and 2, 3, 5 or 8 give equal results, for every built-in model, withdrawals and odd sizes")
    func threadsGiveEqualResults() throws {
        var withdrawing = base; withdrawing.contribution = dec("-900"); withdrawing.volatility = dec("0.4")
        for a in [base, withdrawing] {
            for months in [1, 13, 120] {
                var a = a; a.months = months
                for model in [ReturnModel.normal, .lognormal, .bootstrap([-0.3, 0.01, 0.02, 0.25])] {
                    for runs in [1, 64, 65, 131, 1000] {
                        let one = try MonteCarlo.run(a, runs: runs, seed: 5, model: model, levels: [0, 10, 37.5, 50, 90, 100], threads: 1)
                        for threads in [2, 3, 5, 8] {
                            let many = try MonteCarlo.run(a, runs: runs, seed: 5, model: model, levels: [0, 10, 37.5, 50, 90, 100], threads: threads)
                            #expect(one == many, "\(model.name), \(months) months, \(runs) runs, \(threads) threads")
                        }
                    }
                }
            }
        }
    }

    @Test("the pinned figures for a seed are the same on 1 thread, on 4, and by the automatic choice")
    func pinnedFiguresOnAnyThreads() throws {
        let expected: [(ReturnModel, [String], [String], String)] = [
            (.normal, ["18780.19", "26359.13", "36436.79"], ["30911.47", "48701.40", "78962.31"], "0.56"),
            (.lognormal, ["18792.63", "26325.44", "36301.97"], ["31080.63", "48824.78", "78579.89"], "0.5433"),
            (.bootstrap([-0.05, 0.01, 0.02, 0.04]), ["20563.13", "27051.84", "34189.94"], ["34492.61", "48849.44", "70299.75"], "0.4967"),
        ]
        for (model, month60, month120, probability) in expected {
            for threads in [1, 4, nil] {
                let mc = try MonteCarlo.run(base, runs: 300, seed: 42, model: model, threads: threads)
                #expect(mc.rows[59].values == month60.map(dec), "\(model.name), \(String(describing: threads)) threads")
                #expect(mc.rows[119].values == month120.map(dec), "\(model.name)")
                #expect(mc.probability == dec(probability), "\(model.name)")
            }
        }
    }

    @Test("skipping a block's draws leaves the generator where drawing them does")
    func skipMatchesFill() {
        for normals in [0, 2, 64 * 13, 64 * 480] {
            let drawn = PathDraws(seed: 77)
            let out = UnsafeMutablePointer<Double>.allocate(capacity: max(1, normals))
            defer { out.deallocate() }
            drawn.fill(normals, normals: out, uniforms: nil)
            var skipped = SplitMix64(seed: 77)
            PathDraws.skip(normals: normals, generator: &skipped)
            var next = drawn.generator
            #expect(drawn.spare == nil)
            #expect(next.next() == skipped.next(), "\(normals) normals")
        }
    }

    @Test("parts are contiguous, non-empty, cover every block, and later ones are not larger")
    func partPlan() {
        for count in [1, 2, 3, 17, 157, 1563] {
            for parts in 1...9 {
                let ranges = PartPlan.blocks(count: count, parts: parts)
                #expect(ranges.count == min(parts, count))
                #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
                #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
                #expect(ranges.allSatisfy { !$0.isEmpty })
                if count >= 100 { #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.count >= $1.count }, "\(count) in \(parts)") }
            }
        }
    }

    @Test("the benchmark's size is split across cores when there are several, and a small run is not")
    func automaticParts() {
        #expect(ParallelWork.partCount(300 * 120, minimumPart: MonteCarlo.minimumPart) == 1)
        let cores = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
        #expect(ParallelWork.partCount(10_000 * 480, minimumPart: MonteCarlo.minimumPart) == cores)
    }
}
