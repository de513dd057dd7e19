import Testing
@testable import Core

/// `trimmed` (trailing zeros found by the bits and the powers of five's inverses) against
/// `normalized` (one division by ten a zero): the same units, places and sign.
@Suite("ExactDecimal.trimmed against normalized")
struct ExactDecimalTrimmingTests {
    static func same(_ x: ExactDecimal, _ y: ExactDecimal) -> Bool {
        x.units == y.units && x.scale == y.scale && x.isNegative == y.isNegative
    }

    @Test("The tables: 5^k × inverse is 1 and the limit is the largest multiple's quotient, for k in 0...38")
    func tables() {
        var power: UInt128 = 1
        for k in 0...38 {
            #expect(power &* PowersOfFive.inverse(k) == 1, "k = \(k)")
            #expect(PowersOfFive.limit(k) == UInt128.max / power, "k = \(k)")
            if k < 38 { power *= 5 }
        }
    }

    @Test("On 300,000 seeded values, many of them a number times a power of ten, at every scale")
    func matchesNormalized() {
        var rng = SplitMix(seed: 2727)
        for round in 0..<300_000 {
            let value: ExactDecimal
            if round % 2 == 0 {
                // A few significant digits followed by zeros, as a cost basis's exact change.
                let digits = UInt128(rng.next() % 10_000_000) + (round % 6 == 0 ? 0 : 1)
                let zeros = Int(rng.next() % 39)
                let units = digits.multipliedReportingOverflow(by: Pow10.of(zeros))
                guard !units.overflow else { continue }
                value = ExactDecimal(units: units.partialValue, scale: Int(rng.next() % 39), isNegative: rng.next() & 1 == 0)!
            } else {
                value = rng.anyDecimal()
            }
            #expect(Self.same(value.trimmed, value.normalized), "\(value) (units \(value.units), scale \(value.scale))")
        }
    }

    @Test("Edges: zero at any scale, the largest units, powers of ten past the scale, the out-of-range state")
    func edges() {
        for scale in 0...38 {
            for units in [0, 1, 10, Pow10.of(scale), Pow10.of(38), UInt128.max, UInt128.max / 10 * 10, UInt128(1) << 127] {
                let value = ExactDecimal(units: units, scale: scale, isNegative: false)!
                #expect(Self.same(value.trimmed, value.normalized), "\(units) at scale \(scale)")
            }
        }
        #expect(Self.same(ExactDecimal(units: 0, scale: 12, isNegative: false)!.trimmed, .zero))
        let outOfRange = ExactDecimal.greatestFiniteMagnitude + 1
        #expect(outOfRange.trimmed.isOutOfRange)
    }
}
