import Foundation

/// How often a regular saving plan invests.
public enum SavingFrequency: String, CaseIterable, Sendable {
    case daily, weekly, biweekly, monthly

    public static func parse(_ text: String) throws -> SavingFrequency {
        if let value = SavingFrequency(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) { return value }
        throw RuleViolation("Unknown frequency '\(text)'. Use one of: \(allCases.map(\.rawValue).joined(separator: ", ")).")
    }
}

/// Whether a due occurrence is recorded by the application or only reminded.
public enum SavingExecutionMethod: String, CaseIterable, Sendable {
    /// The transactions are created on the due date.
    case automatic
    /// The user is reminded and records the transaction.
    case manual

    public static func parse(_ text: String) throws -> SavingExecutionMethod {
        if let value = SavingExecutionMethod(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) { return value }
        throw RuleViolation("Unknown execution method '\(text)'. Use one of: \(allCases.map(\.rawValue).joined(separator: ", ")).")
    }
}

/// A recurring investment (BusinessLogic.md "Regular Saving Plan"): `amount` of currency
/// goes into the asset `assetID` at every due date, paid from `sourceAssetID` (a swap: sell
/// the source, buy the asset) or, when nil, from outside (a transfer in).
/// The schedule itself is in `SavingPlanSchedule.swift`.
///
/// Worked example:
///
///     let plan = RegularSavingPlan(name: "Monthly S&P 500", assetID: 1, sourceAssetID: 2, amount: 500,
///                                  frequency: .monthly, startDate: CalendarDate("2025-01-31")!)
///     plan.nextDueDate   // 2025-01-31 (defaults to the start date)
///     plan.dayOfMonth    // 31        (monthly plans default to the start date's day)
///     try plan.validate()
public struct RegularSavingPlan: Equatable, Sendable {
    public var id: Int64?
    public var name: String
    /// The asset bought; nil once that asset was deleted (Models-README: nullify), and
    /// then the plan does not run.
    public var assetID: Int64?
    /// The asset paid with, or nil for money from outside the portfolio (a transfer in);
    /// a deleted source also leaves nil, so the plan runs on as a transfer in.
    public var sourceAssetID: Int64?
    /// Currency amount per occurrence.
    public var amount: ExactDecimal
    public var frequency: SavingFrequency
    public var startDate: CalendarDate
    /// The first occurrence not yet executed.
    public var nextDueDate: CalendarDate
    public var executionMethod: SavingExecutionMethod
    public var isActive: Bool
    /// For monthly plans: the day of the month to invest on (1…31; a month without that day
    /// uses its last day). Nil for the other frequencies.
    public var dayOfMonth: Int?

    public init(id: Int64? = nil, name: String, assetID: Int64?, sourceAssetID: Int64? = nil, amount: ExactDecimal,
                frequency: SavingFrequency, startDate: CalendarDate, nextDueDate: CalendarDate? = nil,
                executionMethod: SavingExecutionMethod = .manual, isActive: Bool = true, dayOfMonth: Int? = nil) {
        self.id = id
        self.name = name
        self.assetID = assetID
        self.sourceAssetID = sourceAssetID
        self.amount = amount
        self.frequency = frequency
        self.startDate = startDate
        self.nextDueDate = nextDueDate ?? startDate
        self.executionMethod = executionMethod
        self.isActive = isActive
        self.dayOfMonth = dayOfMonth ?? (frequency == .monthly ? startDate.day : nil)
    }

    public static let assetRequiredMessage = "A saving plan needs an asset to buy."

    /// The plan's own rules: an asset, a name, an amount above zero, a day of month in
    /// 1…31, a next due date not before the start, and a source different from the asset
    /// bought.
    public func validate() throws {
        if assetID == nil { throw RuleViolation(Self.assetRequiredMessage, rule: .required) }
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw RuleViolation("Saving plan name cannot be empty.", rule: .required)
        }
        if amount <= 0 { throw RuleViolation("Saving plan amount must be greater than zero.", rule: .outOfRange) }
        if let dayOfMonth, !(1...31).contains(dayOfMonth) {
            throw RuleViolation("Day of month must be between 1 and 31, not \(dayOfMonth).", rule: .outOfRange)
        }
        if nextDueDate < startDate { throw RuleViolation("Next due date cannot be before the start date.", rule: .outOfRange) }
        if let sourceAssetID, sourceAssetID == assetID {
            throw RuleViolation("The source asset must be different from the asset being bought.", rule: .notAllowed)
        }
    }

    /// The source must hold enough to pay one occurrence: `available` is its balance in the
    /// plan's currency (for a cash source, its quantity).
    public func validateSourceBalance(available: ExactDecimal) throws {
        if available < amount {
            throw RuleViolation("The source asset balance (\(available.plainText)) is not enough to cover the plan amount (\(amount.plainText)).", rule: .insufficientHoldings)
        }
    }
}
