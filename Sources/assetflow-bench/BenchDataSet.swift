import Core
import Foundation

/// The benchmark's deterministic data (`BenchStore`'s days and assets): per asset a random
/// walk of prices in cents over every business day, then `transactionCount` buys and sells
/// spread over the days, sells never above holdings. `BenchStore` writes it into a store;
/// the import benchmark writes it as CSV files.
enum BenchDataSet {
    static func assetName(_ index: Int) -> String { "Asset \(index)" }

    /// Calls `price` for every price record (asset index, day, price), asset by asset, then
    /// `transaction` for every transaction (asset index, type, day, quantity, price).
    static func generate(transactions transactionCount: Int,
                         price: (Int, CalendarDate, ExactDecimal) throws -> Void,
                         transaction: (Int, TransactionType, CalendarDate, ExactDecimal, ExactDecimal) throws -> Void) rethrows {
        let assetCount = BenchStore.assetCount, businessDays = BenchStore.businessDays, days = BenchStore.days
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
