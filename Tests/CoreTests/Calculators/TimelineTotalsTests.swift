import Testing
@testable import Core

/// `TimelineTotals` must give the totals of adding each asset's quantity × price as
/// `ExactDecimal`s one by one (the walk it replaced), value and scale, or say it cannot.
@Suite("Timeline totals as scaled integers")
struct TimelineTotalsTests {
    struct Asset {
        var quantityDays: [Int32] = [], quantities: [ExactDecimal] = []
        var recordedDays: [Int32] = [], recorded: [ExactDecimal] = []
        var tradeDays: [Int32] = [], trades: [ExactDecimal] = []
    }

    /// The walk as it was: the product taken again when a level changed, added when not zero.
    static func reference(_ assets: [Asset], days: [Int32]) -> [ExactDecimal] {
        var totals = [ExactDecimal](repeating: 0, count: days.count)
        for a in assets {
            var m = 0, r = 0, t = 0
            var quantity = ExactDecimal.zero, local = ExactDecimal.zero
            for (i, day) in days.enumerated() {
                while m < a.quantityDays.count, a.quantityDays[m] <= day { quantity = a.quantities[m]; m += 1 }
                while r < a.recordedDays.count, a.recordedDays[r] <= day { r += 1 }
                while t < a.tradeDays.count, a.tradeDays[t] <= day { t += 1 }
                let useTrade = t > 0 && (r == 0 || a.tradeDays[t - 1] > a.recordedDays[r - 1])
                local = quantity * (useTrade ? a.trades[t - 1] : r > 0 ? a.recorded[r - 1] : 0)
                if !local.isZero { totals[i] += local }
            }
        }
        return totals
    }

    static func totals(_ assets: [Asset], days: [Int32]) -> TimelineTotals {
        var sums = TimelineTotals(count: days.count)
        for a in assets {
            sums.addAsset(days: days, quantityDays: a.quantityDays, quantities: a.quantities, recordedDays: a.recordedDays, recorded: a.recorded,
                          tradeDays: a.tradeDays, trades: a.trades)
        }
        return sums
    }

    static func decimal(_ random: inout SplitMix64, maxUnits: UInt64, maxScale: Int, negative: Bool) -> ExactDecimal {
        let units = random.next() % (maxUnits + 1)
        let value = ExactDecimal(units: UInt128(units), scale: Int(random.next() % UInt64(maxScale + 1)), negative: negative && random.next() % 4 == 0)
        return value
    }

    /// Ascending days among `days`, each kept with probability 1/`every`.
    static func someDays(_ random: inout SplitMix64, _ days: ClosedRange<Int32>, every: UInt64) -> [Int32] {
        days.filter { _ in random.next() % every == 0 }
    }

    @Test("random histories: the same totals, digit for digit and scale for scale, as ExactDecimal sums")
    func sameAsExactDecimal() {
        var random = SplitMix64(seed: 27)
        var exact = 0
        defer { #expect(exact >= 200) }  // the comparison was not vacuous
        for round in 0..<300 {
            let days = Self.someDays(&random, 0...400, every: 1 + random.next() % 3)
            var assets: [Asset] = []
            for _ in 0..<(1 + Int(random.next() % 6)) {
                var a = Asset()
                let maxScale = Int(random.next() % 9), maxUnits: UInt64 = [9, 1_000, 10_000_000, 1 << 40][Int(random.next() % 4)]
                a.quantityDays = Self.someDays(&random, 0...420, every: 5)
                a.quantities = a.quantityDays.map { _ in Self.decimal(&random, maxUnits: maxUnits, maxScale: maxScale, negative: true) }
                a.recordedDays = Self.someDays(&random, 0...420, every: 2)
                a.recorded = a.recordedDays.map { _ in Self.decimal(&random, maxUnits: maxUnits, maxScale: maxScale, negative: false) }
                a.tradeDays = Self.someDays(&random, 0...420, every: 7)
                a.trades = a.tradeDays.map { _ in Self.decimal(&random, maxUnits: maxUnits, maxScale: maxScale, negative: false) }
                assets.append(a)
            }
            let sums = Self.totals(assets, days: days)
            guard sums.isExact else { continue }  // some values of 40 bits at 8 places leave 128 bits: the caller's path
            exact += 1
            let expected = Self.reference(assets, days: days), got = sums.totals()
            #expect(got == expected, "round \(round)")
            #expect(got.map { $0.scale } == expected.map { $0.scale }, "round \(round)")
            #expect(got.map { $0.plainText } == expected.map { $0.plainText }, "round \(round)")
        }
    }

    @Test("products that cancel leave a zero of the largest scale; no product leaves a zero of scale 0")
    func zeros() {
        var a = Asset(quantityDays: [1], quantities: [ExactDecimal(units: 250, scale: 2, negative: false)], recordedDays: [1], recorded: [4])  // 2.50 × 4
        var b = Asset(quantityDays: [1], quantities: [-10], recordedDays: [1], recorded: [1])
        let sums = Self.totals([a, b], days: [0, 1])
        #expect(sums.isExact)
        let totals: [ExactDecimal] = sums.totals()
        #expect(totals.map { $0.scale } == Self.reference([a, b], days: [0, 1]).map { $0.scale })
        #expect(totals.map { $0.scale } == [0, 2])
        a.recorded = [0]
        b.quantities = [0]
        #expect(Self.totals([a, b], days: [0, 1]).totals().map { $0.scale } == [0, 0])
    }

    @Test("beyond 128 bits or 38 places it says so, and the caller adds ExactDecimals")
    func notExact() {
        let big = ExactDecimal(units: UInt128(1) << 100, scale: 0, negative: false)
        let wide = Asset(quantityDays: [0], quantities: [big], recordedDays: [0], recorded: [big])
        #expect(!Self.totals([wide], days: [0]).isExact)
        let places = Asset(quantityDays: [0], quantities: [ExactDecimal(units: 1, scale: 20, negative: false)],
                           recordedDays: [0], recorded: [ExactDecimal(units: 3, scale: 19, negative: false)])
        #expect(!Self.totals([places], days: [0]).isExact)
        // Each fits, their sum at the common scale does not.
        let near = ExactDecimal(units: UInt128(1) << 62, scale: 0, negative: false)
        let a = Asset(quantityDays: [0], quantities: [near], recordedDays: [0], recorded: [near])
        let b = Asset(quantityDays: [0], quantities: [near], recordedDays: [0], recorded: [ExactDecimal(units: UInt128(1) << 62, scale: 2, negative: false)])
        #expect(!Self.totals([a, b], days: [0]).isExact)
        #expect(Self.totals([a], days: [0]).totals() == Self.reference([a], days: [0]))
    }
}
