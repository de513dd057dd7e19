import Testing
@testable import Core

/// `ExactSum` gives, whenever it is exact, the value and scale of the same terms added one by
/// one as `ExactDecimal`s; Modified Dietz through it equals Modified Dietz through decimals.
@Suite("ExactSum: sums as scaled integers, as the decimal additions give them")
struct ExactSumTests {
    /// A term of any size and scale: small amounts mostly, 120- to 128-bit units, the
    /// out-of-range state now and then.
    func term(_ r: inout SplitMix64) -> ExactDecimal {
        let scale = r.below(39)
        switch r.below(12) {
        case 0: return ExactDecimal(units: UInt128(r.next()) << 64 | UInt128(r.next()), scale: scale, negative: r.chance(50))
        case 1: return ExactDecimal(units: (UInt128(r.next()) << 64 | UInt128(r.next())) >> (1 + r.below(8)), scale: scale, negative: r.chance(50))
        case 2: return r.chance(20) ? .outOfRange(DecimalRangeError(.overflow, "a test term")) : 0
        default: return ExactDecimal(units: UInt128(r.below(100_000_000)), scale: r.below(9), negative: r.chance(40))
        }
    }

    @Test("random terms and counts: the same units, scale and sign as the decimal additions, or not exact",
          arguments: 0..<8)
    func sameAsDecimals(seed: Int) {
        var r = SplitMix64(seed: UInt64(seed) &+ 2_707)
        var exactRuns = 0
        for _ in 0..<400 {
            var sum = ExactSum(), reference = ExactDecimal.zero
            let length = r.below(60)
            let large = r.chance(30)
            for _ in 0..<length {
                let t = large ? term(&r) : ExactDecimal(units: UInt128(r.below(10_000_000)), scale: r.below(6), negative: r.chance(40))
                let count = r.chance(50) ? 1 : r.below(8_000)
                sum.add(t, times: count)
                reference += count == 1 ? t : ExactDecimal(count) * t
            }
            guard let value = sum.value else { continue }
            exactRuns += 1
            #expect(value == reference && value.scale == reference.scale && value.isNegative == reference.isNegative,
                    "\(value) (\(value.scale)) against \(reference) (\(reference.scale))")
        }
        #expect(exactRuns > 200)
    }

    @Test("Modified Dietz through the scaled sums equals Modified Dietz through decimals", arguments: 0..<6)
    func modifiedDietz(seed: Int) {
        var r = SplitMix64(seed: UInt64(seed) &+ 99)
        let from = CalendarDate("2010-01-01")!, to = CalendarDate("2024-12-31")!
        let totalDays = from.days(until: to)
        for _ in 0..<50 {
            let flows = (0..<r.below(300)).map { _ in
                CashFlow(date: from.adding(days: r.below(totalDays + 1)),
                         amount: ExactDecimal(units: UInt128(r.below(1_000_000_000)), scale: r.below(5), negative: r.chance(60)))
            }
            let begin = ExactDecimal(r.below(1_000_000)), end = ExactDecimal(r.below(3_000_000))
            let sums = Returns.dietzSums(flows, from: from, totalDays: totalDays)
            var net = ExactSum(), weighted = ExactSum()
            for f in flows { net.add(f.amount); weighted.add(f.amount, times: totalDays - from.days(until: f.date)) }
            #expect(net.value.map { "\($0) \($0.scale)" } == "\(sums.net) \(sums.net.scale)")
            #expect(weighted.value.map { "\($0) \($0.scale)" } == "\(sums.weighted) \(sums.weighted.scale)")
            let denominator = begin * ExactDecimal(totalDays) + sums.weighted
            let expected: ReturnFigure = denominator <= 0 ? Returns.modifiedDietz(begin: begin, end: end, flows: flows, from: from, to: to)
                : .value((end - begin - sums.net) * ExactDecimal(totalDays) / denominator)
            #expect(Returns.modifiedDietz(begin: begin, end: end, flows: flows, from: from, to: to) == expected)
        }
    }
}
