import Foundation

/// A built-in return model as the simulation's inner loop sees it: the month's growth factor
/// from its normal and uniform draw. A type per model (not a closure), so that the loop is
/// compiled for each model with its arithmetic inlined, also inside the parts that run on
/// other threads.
protocol GrowthModel {
    /// Whether `growth` reads the uniform draw (else the uniforms are skipped, not computed).
    static var usesUniform: Bool { get }
    func growth(_ normal: Double, _ uniform: Double) -> Double
    /// `growth` of two runs' draws at once, each lane exactly as `growth` gives it.
    func growth(_ normal: SIMD2<Double>, _ uniform: SIMD2<Double>) -> SIMD2<Double>
}

extension GrowthModel {
    @inline(__always) func growth(_ z: SIMD2<Double>, _ u: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(growth(z[0], u[0]), growth(z[1], u[1]))
    }
}

/// monthly return = μm + σm × z.
struct NormalGrowth: GrowthModel {
    static let usesUniform = false
    let meanMonthly: Double
    let volatility: Double
    @inline(__always) func growth(_ z: Double, _ u: Double) -> Double { 1 + meanMonthly + volatility * z }
    /// The same operations in the same order: (1 + μm) + σm × z.
    @inline(__always) func growth(_ z: SIMD2<Double>, _ u: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(repeating: 1 + meanMonthly) + volatility * z
    }
}

/// growth factor = exp(drift + σm × z).
struct LognormalGrowth: GrowthModel {
    static let usesUniform = false
    let logDrift: Double
    let volatility: Double
    @inline(__always) func growth(_ z: Double, _ u: Double) -> Double { Foundation.exp(logDrift + volatility * z) }
}

/// A month of history drawn uniformly; `history` must outlive the simulation.
struct BootstrapGrowth: GrowthModel {
    static let usesUniform = true
    let history: UnsafeBufferPointer<Double>
    @inline(__always) func growth(_ z: Double, _ u: Double) -> Double { 1 + history[Int(Double(history.count) * u)] }
}
