import Core
import Foundation

/// What `scripts/bench compare` (scripts/compare/compare.py) needs from this benchmark: the
/// benchmark store (generated once into $TMPDIR and reused) and the data set as the two CSV
/// files of the import benchmark, written into `folder`. Prints their paths and the store's
/// "today" as one JSON object.
func runCompareSetup(folder: String) throws {
    let (store, _) = try BenchStore.make(transactions: 100_000)
    let files = try ImportBenchFiles.write(into: folder, transactions: 100_000)
    let setup = ["store": store, "today": BenchStore.today.description, "transactions": files.transactions, "prices": files.prices]
    print(String(decoding: try JSONEncoder().encode(setup), as: UTF8.self))
}

extension Measure {
    /// The elapsed (not CPU) seconds of the benchmark's Monte Carlo run, `threads` side by
    /// side (nil: as many as `MonteCarlo.run` chooses): the figure a user waits for.
    static func monteCarloElapsed(threads: Int?) throws -> Measurement {
        let start = DispatchTime.now()
        _ = try MonteCarlo.run(ProjectionBench.assumptions, runs: 10_000, seed: 42, model: .normal, threads: threads)
        return Measurement(figure: secondsSince(start), peakMB: peakMemoryMB())
    }
}
