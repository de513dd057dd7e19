import Core
import Foundation
import Store

/// The import benchmark: the load benchmark's data set (100,000 transactions, 250,000
/// prices) written as two CSV files, then imported into a new store on disk, as
/// `assetflow import transactions` and `assetflow import prices` do, each in one
/// transaction; then the same files again (everything a duplicate). Figures only.
///
/// A machine shared with other work varies by a third from run to run, so the first import
/// runs `rounds` times, each into a new store, and the figures are the median and the best,
/// with the median of each step (elapsed, and CPU: more than elapsed where a step uses
/// several cores).
func runImportBenchmark(rounds: Int = 5) throws {
    let transactionCount = 100_000
    let folder = NSTemporaryDirectory() + "assetflow-import-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var transactions = "Date,Asset,Type,Quantity,Price\n"
    var prices = "Date,Asset,Price\n"
    BenchDataSet.generate(transactions: transactionCount, price: { a, d, price in
        prices += "\(d),\(BenchDataSet.assetName(a)),\(price.plainText)\n"
    }, transaction: { a, type, d, q, price in
        transactions += "\(d),\(BenchDataSet.assetName(a)),\(type.rawValue),\(q.plainText),\(price.plainText)\n"
    })
    let files = [(ImportKind.transactions, Data(transactions.utf8)), (.prices, Data(prices.utf8))]
    print("AssetFlow import benchmark: \(transactionCount) transactions (\(transactions.utf8.count / 1024) KB), "
        + "\(BenchStore.assetCount * BenchStore.businessDays) prices (\(prices.utf8.count / 1024) KB) from CSV")

    var totals: [Double] = []
    var steps: [String: [(wall: Double, cpu: Double)]] = [:]
    var stepOrder: [String] = []
    for round in 1...rounds {
        let path = folder + "/import-\(round).sqlite"
        let store = try AssetFlowStore(path: path)
        let start = DispatchTime.now()
        var line = "  round \(round):"
        for (kind, data) in files {
            let kindStart = DispatchTime.now()
            try importTimed(kind, data, into: store) { step, wall, cpu in
                let key = "\(kind.rawValue): \(step)"
                if steps[key] == nil { stepOrder.append(key) }
                steps[key, default: []].append((wall, cpu))
            }
            line += String(format: " %@ %.3f s,", kind.rawValue, secondsSince(kindStart))
        }
        totals.append(secondsSince(start))
        print(line + String(format: " first import %.3f s", totals.last!))
        if round < rounds { try? FileManager.default.removeItem(atPath: path) }
    }
    print(String(format: "first import (median of %d rounds)     %.3f s   (best %.3f s; goal ≤ 2 s)", rounds, median(totals), totals.min()!))
    print("  where it goes, median of each step:             elapsed    CPU")
    for key in stepOrder {
        let samples = steps[key]!
        print("    \(key.padding(toLength: 46, withPad: " ", startingAt: 0)) \(String(format: "%6.3f s  %6.3f s", median(samples.map(\.wall)), median(samples.map(\.cpu))))")
    }

    let store = try AssetFlowStore(path: folder + "/import-\(rounds).sqlite")
    let start = DispatchTime.now()
    for (kind, data) in files {
        let outcome = try importTimed(kind, data, into: store) { _, _, _ in }
        guard outcome.plan.addedCount == 0 else { throw BenchError("re-import added \(outcome.plan.addedCount) \(kind.rawValue)") }
    }
    print("re-import of the same files (all duplicates)   \(seconds(since: start))")
    print("peak memory                                    \(String(format: "%.1f MB", peakMemoryMB()))")
}

/// Imports `data` as one `assetflow import` does (one transaction), telling each step's
/// elapsed and CPU seconds: the steps of `StoreSession.importCSV`, then the commit (SQLite
/// writes the pages to its log and copies them into the store file).
@discardableResult
func importTimed(_ kind: ImportKind, _ data: Data, into store: AssetFlowStore,
                 step: @escaping (String, Double, Double) -> Void) throws -> ImportOutcome {
    var wall = DispatchTime.now(), cpu = cpuSeconds()
    func lap(_ label: String) {
        let now = cpuSeconds()
        step(label, secondsSince(wall), now - cpu)
        wall = DispatchTime.now()
        cpu = now
    }
    return try store.withSession(today: BenchStore.today) { session in
        try session.begin()
        var request = ImportRequest(options: ImportOptions(kind: kind), data: data)
        request.stepDone = lap
        let outcome = try session.importCSV(request)
        try session.commit()
        lap("commit (log, then store file)")
        return outcome
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// "   1.234 s".
func seconds(since start: DispatchTime) -> String { String(format: "%8.3f s", secondsSince(start)) }
