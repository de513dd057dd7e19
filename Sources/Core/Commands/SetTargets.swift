import Foundation

/// Replaces a portfolio's target percents for one grouping, type or category
/// (`AllocationDimension.requireTargetable`): each in 0…100 (`Drift.validateTargets`); type
/// keys must be asset types, category keys must name categories (stored under the
/// category's own spelling).
public struct SetTargets: Command {
    public var portfolio: Int64
    public var dimension: AllocationDimension
    public var targets: [String: ExactDecimal]

    public init(portfolio: Int64, by dimension: AllocationDimension = .type, targets: [String: ExactDecimal]) {
        self.portfolio = portfolio
        self.dimension = dimension
        self.targets = targets
    }

    public func run(in store: CommandStore) throws {
        try dimension.requireTargetable()
        _ = try store.requirePortfolio(id: portfolio)
        try Drift.validateTargets(targets)
        var normalized: [String: ExactDecimal] = [:]
        for (key, value) in targets {
            switch dimension {
            case .type: normalized[try AssetType.parse(key).rawValue] = value
            case .currency: normalized[try AssetRules.validateCurrency(key)] = value
            default:
                guard let c = try store.category(named: key) else { throw RuleViolation("No category named '\(key)'.", rule: .unknownValue) }
                normalized[c.name] = value
            }
        }
        try store.replaceTargets(portfolio: portfolio, by: dimension, normalized)
    }
}
