import Foundation

/// How much risk an investment plan accepts (Models-README "InvestmentPlan": veryLow … veryHigh).
/// Raw values are what scripts and the store use.
public enum RiskTolerance: String, CaseIterable, Sendable {
    case veryLow = "very_low"
    case low, moderate, high
    case veryHigh = "very_high"

    /// "Very Low", "Low", "Moderate", "High", "Very High".
    public var displayName: String {
        switch self {
        case .veryLow: "Very Low"
        case .low: "Low"
        case .moderate: "Moderate"
        case .high: "High"
        case .veryHigh: "Very High"
        }
    }

    /// Accepts the raw value, any case, with spaces or underscores ("Very High", "very_high").
    public static func parse(_ text: String) throws -> RiskTolerance {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "_")
        if let value = RiskTolerance(rawValue: key) { return value }
        if key == "verylow" { return .veryLow }
        if key == "veryhigh" { return .veryHigh }
        throw RuleViolation("Unknown risk tolerance '\(text)'. Use one of: \(allCases.map(\.rawValue).joined(separator: ", ")).")
    }
}

/// The life cycle of an investment plan.
public enum InvestmentPlanStatus: String, CaseIterable, Sendable {
    case active, paused, completed, cancelled

    public static func parse(_ text: String) throws -> InvestmentPlanStatus {
        if let value = InvestmentPlanStatus(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) { return value }
        throw RuleViolation("Unknown plan status '\(text)'. Use one of: \(allCases.map(\.rawValue).joined(separator: ", ")).")
    }
}

/// An investment goal with a deadline (BusinessLogic-Phases.md "Investment Plan Logic").
/// It stores no progress: the current amount is given to `InvestmentPlanProgress`.
///
/// Worked example:
///
///     let plan = InvestmentPlan(name: "House", targetAmount: 10000, monthlyContribution: 800,
///                               startDate: CalendarDate("2024-01-01")!, targetDate: CalendarDate("2025-01-01")!)
///     try plan.validate()   // passes; targetAmount 0 would throw "Target amount must be greater than zero."
public struct InvestmentPlan: Equatable, Sendable {
    public var id: Int64?
    public var name: String
    public var targetAmount: ExactDecimal
    public var monthlyContribution: ExactDecimal
    public var startDate: CalendarDate
    public var targetDate: CalendarDate
    public var riskTolerance: RiskTolerance
    public var status: InvestmentPlanStatus
    public var notes: String

    public init(id: Int64? = nil, name: String, targetAmount: ExactDecimal, monthlyContribution: ExactDecimal = 0,
                startDate: CalendarDate, targetDate: CalendarDate, riskTolerance: RiskTolerance = .moderate,
                status: InvestmentPlanStatus = .active, notes: String = "") {
        self.id = id
        self.name = name
        self.targetAmount = targetAmount
        self.monthlyContribution = monthlyContribution
        self.startDate = startDate
        self.targetDate = targetDate
        self.riskTolerance = riskTolerance
        self.status = status
        self.notes = notes
    }

    /// Name not empty (after trimming), target > 0, monthly contribution ≥ 0, target date
    /// after the start date.
    public func validate() throws {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw RuleViolation("Plan name cannot be empty.", rule: .required) }
        if targetAmount <= 0 { throw RuleViolation("Target amount must be greater than zero.", rule: .outOfRange) }
        if monthlyContribution < 0 { throw RuleViolation("Monthly contribution must be zero or greater.", rule: .outOfRange) }
        if targetDate <= startDate { throw RuleViolation("Target date must be after the start date.", rule: .outOfRange) }
    }
}
