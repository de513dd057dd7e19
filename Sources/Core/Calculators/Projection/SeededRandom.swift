import Foundation

/// SplitMix64: a small, fast generator with a 64-bit seed. The same seed gives the same
/// sequence on every platform, so a Monte Carlo run is reproducible.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An integer in 0..<n from one draw (`next() % n`: a modulo bias far below what
    /// generated test and benchmark data can notice, and the same sequence everywhere).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// True with a chance of `percent` in 100, from one draw.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// Moves past one draw without computing it: the state is a counter, so skipping a
    /// draw nobody reads leaves every later draw as it was.
    mutating func skip() { state &+= 0x9E37_79B9_7F4A_7C15 }

    /// Moves past `draws` draws (back, when negative) without computing them.
    @inline(__always)
    mutating func skip(_ draws: Int) { state &+= UInt64(bitPattern: Int64(draws)) &* 0x9E37_79B9_7F4A_7C15 }

    /// Uniform in (0, 1): 53 random bits, never exactly 0.
    public mutating func uniform() -> Double { Self.unit(next()) }

    /// The uniform of a draw's bits: with k the top 53 bits, (k + 0.5) × 2⁻⁵³.
    @inline(__always)
    static func unit(_ bits: UInt64) -> Double { (Double(bits >> 11) + 0.5) * 0x1.0p-53 }

    /// A standard normal draw (Marsaglia's polar method: a point drawn uniformly in the unit
    /// disc gives two normals from one logarithm and one square root, with no sine or cosine;
    /// the second value of each pair is kept for the next call).
    public mutating func normal(spare: inout Double?) -> Double {
        if let s = spare { spare = nil; return s }
        let (x, y, s) = polarPoint()
        let factor = Self.polarFactor(s, logarithm: Foundation.log(s))
        spare = y * factor
        return x * factor
    }

    /// `uniform()` by another formula with the same result for every draw (see `unitFromOdd`).
    @inline(__always)
    mutating func uniformFromOdd() -> Double { Self.unitFromOdd(next()) }

    /// `unit(bits)` by another formula: (2k + 1) × 2⁻⁵⁴ instead of (k + 0.5) × 2⁻⁵³. Rounding
    /// to a Double commutes with halving, so both round k + 0.5 the same way, ties included.
    @inline(__always)
    static func unitFromOdd(_ bits: UInt64) -> Double { Double((bits >> 10) | 1) * 0x1.0p-54 }

    /// The polar method's point: uniform in the unit disc (without its centre), and x² + y².
    ///
    /// y's draw goes through `uniformFromOdd`: with the two draws written alike, the optimizer
    /// pairs them in SSE2 vector registers, where 64-bit multiplication is emulated, and the
    /// point took 1.6 times as long (measured on this loop).
    @inline(__always)
    mutating func polarPoint() -> (x: Double, y: Double, s: Double) {
        while true {
            let x = 2 * uniform() - 1
            let y = 2 * uniformFromOdd() - 1
            let s = x * x + y * y
            guard s < 1, s > 0 else { continue }   // outside the disc (about 21 % of points): draw again
            return (x, y, s)
        }
    }

    /// What the polar method multiplies a point's coordinates by to make them normals, given
    /// `log(s)`. The root's argument is never negative (0 < s < 1); `magnitude` says so, which
    /// spares the C library's errno path and lets a loop of these use SIMD square roots.
    @inline(__always)
    static func polarFactor(_ s: Double, logarithm: Double) -> Double { (-2 * logarithm / s).magnitude.squareRoot() }

    /// A uniform index in 0..<count.
    public mutating func index(below count: Int) -> Int { Int(next() % UInt64(count)) }
}
