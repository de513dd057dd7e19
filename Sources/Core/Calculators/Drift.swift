import Foundation

/// How far a group is from its target (BusinessLogic-Phases.md "Target Allocation vs Actual").
public enum DriftStatus: String, CaseIterable, Sendable {
    /// |difference| ≤ 2 percentage points: within tolerance.
    case green
    /// 2 < |difference| ≤ 5: minor deviation.
    case yellow
    /// |difference| > 5: significant deviation.
    case red
}

/// One group's actual share against its target, both in percent.
public struct DriftRow: Equatable, Sendable {
    public let key: String
    public let actual: ExactDecimal
    public let target: ExactDecimal
    /// actual − target: positive = over-allocated, negative = under-allocated.
    public let difference: ExactDecimal
    public let status: DriftStatus

    public init(key: String, actual: ExactDecimal, target: ExactDecimal) {
        self.key = key
        self.actual = actual
        self.target = target
        difference = actual - target
        status = Drift.status(for: actual - target)
    }
}

/// The comparison of an allocation with its targets.
public struct DriftReport: Equatable, Sendable {
    public let rows: [DriftRow]
    /// Σ of the targets, in percent.
    public let targetsSum: ExactDecimal
    /// Set when at least one target exists and the targets do not add up to 100
    /// ("Target allocations sum to 90% instead of 100%."). A warning only: the rows are still computed.
    public let targetsWarning: String?
}

/// Target vs actual allocation, with the seeds' colour bands.
///
/// Worked example (seeds' Example 4, targets stock 60 / bond 20 / cash 20):
///
///     let actual = Allocation.rows([("stock", 5000), ("bond", 2000), ("cash", 1500), ("crypto", 1500)])
///     let report = try Drift.compare(actual: actual, targets: ["stock": 60, "bond": 20, "cash": 20])
///     // stock  50 vs 60 → -10 red
///     // bond   20 vs 20 →   0 green
///     // cash   15 vs 20 →  -5 yellow
///     // crypto 15 vs  0 →  15 red      (a key missing on either side counts as 0)
///     // report.targetsWarning == nil   (60 + 20 + 20 = 100)
///
/// Rows come in the order of the actual allocation (largest value first), then the keys that
/// only have a target, alphabetically. Keys match exactly (case-sensitive).
public enum Drift {
    public static let toleranceLimit: ExactDecimal = 2
    public static let minorDeviationLimit: ExactDecimal = 5

    /// green when |difference| ≤ 2, yellow when ≤ 5, red above.
    public static func status(for difference: ExactDecimal) -> DriftStatus {
        let size = abs(difference)
        if size <= toleranceLimit { return .green }
        if size <= minorDeviationLimit { return .yellow }
        return .red
    }

    /// Each target must lie in 0…100 (inclusive).
    public static func validateTargets(_ targets: [String: ExactDecimal]) throws {
        for key in targets.keys.sorted() {
            let value = targets[key]!
            if value < 0 || value > 100 {
                throw RuleViolation("Target allocation for '\(key)' must be between 0% and 100%, not \(value.plainText)%.")
            }
        }
    }

    /// "Target allocations sum to X% instead of 100%." when targets exist and do not add up to 100.
    public static func targetsWarning(_ targets: [String: ExactDecimal]) -> String? {
        guard !targets.isEmpty else { return nil }
        let sum = targets.values.reduce(ExactDecimal.zero, +)
        return sum == 100 ? nil : "Target allocations sum to \(sum.plainText)% instead of 100%."
    }

    /// Compares allocation rows (see `Allocation.rows`) with targets in percent.
    public static func compare(actual: [AllocationRow], targets: [String: ExactDecimal]) throws -> DriftReport {
        try validateTargets(targets)
        var rows: [DriftRow] = []
        var seen = Set<String>()
        for row in actual where !seen.contains(row.key) {
            seen.insert(row.key)
            rows.append(DriftRow(key: row.key, actual: row.percent, target: targets[row.key] ?? 0))
        }
        for key in targets.keys.sorted() where !seen.contains(key) {
            rows.append(DriftRow(key: key, actual: 0, target: targets[key]!))
        }
        return DriftReport(rows: rows,
                           targetsSum: targets.values.reduce(ExactDecimal.zero, +),
                           targetsWarning: targetsWarning(targets))
    }

    /// The same from raw values: they are turned into an allocation first.
    public static func compare(values: [(key: String, value: ExactDecimal)], targets: [String: ExactDecimal]) throws -> DriftReport {
        try compare(actual: Allocation.rows(values), targets: targets)
    }
}
