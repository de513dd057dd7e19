import Foundation

extension Returns {
    /// Growth rate: (end − begin) ÷ begin, exact. It includes deposits and withdrawals:
    /// 100 growing to 150 after a 40 deposit is 0.5 growth but only a 10 % return.
    ///
    ///     Returns.growth(begin: 100_000, end: 110_000)   // 0.1
    public static func growth(begin: ExactDecimal, end: ExactDecimal) -> ReturnFigure {
        if begin.isZero { return .unavailable(Reason.startValueZero) }
        if begin < 0 { return .unavailable(Reason.startValueNegative) }
        return .value((end - begin) / begin)
    }
}
