import Testing
@testable import Core

/// Division by 10^k through reciprocals (`PowerOfTenDivision`) against the processor's
/// division (`dividingFullWidth`, limb by limb).
@Suite("Division by a power of ten through its reciprocal")
struct PowerOfTenDivisionTests {
    static func reference(top: UInt64, middle: UInt64, bottom: UInt64, k: Int) -> (UInt128, UInt64) {
        let d = UInt64(truncatingIfNeeded: Pow10.of(k))
        let (q1, r1) = d.dividingFullWidth((high: top, low: middle))
        let (q0, r0) = d.dividingFullWidth((high: r1, low: bottom))
        return (UInt128(q1) << 64 | UInt128(q0), r0)
    }

    @Test("The tables: each shifted divisor is 10^k with its top bit set, each reciprocal ⌊(2^128 − 1) ÷ it⌋ − 2^64")
    func tables() {
        for k in 0...19 {
            let d = PowerOfTenDivision.normalized[k]
            #expect(d >> 63 == 1 && d >> PowerOfTenDivision.shifts[k] == UInt64(truncatingIfNeeded: Pow10.of(k)), "k = \(k)")
            let (q, _) = d.dividingFullWidth((high: ~d, low: .max))  // ⌊(2^128 − 1 − d·2^64) ÷ d⌋
            #expect(q == PowerOfTenDivision.reciprocals[k], "k = \(k)")
        }
    }

    @Test("1,000,000 seeded values at every k, with the edges: top limb just below 10^k, all ones, zeros")
    func matchesHardwareDivision() {
        var rng = SplitMix(seed: 1019)
        for round in 0..<1_000_000 {
            let k = 1 + round % 19
            let d = UInt64(truncatingIfNeeded: Pow10.of(k))
            var (top, middle, bottom) = (rng.next() % d, rng.next(), rng.next())
            switch round % 7 {
            case 0: top = d - 1
            case 1: (middle, bottom) = (.max, .max)
            case 2: top = 0
            case 3: (top, middle, bottom) = (d - 1, .max, .max)
            case 4: (middle, bottom) = (0, 0)
            default: break
            }
            let fast = PowerOfTenDivision.divide(top: top, middle: middle, bottom: bottom, byPowerOfTen: k)
            let slow = Self.reference(top: top, middle: middle, bottom: bottom, k: k)
            if fast.quotient != slow.0 || fast.remainder != slow.1 {
                Issue.record("(\(top), \(middle), \(bottom)) ÷ 10^\(k): \(fast) against \(slow)")
                return
            }
        }
    }
}
