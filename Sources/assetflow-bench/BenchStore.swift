import Core
import Foundation
import Store

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

/// The benchmark store: 50 assets in one portfolio ("Everything"), 5,000 business days of
/// prices from 2006 (250,000 records) and `transactions` buys and sells spread over them.
enum BenchStore {
    static let assetCount = 50, businessDays = 5_000

    /// Business days from 2006-01-02, weekends skipped.
    static let days: [CalendarDate] = {
        var days: [CalendarDate] = []
        var day = CalendarDate(year: 2006, month: 1, day: 2)!
        while days.count < businessDays {
            let weekday = (day.dayNumber + 4) % 7  // 1970-01-01 was a Thursday (4); 0 = Sunday
            if weekday != 0 && weekday != 6 { days.append(day) }
            day = day.adding(days: 1)
        }
        return days
    }()
    static var today: CalendarDate { days.last! }

    static func path(transactions: Int) -> String { NSTemporaryDirectory() + "assetflow-bench-\(transactions).sqlite" }

    /// The store with `transactions` transactions, generated unless a previous run left it.
    /// Returns the path and the seconds generation took (nil when reused).
    static func make(transactions: Int, reuse: Bool = true) throws -> (path: String, seconds: Double?) {
        let path = path(transactions: transactions)
        if reuse, FileManager.default.fileExists(atPath: path) { try warm(path); return (path, nil) }
        try? FileManager.default.removeItem(atPath: path)
        let start = DispatchTime.now()
        try generate(at: path, transactions: transactions)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        try warm(path)
        return (path, seconds)
    }

    /// Leaves the store as a user's is after any script that ran a timeline: a write
    /// transaction that reads a timeline writes the quantity checkpoints, and every write
    /// keeps the monthly price series whole (a no-op when they already are).
    static func warm(_ path: String) throws {
        try AssetFlowStore(path: path).withSession(today: today) { session in
            try session.begin()
            _ = try session.timeline(of: session.assets(), dates: [days[0], today])
            try session.commit()
        }
    }

    static func generate(at path: String, transactions transactionCount: Int) throws {
        let store = try AssetFlowStore(path: path)
        try store.withSession(today: today) { session in
            try session.begin()
            let portfolio = try session.createPortfolio(name: "Everything")
            var assetIDs: [Int64] = []
            for i in 0..<assetCount {
                var request = StoreSession.NewAsset(name: BenchDataSet.assetName(i), type: .stock)
                request.currency = "USD"
                request.portfolioID = portfolio.id
                assetIDs.append(try session.createAsset(request).id!)
            }
            try BenchDataSet.generate(transactions: transactionCount, price: { a, d, price in
                _ = try session.recordPrice(PricePoint(assetID: assetIDs[a], date: d, price: price))
            }, transaction: { a, type, d, q, price in
                _ = try session.record(Transaction(assetID: assetIDs[a], type: type, date: d, quantity: q, pricePerUnit: price, currency: "USD"))
            })
            try session.commit()
        }
    }
}

func secondsSince(_ start: DispatchTime) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }

func peakMemoryMB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// CPU seconds (user + system) of this process, or of its finished children: the figures
/// are CPU time, which a machine shared with other work inflates far less than wall time.
func cpuSeconds(children: Bool = false) -> Double {
    var usage = rusage()
    getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}
