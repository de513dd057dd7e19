import Testing
@testable import Core

/// The performance ledger's values at its boundary dates, added as scaled integers
/// (`ExactChangeSums`), against the `ExactDecimal` additions one by one (`decimalValues`): the
/// same value and the same scale for every date, and the `ExactDecimal` walk whenever the
/// integers would not hold the figures.
@Suite("Performance values: scaled integers equal the decimal additions")
struct ExactChangeSumsTests {
    typealias Random = SplitMix64

    /// Value, scale and sign: what a report prints.
    static func shape(_ values: [ExactDecimal]) -> [String] { values.map { "\($0.units) \($0.scale) \($0.isNegative)" } }

    @Test("random histories and scopes, every boundary date of several periods", arguments: 0..<12)
    func ledgers(seed: Int) {
        let assets = 3 + seed % 6
        let h = PerformanceEquivalenceTests.history(seed: UInt64(seed) &* 4_441 &+ 5, assets: assets, transactions: 60 + seed * 10)
        var random = Random(seed: UInt64(seed) &+ 17)
        let all = Set(1...Int64(assets))
        let first = CalendarDate("2019-01-01")!, last = h.transactions.map(\.date).max() ?? first
        for scope in [all, [1], Set(all.filter { _ in random.chance(50) })] where !scope.isEmpty {
            let ledger = PerformanceLedger(PerformanceRecords(PerformanceEquivalenceTests.input(h, scope: scope)))
            for (from, to) in [(first.adding(days: -3), last.adding(days: 3)), (first.adding(days: 40 + random.below(90)), last), (last, last)] {
                let dates = ledger.boundaries(from: from, to: to)
                #expect(Self.shape(ledger.values(on: dates)) == Self.shape(ledger.decimalValues(on: dates)), "seed \(seed) scope \(scope.sorted()) \(from)…\(to)")
            }
        }
    }

    @Test("long decimals, zero differences, large and out-of-range products: equal figures or the decimal walk")
    func extremes() {
        var random = Random(seed: 2_027)
        var exactRuns = 0, fallbacks = 0
        for _ in 0..<2_000 {
            let count = 1 + random.below(6)
            var sums = ExactChangeSums(count: count)
            var changes = [ExactDecimal](repeating: 0, count: count)
            let extreme = random.chance(40)
            // Chained changes start where the one before ended: its product is reused.
            var previous: (quantity: ExactDecimal, price: ExactDecimal)?
            sums.addingChanges { adder in
                for _ in 0..<(1 + random.below(12)) {
                    let slot = random.below(count)
                    let (q1, p1) = (Self.decimal(&random, extreme), Self.decimal(&random, extreme))
                    var (q0, p0) = (Self.decimal(&random, extreme), Self.decimal(&random, extreme))
                    let same = random.chance(15)  // a difference of 0 still raises the slot's scale
                    if same { (q0, p0) = (q1, p1) }
                    let chained = !same && previous != nil && random.chance(50)
                    if chained, let previous { (q0, p0) = previous }
                    adder.add(at: slot, q1, p1, minus: q0, p0, chained: chained)
                    changes[slot] += q1 * p1 - q0 * p0
                    previous = (q1, p1)
                }
            }
            var total = ExactDecimal.zero
            let expected = changes.map { total += $0; return total }
            if let totals = sums.runningTotals() {
                exactRuns += 1
                #expect(Self.shape(totals) == Self.shape(expected), "\(changes)")
            } else {
                fallbacks += 1
            }
        }
        #expect(exactRuns > 500 && fallbacks > 100, "exact \(exactRuns), fallbacks \(fallbacks)")
    }

    /// Money-shaped (zero or negative now and then); when `extreme`, also 20–38 places and
    /// 30-odd digits.
    static func decimal(_ random: inout Random, _ extreme: Bool) -> ExactDecimal {
        switch extreme ? random.below(10) : 4 + random.below(6) {
        case 0: return 0
        case 1: return ExactDecimal(units: UInt128(random.next()) << 40 | UInt128(random.next()), scale: 20 + random.below(19), isNegative: random.chance(30))!
        case 2: return ExactDecimal(1 + random.below(1000)) / ExactDecimal(3 + random.below(50))  // a rounded quotient: 38 digits
        case 3: return ExactDecimal(units: UInt128(random.next()) << 60, scale: random.below(6), isNegative: false)!
        default: return random.chance(8) ? 0 : random.decimal(100_000, places: 6) * (random.chance(20) ? -1 : 1)
        }
    }
}
