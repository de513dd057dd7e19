import Foundation

/// One line of an allocation: a group (an asset type, an asset, a category) and its share.
public struct AllocationRow: Equatable, Sendable {
    public let key: String
    public let value: ExactDecimal
    /// Share of the total in percent, rounded to 2 decimals; the rows' percents sum to exactly 100.
    public let percent: ExactDecimal

    public init(key: String, value: ExactDecimal, percent: ExactDecimal) {
        self.key = key
        self.value = value
        self.percent = percent
    }
}

/// Allocation percentages (BusinessLogic-Phases.md "Asset Allocation Calculation"):
/// `percent = value ÷ total × 100`, rounded to 2 decimals by the largest-remainder method so
/// that the displayed percentages always add up to exactly 100.
///
/// Worked example (seeds' Example 4, by asset type):
///
///     Allocation.rows([("stock", 5000), ("crypto", 1500), ("bond", 2000), ("cash", 1500)])
///     // stock 5000 50, bond 2000 20, cash 1500 15, crypto 1500 15
///
/// Three equal values give 33.34 / 33.33 / 33.33: every share is first cut down to whole
/// hundredths of a percent, then the hundredths still missing go, one each, to the shares that
/// lost the most (ties: larger value first, then key).
///
/// - Entries with the same key are added together.
/// - Rows are sorted by value, largest first, then by key.
/// - A total of 0 or less (or no entries) gives no rows: never a division by zero.
public enum Allocation {
    public static func rows(_ entries: [(key: String, value: ExactDecimal)]) -> [AllocationRow] {
        var sums: [String: ExactDecimal] = [:]
        var order: [String] = []
        for entry in entries {
            if sums[entry.key] == nil { order.append(entry.key) }
            sums[entry.key, default: 0] += entry.value
        }
        let total = sums.values.reduce(ExactDecimal.zero, +)
        guard total > 0 else { return [] }

        let sorted = order.map { (key: $0, value: sums[$0]!) }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }

        // Work in hundredths of a percent: 100 % = 10 000 units.
        var units: [ExactDecimal] = []
        var remainders: [ExactDecimal] = []
        for entry in sorted {
            let exact = entry.value * 10000 / total
            let floor = exact.rounded(places: 0, mode: .down)
            units.append(floor)
            remainders.append(exact - floor)
        }
        let missing = 10000 - units.reduce(ExactDecimal.zero, +)
        var left = missing.truncatedInt
        if left > 0 {
            // Equal remainders keep the value-then-key order.
            let byRemainder = remainders.indices.sorted {
                remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1
            }
            for index in byRemainder where left > 0 {
                units[index] += 1
                left -= 1
            }
        }
        return sorted.indices.map { i in
            AllocationRow(key: sorted[i].key, value: sorted[i].value, percent: units[i] / 100)
        }
    }

    /// Convenience: the same from a dictionary.
    public static func rows(_ values: [String: ExactDecimal]) -> [AllocationRow] {
        rows(values.map { (key: $0.key, value: $0.value) })
    }
}
