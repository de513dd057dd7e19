import Foundation

/// What an allocation groups assets by.
public enum AllocationDimension: String, CaseIterable, Sendable {
    case type, category, platform, asset, currency

    public static func parse(_ text: String) throws -> AllocationDimension {
        if let d = AllocationDimension(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) { return d }
        throw RuleViolation("Unknown allocation grouping '\(text)'. Use one of: \(allCases.map(\.rawValue).joined(separator: ", ")).", rule: .unknownValue)
    }

    /// Targets can be set by type, by category or by currency.
    public func requireTargetable() throws {
        if self != .type && self != .category && self != .currency {
            throw RuleViolation("Targets can be set by type, category or currency, not by \(rawValue).", rule: .notAllowed)
        }
    }
}
