/// Division by 10^k (k in 1...19, a 64-bit divisor) by multiplication with a precomputed
/// reciprocal instead of the processor's division, which takes tens of cycles: the rounding
/// step of every slow sum, product and quotient divides by a power of ten (issue 27: about
/// 400,000 such divisions in a first `af.performance{}`).
///
/// The method is Möller and Granlund's division of two limbs by one normalized limb
/// ("Improved division by invariant integers", IEEE Transactions on Computers, 2011,
/// algorithm 4): the divisor shifted until its top bit is set, v = ⌊(2^128 − 1) ÷ divisor⌋ −
/// 2^64, then one full product, a few additions and at most two corrections a limb. The
/// quotient and remainder are exactly the division's (a test compares them).
enum PowerOfTenDivision {
    /// value ÷ 10^k for a value of three 64-bit limbs whose top limb is below 10^k (so the
    /// quotient fits in 128 bits), k in 1...19: quotient and remainder.
    @inline(__always)
    static func divide(top: UInt64, middle: UInt64, bottom: UInt64, byPowerOfTen k: Int) -> (quotient: UInt128, remainder: UInt64) {
        let s = UInt64(shifts[k]), d = normalized[k], v = reciprocals[k]
        // The value shifted as the divisor was: still below divisor × 2^128.
        let n2 = top << s | (s == 0 ? 0 : middle >> (64 - s))
        let n1 = middle << s | (s == 0 ? 0 : bottom >> (64 - s))
        let n0 = bottom << s
        let (q1, r1) = divideTwoLimbs(n2, n1, d, v)
        let (q0, r0) = divideTwoLimbs(r1, n0, d, v)
        return (UInt128(q1) << 64 | UInt128(q0), r0 >> s)
    }

    /// (u1·2^64 + u0) ÷ d for a normalized d (top bit set) and u1 < d, with v its reciprocal.
    @inline(__always)
    private static func divideTwoLimbs(_ u1: UInt64, _ u0: UInt64, _ d: UInt64, _ v: UInt64) -> (UInt64, UInt64) {
        let product = v.multipliedFullWidth(by: u1)
        let (low, carry) = product.low.addingReportingOverflow(u0)
        var q1 = product.high &+ u1 &+ 1 &+ (carry ? 1 : 0)
        var r = u0 &- q1 &* d
        if r > low {
            q1 &-= 1
            r &+= d
        }
        if r >= d {
            q1 &+= 1
            r &-= d
        }
        return (q1, r)
    }

    /// For 10^k, k in 0...19: the shift that sets its top bit, the shifted divisor and its
    /// reciprocal ⌊(2^128 − 1) ÷ shifted⌋ − 2^64 (k = 0 only fills the place).
    static let shifts: [UInt8] = [63, 60, 57, 54, 50, 47, 44, 40, 37, 34, 30, 27, 24, 20, 17, 14, 10, 7, 4, 0]
    static let normalized: [UInt64] = [
        0x8000000000000000, 0xA000000000000000, 0xC800000000000000,
        0xFA00000000000000, 0x9C40000000000000, 0xC350000000000000,
        0xF424000000000000, 0x9896800000000000, 0xBEBC200000000000,
        0xEE6B280000000000, 0x9502F90000000000, 0xBA43B74000000000,
        0xE8D4A51000000000, 0x9184E72A00000000, 0xB5E620F480000000,
        0xE35FA931A0000000, 0x8E1BC9BF04000000, 0xB1A2BC2EC5000000,
        0xDE0B6B3A76400000, 0x8AC7230489E80000,
    ]
    static let reciprocals: [UInt64] = [
        0xFFFFFFFFFFFFFFFF, 0x9999999999999999, 0x47AE147AE147AE14,
        0x0624DD2F1A9FBE76, 0xA36E2EB1C432CA57, 0x4F8B588E368F0846,
        0x0C6F7A0B5ED8D36B, 0xAD7F29ABCAF48578, 0x5798EE2308C39DF9,
        0x12E0BE826D694B2E, 0xB7CDFD9D7BDBAB7D, 0x5FD7FE17964955FD,
        0x19799812DEA11197, 0xC25C268497681C26, 0x6849B86A12B9B01E,
        0x203AF9EE756159B2, 0xCD2B297D889BC2B6, 0x70EF54646D496892,
        0x2725DD1D243ABA0E, 0xD83C94FB6D2AC34A,
    ]
}
