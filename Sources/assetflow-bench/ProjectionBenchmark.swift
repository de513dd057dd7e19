import Core
import Foundation

enum ProjectionBench {
    static let assumptions = ProjectionAssumptions(startDate: CalendarDate("2025-01-01")!, startValue: 100_000, contribution: 1000,
                                                   annualReturn: ExactDecimal(string: "0.06")!, volatility: ExactDecimal(string: "0.15")!,
                                                   inflation: ExactDecimal(string: "0.02")!, fees: ExactDecimal(string: "0.002")!,
                                                   months: 480, goal: 2_000_000)
}

/// Times Monte Carlo goal projections: 10,000 paths of 40 years, monthly (4.8 million
/// steps), for each built-in model. Figures only; asserts nothing.
/// Run alone with `assetflow-bench projection`.
func runProjectionBenchmark() throws {
    let assumptions = ProjectionBench.assumptions
    let history = (0..<240).map { i in 0.005 + 0.04 * sin(Double(i) * 1.7) }
    for (name, model) in [("normal", ReturnModel.normal), ("lognormal", .lognormal), ("bootstrap", .bootstrap(history))] {
        let start = DispatchTime.now()
        let result = try MonteCarlo.run(assumptions, runs: 10_000, seed: 42, model: model)
        let median = result.rows.last!.values[1]
        print("monte carlo 10,000 × 480 months, \(name.padding(toLength: 9, withPad: " ", startingAt: 0)) \(String(format: "%8.3f s", secondsSince(start)))   (median \(median.plainText), P(goal) \(result.probability!.plainText))")
    }
    let start = DispatchTime.now()
    let path = try Projection.path(assumptions)
    print("deterministic path, 480 months            \(String(format: "%8.3f s", secondsSince(start)))   (final \(path.final.plainText))")
}
