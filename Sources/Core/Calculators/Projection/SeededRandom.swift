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

    /// Uniform in (0, 1): 53 random bits, never exactly 0.
    public mutating func uniform() -> Double {
        (Double(next() >> 11) + 0.5) * 0x1.0p-53
    }

    /// A standard normal draw (Marsaglia's polar method: a point drawn uniformly in the unit
    /// disc gives two normals from one logarithm and one square root, with no sine or cosine;
    /// the second value of each pair is kept for the next call).
    public mutating func normal(spare: inout Double?) -> Double {
        if let s = spare { spare = nil; return s }
        while true {
            let x = 2 * uniform() - 1
            let y = 2 * uniform() - 1
            let s = x * x + y * y
            guard s < 1, s > 0 else { continue }   // outside the disc (about 21 % of points): draw again
            let factor = (-2 * Foundation.log(s) / s).squareRoot()
            spare = y * factor
            return x * factor
        }
    }

    /// A uniform index in 0..<count.
    public mutating func index(below count: Int) -> Int { Int(next() % UInt64(count)) }
}
