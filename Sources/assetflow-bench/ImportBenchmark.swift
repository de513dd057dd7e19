import Core
import Foundation
import Store

/// The import benchmark: the load benchmark's data set (100,000 transactions, 250,000
/// prices) written as two CSV files, then imported into a new store, as
/// `assetflow import transactions` and `assetflow import prices` do, each in one
/// transaction. Then the same files again (everything a duplicate). Figures only.
func runImportBenchmark() throws {
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
    print("AssetFlow import benchmark: \(transactionCount) transactions (\(transactions.utf8.count / 1024) KB), "
        + "\(BenchStore.assetCount * BenchStore.businessDays) prices (\(prices.utf8.count / 1024) KB) from CSV")
    let store = try AssetFlowStore(path: folder + "/import.sqlite")
    for round in ["first import", "re-import (all duplicates)"] {
        let start = DispatchTime.now(), cpuStart = cpuSeconds()
        for (kind, text) in [(ImportKind.transactions, transactions), (.prices, prices)] {
            let kindStart = DispatchTime.now(), kindCPU = cpuSeconds()
            let outcome = try store.withSession(today: BenchStore.today) { session -> ImportOutcome in
                try session.begin()
                let outcome = try session.importCSV(ImportRequest(options: ImportOptions(kind: kind), data: Data(text.utf8)))
                try session.commit()
                return outcome
            }
            print("  \(round), \(kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(seconds(since: kindStart))   (CPU \(String(format: "%.3f", cpuSeconds() - kindCPU)) s; \(outcome.plan.addedCount) added, \(outcome.plan.duplicates) duplicates)")
        }
        print("\(round.padding(toLength: 34, withPad: " ", startingAt: 0))\(seconds(since: start))   (CPU \(String(format: "%.3f", cpuSeconds() - cpuStart)) s)")
    }
    try importBreakdown([(.transactions, transactions), (.prices, prices)], folder: folder)
    print("peak memory                          \(String(format: "%.1f MB", peakMemoryMB()))")
}


/// Where a first import's CPU time goes, phase by phase, for each file, into a new store
/// on disk: the steps of `StoreSession.importCSV`, then the commit (SQLite writes the
/// pages to its log and copies them into the store file).
func importBreakdown(_ files: [(ImportKind, String)], folder: String) throws {
    let store = try AssetFlowStore(path: folder + "/breakdown.sqlite")
    for (kind, text) in files {
        print("  \(kind.rawValue), first import, of which:")
        var clock = cpuSeconds()
        func lap(_ label: String) {
            let now = cpuSeconds()
            print("    \(label.padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(format: "%6.3f", now - clock)) s CPU")
            clock = now
        }
        try store.withSession(today: BenchStore.today) { session in
            try session.begin()
            var request = ImportRequest(options: ImportOptions(kind: kind), data: Data(text.utf8))
            request.stepDone = lap
            _ = try session.importCSV(request)
            try session.commit()
            lap("commit (log, then store file)")
        }
    }
}

/// "   1.234 s".
func seconds(since start: DispatchTime) -> String { String(format: "%8.3f s", secondsSince(start)) }
