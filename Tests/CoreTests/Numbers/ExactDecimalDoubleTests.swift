import Foundation
import Testing
@testable import Core

/// `doubleValue` for the decimals past the fast path (more than 53 bits of units or more than
/// 22 places), computed in integers: the same Double as parsing the decimal text.
@Suite("ExactDecimal to Double: the nearest binary float, as the text parses")
struct ExactDecimalDoubleTests {
    @Test("500,000 seeded values over the whole range, ties and near-ties included")
    func matchesTextParsing() {
        var rng = SplitMix(seed: 5353)
        for round in 0..<500_000 {
            var value = rng.anyDecimal()
            if round % 4 == 0 {
                // A Double's exact value (a tie or a near-tie after rounding to 53 bits): the
                // mantissa widened with a half unit, nudged by one unit of the decimal.
                let mantissa = UInt128(rng.next() >> 11 | 1 << 52) << 11 | 1 << 10
                let nudge = UInt128(rng.next() % 3)
                value = ExactDecimal(units: mantissa + nudge - 1, scale: Int(rng.next() % 39), isNegative: rng.next() & 1 == 0)!
            }
            let expected = Double(value.plainText)!
            #expect(value.doubleValue == expected, "\(value.plainText)")
            if value.doubleValue != expected { return }
        }
    }

    @Test("The edges: the largest units at every scale, one unit at every scale, powers of two")
    func edges() {
        for scale in 0...38 {
            for units in [UInt128.max, 1, UInt128(1) << 127, (UInt128(1) << 64) - 1, Pow10.of(scale), Pow10.of(38)] {
                let value = ExactDecimal(units: units, scale: scale, isNegative: false)!
                #expect(value.doubleValue == Double(value.plainText)!, "\(value.plainText)")
            }
        }
    }
}
