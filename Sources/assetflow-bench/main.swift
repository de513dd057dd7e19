import Core
import Foundation
import Store

// The load benchmark: a deterministic store of 50 assets, 5,000 business days of prices
// (250,000 records) and 100,000 transactions, then the time to open it and compute every
// asset's quantity, average cost, cost basis, realized gain and current value.
// It prints figures; it asserts nothing.

/// A small deterministic generator (SplitMix64), so every run builds the same store.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

if CommandLine.arguments.dropFirst().first == "projection" {
    try runProjectionBenchmark()
    exit(0)
}

func seconds(since start: DispatchTime) -> String {
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return String(format: "%8.3f s", elapsed)
}

func peakMemoryMB() -> String {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return String(format: "%.1f MB", Double(usage.ru_maxrss) / 1024)
}

let assetCount = 50, businessDays = 5_000, transactionCount = 100_000
let path = CommandLine.arguments.dropFirst().first ?? NSTemporaryDirectory() + "assetflow-bench.sqlite"
let reuse = CommandLine.arguments.count > 2 && CommandLine.arguments[2] == "--reuse"
if !reuse { try? FileManager.default.removeItem(atPath: path) }

// Business days from 2006-01-02, weekends skipped.
var days: [CalendarDate] = []
var day = CalendarDate(year: 2006, month: 1, day: 2)!
while days.count < businessDays {
    let weekday = (day.dayNumber + 4) % 7  // 1970-01-01 was a Thursday (4); 0 = Sunday
    if weekday != 0 && weekday != 6 { days.append(day) }
    day = day.adding(days: 1)
}
let today = days.last!

print("AssetFlow load benchmark: \(assetCount) assets, \(businessDays) days of prices, \(transactionCount) transactions")
print("store: \(path)")
var random = SplitMix64(state: 42)
let generateStart = DispatchTime.now()
if !reuse {
    let store = try AssetFlowStore(path: path)
    try store.withSession(today: today) { session in
        try session.begin()
        var assetIDs: [Int64] = []
        for i in 0..<assetCount {
            var request = StoreSession.NewAsset(name: "Asset \(i)", type: .stock)
            request.currency = "USD"
            assetIDs.append(try session.createAsset(request).id!)
        }
        // Prices: a random walk in cents per asset.
        for (a, id) in assetIDs.enumerated() {
            var cents = 5_000 + a * 100
            for d in days {
                cents = max(100, cents + random.below(201) - 100)
                _ = try session.recordPrice(PricePoint(assetID: id, date: d, price: ExactDecimal(cents) / 100))
            }
        }
        // Transactions: buys and sells spread over the days, sells never above holdings.
        var held = [Int](repeating: 0, count: assetCount)
        for n in 0..<transactionCount {
            let a = random.below(assetCount)
            let d = days[n * businessDays / transactionCount]
            let price = ExactDecimal(1_000 + random.below(9_000)) / 100
            if held[a] > 10, random.below(3) == 0 {
                let q = 1 + random.below(held[a] / 2)
                held[a] -= q
                _ = try session.record(Transaction(assetID: assetIDs[a], type: .sell, date: d, quantity: ExactDecimal(q), pricePerUnit: price, currency: "USD"))
            } else {
                let q = 1 + random.below(20)
                held[a] += q
                _ = try session.record(Transaction(assetID: assetIDs[a], type: .buy, date: d, quantity: ExactDecimal(q), pricePerUnit: price, currency: "USD"))
            }
        }
        try session.commit()
    }
    print("generate (validated inserts)       \(seconds(since: generateStart))")
}

// Load and compute from a freshly opened store: positions come from the snapshots the
// store keeps (the first run after generation may replay history to write them).
for run in 1...3 {
    let start = DispatchTime.now()
    let reopened = try AssetFlowStore(path: path)
    let (total, count) = try reopened.withSession(today: today) { session -> (ExactDecimal, Int) in
        let positions = try session.allPositions()
        let prices = try session.latestPrices()
        var total = ExactDecimal.zero
        for (assetID, position) in positions {
            let valuation = Valuation(position: position, latestPrice: prices[assetID])
            total += valuation.currentValue + valuation.realizedGain + valuation.costBasis + valuation.averageCost
        }
        return (total, positions.count)
    }
    print("load + compute all assets, run \(run)  \(seconds(since: start))   (\(count) assets, checksum \(total.rounded(places: 2).plainText))")
}

// What opening alone costs: the checks at open (SQLite's quick_check reads every page; the
// schema is compared with the one the migrations build). Included in the load runs above.
for run in 1...3 {
    let start = DispatchTime.now()
    _ = try AssetFlowStore(path: path)
    print("open with its checks, run \(run)       \(seconds(since: start))")
}

// The same figures replayed from the whole history (what a missing snapshot costs).
for run in 1...2 {
    let start = DispatchTime.now()
    let total = try AssetFlowStore(path: path).withSession(today: today) { session -> ExactDecimal in
        let groups = try session.allTransactionsByAsset()
        let prices = try session.latestPrices()
        var total = ExactDecimal.zero
        for (assetID, transactions) in groups {
            let valuation = Valuation(position: Position.of(transactions), latestPrice: prices[assetID])
            total += valuation.currentValue + valuation.realizedGain + valuation.costBasis + valuation.averageCost
        }
        return total
    }
    print("replay all 100,000 transactions, run \(run) \(seconds(since: start))   (checksum \(total.rounded(places: 2).plainText))")
}

// Where the time goes: reading and decoding rows, then folding them into positions.
try AssetFlowStore(path: path).withSession(today: today) { session in
    var start = DispatchTime.now()
    let groups = try session.allTransactionsByAsset()
    print("  of which: read + decode rows     \(seconds(since: start))")
    start = DispatchTime.now()
    for (_, transactions) in groups { _ = Position.of(transactions) }
    print("  of which: fold into positions    \(seconds(since: start))")
    start = DispatchTime.now()
    _ = try session.latestPrices()
    print("  of which: latest prices          \(seconds(since: start))")
}
print("peak memory                        \(String(repeating: " ", count: 2))\(peakMemoryMB())")
try runProjectionBenchmark()
