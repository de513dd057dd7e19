import Core
import Foundation

/// The benchmark's deterministic data set: 50 assets, 5,000 business days of prices
/// (250,000 records, a random walk in cents) and 100,000 buys and sells spread over the
/// days, sells never above holdings. The load benchmark writes it into a store; the
/// import benchmark writes it as CSV files.
struct BenchDataSet {
    static let assetCount = 50, businessDays = 5_000, transactionCount = 100_000

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

    static func assetName(_ index: Int) -> String { "Asset \(index)" }

    /// Calls `price` for every price record (asset index, day, price), asset by asset, then
    /// `transaction` for every transaction (asset index, type, day, quantity, price).
    static func generate(price: (Int, CalendarDate, ExactDecimal) throws -> Void,
                         transaction: (Int, TransactionType, CalendarDate, ExactDecimal, ExactDecimal) throws -> Void) rethrows {
        var random = SplitMix64(state: 42)
        for a in 0..<assetCount {
            var cents = 5_000 + a * 100
            for d in days {
                cents = max(100, cents + random.below(201) - 100)
                try price(a, d, ExactDecimal(cents) / 100)
            }
        }
        var held = [Int](repeating: 0, count: assetCount)
        for n in 0..<transactionCount {
            let a = random.below(assetCount)
            let d = days[n * businessDays / transactionCount]
            let price = ExactDecimal(1_000 + random.below(9_000)) / 100
            if held[a] > 10, random.below(3) == 0 {
                let q = 1 + random.below(held[a] / 2)
                held[a] -= q
                try transaction(a, .sell, d, ExactDecimal(q), price)
            } else {
                let q = 1 + random.below(20)
                held[a] += q
                try transaction(a, .buy, d, ExactDecimal(q), price)
            }
        }
    }
}
