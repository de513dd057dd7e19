import Core
import Foundation
import Store

/// What verifying every page read costs (issue 23: ≤ 5 %), on the 100,000-transaction store:
/// the same reads with verification on and off, alternating, medians of 7 runs each. Each run
/// opens the store anew, so every page it needs is read from the file (and verified) once.
/// Also what opening cost before: SQLite's `quick_check` of every page. Figures only.
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
    print("AssetFlow page-checksum benchmark: \(path), \(fileSize(path) / 4096) pages")
    let work: [(String, (String) throws -> Void)] = [
        ("open (header, schema, version)", { _ = try AssetFlowStore(path: $0) }),
        ("open + value every asset", { try valueEveryAsset($0) }),
        ("open + replay every transaction", { _ = try replayAll(path: $0) }),
    ]
    print("work                                  checked   unchecked   cost")
    for (name, body) in work {
        var on: [Double] = [], off: [Double] = []
        for _ in 1...7 {
            for verify in [true, false] {
                AssetFlowStore.verifyPageChecksums(verify)
                let start = DispatchTime.now()
                try body(path)
                if verify { on.append(secondsSince(start)) } else { off.append(secondsSince(start)) }
            }
        }
        AssetFlowStore.verifyPageChecksums(true)
        let a = median(on), b = median(off)
        print("\(name.padding(toLength: 36, withPad: " ", startingAt: 0))\(String(format: "%7.1f ms  %7.1f ms  %+5.1f %%", a * 1000, b * 1000, (a / b - 1) * 100))")
    }
    var checks: [Double] = []
    AssetFlowStore.verifyPageChecksums(false)  // as the previous build read: no checksums
    defer { AssetFlowStore.verifyPageChecksums(true) }
    for _ in 1...7 {
        let start = DispatchTime.now()
        _ = try AssetFlowStore.quickCheck(path: path)
        checks.append(secondsSince(start))
    }
    print("quick_check of every page (what each open ran before): \(String(format: "%.1f ms", median(checks) * 1000))")
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
