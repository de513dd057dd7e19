import Core
import Foundation
import Store

/// What verifying every page read costs (issue 23: ≤ 5 %), on the 100,000-transaction store:
/// the same reads of the same file (so the same pages) with verification on and off, in
/// 11 rounds that alternate which goes first, in CPU time (user + system of this process:
/// wall time on a shared machine mostly measures the other work); medians of each column,
/// and the cost as the median of the rounds' own ratios.
/// Each run opens the store anew, so every page it needs is read from the file (and
/// verified) once; the pages a run verified are counted. Also what opening cost before:
/// SQLite's `quick_check` of every page. Figures only.
func runChecksumBenchmark() throws {
    let (source, _) = try BenchStore.make(transactions: 100_000)
    // A copy of its own: the shared benchmark store may be in use by another build, and
    // opening it here would give it checksums (a store made by an older build is converted).
    let folder = NSTemporaryDirectory() + "assetflow-bench-checksums-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/store.sqlite"
    try FileManager.default.copyItem(atPath: source, toPath: path)
    _ = try AssetFlowStore(path: path, modeNotice: { _ in })  // converted once when it has no checksums yet
    print("AssetFlow page-checksum benchmark: \(path), \(fileSize(path) / 4096) pages; CPU time, 11 rounds")
    print("work                                  checked   unchecked   cost    pages verified   per page")
    for work in checksumWork {
        var on: [Double] = [], off: [Double] = []
        var pages = 0
        for round in 0..<11 {
            for verify in round % 2 == 0 ? [true, false] : [false, true] {
                AssetFlowStore.verifyPageChecksums(verify)
                let before = AssetFlowStore.pagesVerified
                let start = cpuSeconds()
                try work.body(path)
                let spent = cpuSeconds() - start
                if verify { on.append(spent); pages = AssetFlowStore.pagesVerified - before } else { off.append(spent) }
            }
        }
        AssetFlowStore.verifyPageChecksums(true)
        // The cost is the median of each round's own ratio: the two runs of a round are
        // neighbours in time, so a change in the machine's load falls on both.
        let a = median(on), b = median(off)
        let cost = median(zip(on, off).map { $0 / $1 - 1 })
        let perPage = pages > 0 ? String(format: "%+6.2f µs", cost * b / Double(pages) * 1e6) : ""
        print("\(work.name.padding(toLength: 36, withPad: " ", startingAt: 0))"
              + String(format: "%7.1f ms  %7.1f ms  %+5.1f %%  %9d        ", a * 1000, b * 1000, cost * 100, pages) + perPage)
    }
    var checks: [Double] = []
    AssetFlowStore.verifyPageChecksums(false)  // as the previous build read: no checksums
    defer { AssetFlowStore.verifyPageChecksums(true) }
    for _ in 1...7 {
        let start = cpuSeconds()
        _ = try AssetFlowStore.quickCheck(path: path)
        checks.append(cpuSeconds() - start)
    }
    print("quick_check of every page (what each open ran before): \(String(format: "%.1f ms", median(checks) * 1000))")
}

/// The reads `checksums` times: a key (for `checksums-work`), a name, the work on a store.
private let checksumWork: [(key: String, name: String, body: (String) throws -> Void)] = [
    ("open", "open (header, schema, version)", { _ = try AssetFlowStore(path: $0) }),
    ("value", "open + value every asset", { try valueEveryAsset($0) }),
    ("replay", "open + replay every transaction", { _ = try replayAll(path: $0) }),
]

/// One work of `checksums`, `runs` times, with verification on or off, on a store that
/// already carries checksums: alone in a process, for `perf stat` and callgrind.
func runChecksumWork(_ key: String, verify: Bool, store path: String, runs: Int) throws {
    guard let work = checksumWork.first(where: { $0.key == key }) else {
        throw BenchError("unknown work '\(key)': use \(checksumWork.map(\.key).joined(separator: ", "))")
    }
    AssetFlowStore.verifyPageChecksums(verify)
    for _ in 0..<max(runs, 1) { try work.body(path) }
}

private func valueEveryAsset(_ path: String) throws {
    _ = try AssetFlowStore(path: path).withSession(today: BenchStore.today) { session -> ExactDecimal in
        let positions = try session.allPositions()
        let prices = try session.latestPrices()
        var total = ExactDecimal.zero
        for (assetID, position) in positions {
            total += Valuation(position: position, latestPrice: prices[assetID]).currentValue
        }
        return total
    }
}

private func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0
}
