import Core
import Foundation
import Store

/// The load benchmark: the 100,000-transaction store, then the time to open it and compute
/// every asset's quantity, average cost, cost basis, realized gain and current value, from
/// snapshots and from the whole history. Figures only; asserts nothing.
func runLoadBenchmark() throws {
    let transactionCount = 100_000
    print("AssetFlow load benchmark: \(BenchStore.assetCount) assets, \(BenchStore.businessDays) days of prices, \(transactionCount) transactions")
    let (path, generated) = try BenchStore.make(transactions: transactionCount)
    print("store: \(path)")
    if let generated { print("generate (validated inserts)       \(String(format: "%8.3f s", generated))") }
    let today = BenchStore.today

    // Load and compute from a freshly opened store: positions come from the snapshots the
    // store keeps (the first run after generation may replay history to write them).
    for run in 1...3 {
        let start = DispatchTime.now()
        let (total, count) = try AssetFlowStore(path: path).withSession(today: today) { session -> (ExactDecimal, Int) in
            let positions = try session.allPositions()
            let prices = try session.latestPrices()
            var total = ExactDecimal.zero
            for (assetID, position) in positions {
                let valuation = Valuation(position: position, latestPrice: prices[assetID])
                total += valuation.currentValue + valuation.realizedGain + valuation.costBasis + valuation.averageCost
            }
            return (total, positions.count)
        }
        print("load + compute all assets, run \(run)  \(String(format: "%8.3f s", secondsSince(start)))   (\(count) assets, checksum \(total.rounded(places: 2).plainText))")
    }
    // What opening alone costs: the checks at open (SQLite's quick_check reads every page; the
    // schema is compared with the one the migrations build). Included in the load runs above.
    for run in 1...3 {
        let start = DispatchTime.now(), cpu = cpuSeconds()
        _ = try AssetFlowStore(path: path)
        print("open with its checks, run \(run)       \(String(format: "%8.3f s", secondsSince(start)))   (\(String(format: "%.3f", cpuSeconds() - cpu)) s of CPU)")
    }
    for run in 1...2 {
        let (seconds, total) = try replayAll(path: path)
        print("replay all transactions, run \(run)    \(String(format: "%8.3f s", seconds))   (checksum \(total.rounded(places: 2).plainText))")
    }

    // Where the time goes: reading and decoding rows, then folding them into positions.
    try AssetFlowStore(path: path).withSession(today: today) { session in
        var start = DispatchTime.now()
        let groups = try session.allTransactionsByAsset()
        print("  of which: read + decode rows     \(String(format: "%8.3f s", secondsSince(start)))")
        start = DispatchTime.now()
        for (_, transactions) in groups { _ = Position.of(transactions) }
        print("  of which: fold into positions    \(String(format: "%8.3f s", secondsSince(start)))")
        start = DispatchTime.now()
        _ = try session.latestPrices()
        print("  of which: latest prices          \(String(format: "%8.3f s", secondsSince(start)))")
    }
    print("peak memory                        \(String(format: "%8.1f MB", peakMemoryMB()))")
}

/// Every asset's figures replayed from the whole history (what a missing snapshot costs);
/// seconds and a checksum of the figures (identical before and after any speed work).
func replayAll(path: String) throws -> (Double, ExactDecimal) {
    let start = DispatchTime.now()
    let total = try AssetFlowStore(path: path).withSession(today: BenchStore.today) { session -> ExactDecimal in
        let groups = try session.allTransactionsByAsset()
        let prices = try session.latestPrices()
        var total = ExactDecimal.zero
        for (assetID, transactions) in groups {
            let valuation = Valuation(position: Position.of(transactions), latestPrice: prices[assetID])
            total += valuation.currentValue + valuation.realizedGain + valuation.costBasis + valuation.averageCost
        }
        return total
    }
    return (secondsSince(start), total)
}

