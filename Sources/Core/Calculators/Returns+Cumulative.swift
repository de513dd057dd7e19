import Foundation

extension Returns {
    /// Chains period returns geometrically: (1 + r₁)(1 + r₂)… − 1, exact.
    ///
    ///     Returns.cumulative([0.10, 0.05, -0.02])   // exactly 0.1319
    public static func cumulative(_ periodReturns: [ExactDecimal]) -> ExactDecimal {
        periodReturns.reduce(ExactDecimal(1)) { $0 * (1 + $1) } - 1
    }

    /// The running cumulative return after each period, with the 0 % origin first:
    /// [0.10, 0.05] gives [0, 0.10, 0.155].
    public static func cumulativeSeries(_ periodReturns: [ExactDecimal]) -> [ExactDecimal] {
        var factor = ExactDecimal(1)
        var series: [ExactDecimal] = [0]
        for r in periodReturns {
            factor *= 1 + r
            series.append(factor - 1)
        }
        return series
    }

    /// A cumulative series rebased to its first point: (1 + cᵢ) ÷ (1 + c₀) − 1, so that the
    /// first point is 0 % and each point is the return since it. Unavailable when the first
    /// point is −100 % (nothing left to measure from).
    ///
    ///     Returns.rebased([0.10, 0.21])   // [0, 0.1]
    public static func rebased(_ cumulativeReturns: [ExactDecimal]) -> Result<[ExactDecimal], RebaseError> {
        guard let first = cumulativeReturns.first else { return .success([]) }
        let base = 1 + first
        if base <= 0 { return .failure(RebaseError(message: "the first point is −100 % or below; nothing to rebase to")) }
        return .success(cumulativeReturns.map { (1 + $0) / base - 1 })
    }

    public struct RebaseError: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
