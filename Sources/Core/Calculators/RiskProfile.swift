import Foundation

/// Suggested allocations by risk level (BusinessLogic-Phases.md "Risk Tolerance Mapping"),
/// keyed by risk class: "stock", "bond", "cash", "alternatives".
///
/// | profile      | stock | bond | cash | alternatives |
/// | ------------ | ----- | ---- | ---- | ------------ |
/// | conservative |  30   |  60  |  10  |      –       |
/// | moderate     |  60   |  30  |  10  |      –       |
/// | aggressive   |  80   |   –  |   5  |     15       |
///
/// Worked example:
///
///     let report = try RiskProfile.moderate.deviation(from: [("stock", 7000), ("bond", 2000), ("cash", 1000)])
///     // stock 70 vs 60 → +10 red; bond 20 vs 30 → -10 red; cash 10 vs 10 → 0 green
///
/// Asset types map to risk classes with `riskClass(of:)`: stock, ETF and mutual fund →
/// "stock"; bond → "bond"; cash → "cash"; crypto, real estate, commodity and other →
/// "alternatives" (a heuristic: a fund's real content is not known).
public enum RiskProfile: String, CaseIterable, Sendable {
    case conservative, moderate, aggressive

    public static let stock = "stock"
    public static let bond = "bond"
    public static let cash = "cash"
    public static let alternatives = "alternatives"

    /// The suggested allocation in percent; sums to 100.
    public var targetAllocation: [String: ExactDecimal] {
        switch self {
        case .conservative: [RiskProfile.bond: 60, RiskProfile.stock: 30, RiskProfile.cash: 10]
        case .moderate: [RiskProfile.stock: 60, RiskProfile.bond: 30, RiskProfile.cash: 10]
        case .aggressive: [RiskProfile.stock: 80, RiskProfile.alternatives: 15, RiskProfile.cash: 5]
        }
    }

    /// The profile for an investment plan's risk tolerance: very low and low → conservative,
    /// moderate → moderate, high and very high → aggressive.
    public init(tolerance: RiskTolerance) {
        switch tolerance {
        case .veryLow, .low: self = .conservative
        case .moderate: self = .moderate
        case .high, .veryHigh: self = .aggressive
        }
    }

    /// The profile named `name`: conservative, moderate, aggressive, or a risk tolerance
    /// (very_low … very_high) mapped to one. Any other name is an error listing them.
    public static func named(_ name: String) throws -> RiskProfile {
        if let profile = RiskProfile(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) { return profile }
        guard let tolerance = try? RiskTolerance.parse(name) else {
            let profiles = allCases.map(\.rawValue)
            let names = (profiles + RiskTolerance.allCases.map(\.rawValue).filter { !profiles.contains($0) }).joined(separator: ", ")
            throw RuleViolation("Unknown risk profile '\(name)'. Use one of: \(names).", rule: .unknownValue)
        }
        return RiskProfile(tolerance: tolerance)
    }

    /// The risk class an asset type counts towards.
    public static func riskClass(of type: AssetType) -> String {
        switch type {
        case .stock, .etf, .mutualFund: stock
        case .bond: bond
        case .cash: cash
        case .crypto, .realEstate, .commodity, .other: alternatives
        }
    }

    /// Deviation of an allocation (rows keyed by risk class) from this profile, through `Drift`.
    public func deviation(from actual: [AllocationRow]) throws -> DriftReport {
        try Drift.compare(actual: actual, targets: targetAllocation)
    }

    /// The same from values keyed by risk class.
    public func deviation(from values: [(key: String, value: ExactDecimal)]) throws -> DriftReport {
        try Drift.compare(values: values, targets: targetAllocation)
    }

    /// The same from values by asset type, grouped into risk classes first.
    public func deviation(fromTypeValues values: [(type: AssetType, value: ExactDecimal)]) throws -> DriftReport {
        try deviation(from: values.map { (key: RiskProfile.riskClass(of: $0.type), value: $0.value) })
    }
}
