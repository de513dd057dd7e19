/// A 256-bit unsigned integer, only as wide as ExactDecimal's slow paths need: a product of
/// two 128-bit values, sums of two such, and division by a 128-bit value.
struct Wide: Equatable, Comparable {
    var high: UInt128
    var low: UInt128

    @inline(__always) init(high: UInt128, low: UInt128) { self.high = high; self.low = low }
    @inline(__always) init(_ value: UInt128) { self.init(high: 0, low: value) }

    /// The full product of two 128-bit values, from four 64-bit products (the standard
    /// library's generic `multipliedFullWidth` crashes for UInt128 in debug builds on Linux).
    @inline(__always) static func product(_ a: UInt128, _ b: UInt128) -> Wide {
        let aHigh = a >> 64, aLow = a & 0xFFFF_FFFF_FFFF_FFFF
        let bHigh = b >> 64, bLow = b & 0xFFFF_FFFF_FFFF_FFFF
        if aHigh == 0, bHigh == 0 { return Wide(high: 0, low: aLow * bLow) }
        let ll = aLow * bLow, lh = aLow * bHigh, hl = aHigh * bLow, hh = aHigh * bHigh
        // Middle column: the high half of ll plus the low halves of the cross products.
        let middle = (ll >> 64) + (lh & 0xFFFF_FFFF_FFFF_FFFF) + (hl & 0xFFFF_FFFF_FFFF_FFFF)
        let low = (middle << 64) | (ll & 0xFFFF_FFFF_FFFF_FFFF)
        let high = hh + (lh >> 64) + (hl >> 64) + (middle >> 64)
        return Wide(high: high, low: low)
    }

    var isZero: Bool { high == 0 && low == 0 }

    static func < (a: Wide, b: Wide) -> Bool { a.high != b.high ? a.high < b.high : a.low < b.low }

    /// The sum, nil on overflow past 2^256.
    func adding(_ other: Wide) -> Wide? {
        let (low, carry) = low.addingReportingOverflow(other.low)
        let (high1, o1) = high.addingReportingOverflow(other.high)
        let (high2, o2) = high1.addingReportingOverflow(carry ? 1 : 0)
        return o1 || o2 ? nil : Wide(high: high2, low: low)
    }

    /// The difference; `other` must not exceed self.
    func subtracting(_ other: Wide) -> Wide {
        let (low, borrow) = low.subtractingReportingOverflow(other.low)
        return Wide(high: high - other.high - (borrow ? 1 : 0), low: low)
    }

    /// The product with a 128-bit factor, nil on overflow past 2^256.
    func multiplied(by factor: UInt128) -> Wide? {
        let lowPart = Wide.product(low, factor)
        let highPart = Wide.product(high, factor)
        guard highPart.high == 0 else { return nil }
        let (high, overflow) = highPart.low.addingReportingOverflow(lowPart.high)
        return overflow ? nil : Wide(high: high, low: lowPart.low)
    }

    /// Quotient and remainder by a nonzero 128-bit divisor.
    /// (The standard library's generic `dividingFullWidth` crashes for UInt128 in debug
    /// builds on Linux, so this divides by 64-bit limbs or bit by bit.)
    func divided(by divisor: UInt128) -> (quotient: Wide, remainder: UInt128) {
        if divisor >> 64 == 0 { return divided(bySmall: UInt64(truncatingIfNeeded: divisor)) }
        let qHigh = high / divisor
        var r = high % divisor, qLow: UInt128 = 0
        // Shift-subtract over the low 128 bits: r stays below the divisor (< 2^128), and a
        // carry out of the shift means r exceeds it.
        var bit = 127
        while bit >= 0 {
            let carry = r >> 127 != 0
            r = (r << 1) | ((low >> UInt128(bit)) & 1)
            qLow <<= 1
            if carry || r >= divisor { r &-= divisor; qLow |= 1 }
            bit -= 1
        }
        return (Wide(high: qHigh, low: qLow), r)
    }

    /// Division by a 64-bit divisor, limb by limb (one hardware division each; leading zero
    /// limbs, the usual case of a value just past 128 bits, need none).
    func divided(bySmall divisor: UInt64) -> (quotient: Wide, remainder: UInt128) {
        let limbs = (UInt64(truncatingIfNeeded: high >> 64), UInt64(truncatingIfNeeded: high),
                     UInt64(truncatingIfNeeded: low >> 64), UInt64(truncatingIfNeeded: low))
        var r: UInt64 = 0
        @inline(__always) func step(_ limb: UInt64) -> UInt64 {
            if r == 0, limb < divisor { r = limb; return 0 }
            let (q, rest) = divisor.dividingFullWidth((high: r, low: limb))
            r = rest
            return q
        }
        let q0 = step(limbs.0), q1 = step(limbs.1), q2 = step(limbs.2), q3 = step(limbs.3)
        return (Wide(high: UInt128(q0) << 64 | UInt128(q1), low: UInt128(q2) << 64 | UInt128(q3)), UInt128(r))
    }

    /// Divided by 10^n (any n), truncating; `sticky` is set when a nonzero digit was dropped.
    func droppingDigits(_ n: Int, sticky: inout Bool) -> Wide {
        var value = self, left = n
        while left > 0, !value.isZero {
            let step = min(left, 19)  // 10^19 fits in 64 bits: the fast division
            let (q, r) = value.divided(by: Pow10.of(step))
            if r != 0 { sticky = true }
            value = q
            left -= step
        }
        if left > 0 { return Wide(0) }
        return value
    }

    /// Decimal digits (0 for zero): as `ExactDecimal.digitCount`, from the bit length and one
    /// comparison with a power of ten.
    var digitCount: Int {
        if high == 0 { return ExactDecimal.digitCount(low) }
        let bits = 256 - high.leadingZeroBitCount
        let estimate = (bits &* 1233) >> 12  // 39...77
        return self >= Wide.power(estimate) ? estimate + 1 : estimate
    }

    /// 10^n for n in 0...77 (10^77 < 2^256).
    static func power(_ n: Int) -> Wide {
        if n <= 38 { return Wide(Pow10.of(n)) }
        if n <= 76 { return product(Pow10.of(38), Pow10.of(n - 38)) }
        return product(Pow10.of(38), Pow10.of(38)).multiplied(by: 10)!
    }
}
