import Foundation

/// Long-run return and volatility assumed per risk class, used only when a projection is
/// given no `annual_return` / `volatility` of its own. They are assumptions, not forecasts:
///
/// | class        | return | volatility |
/// | ------------ | ------ | ---------- |
/// | stock        | 7 %    | 16 %       |
/// | bond         | 3 %    | 6 %        |
/// | cash         | 1.5 %  | 1 %        |
/// | alternatives | 5 %    | 20 %       |
///
/// A risk profile's figures are the allocation-weighted averages (weighting the volatilities
/// too assumes the classes move together: a cautious, wider range). Moderate (60/30/10):
/// 5.25 % return, 11.5 % volatility.
public enum MarketAssumptions {
    public static let classes: [String: (annualReturn: ExactDecimal, volatility: ExactDecimal)] = [
        RiskProfile.stock: (ExactDecimal(string: "0.07")!, ExactDecimal(string: "0.16")!),
        RiskProfile.bond: (ExactDecimal(string: "0.03")!, ExactDecimal(string: "0.06")!),
        RiskProfile.cash: (ExactDecimal(string: "0.015")!, ExactDecimal(string: "0.01")!),
        RiskProfile.alternatives: (ExactDecimal(string: "0.05")!, ExactDecimal(string: "0.20")!),
    ]

    /// Weighted return and volatility of an allocation by risk class (percents).
    public static func blend(_ allocation: [String: ExactDecimal]) -> (annualReturn: ExactDecimal, volatility: ExactDecimal) {
        var r: ExactDecimal = 0, v: ExactDecimal = 0, sum: ExactDecimal = 0
        for (key, percent) in allocation {
            guard let a = classes[key] else { continue }
            r += a.annualReturn * percent
            v += a.volatility * percent
            sum += percent
        }
        guard sum > 0 else { return (0, 0) }
        return (r / sum, v / sum)
    }

    public static func of(_ profile: RiskProfile) -> (annualReturn: ExactDecimal, volatility: ExactDecimal) {
        blend(profile.targetAllocation)
    }
}
