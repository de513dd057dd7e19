import Core
import GRDB

/// What an allocation groups assets by.
public enum AllocationDimension: String, CaseIterable, Sendable {
    case type, category, platform, asset

    public static func parse(_ text: String) throws -> AllocationDimension {
        if let d = AllocationDimension(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) { return d }
        throw ValidationError("Unknown allocation grouping '\(text)'. Use one of: \(allCases.map(\.rawValue).joined(separator: ", ")).")
    }

    /// Targets can be set by type or by category.
    public func requireTargetable() throws {
        if self != .type && self != .category {
            throw ValidationError("Targets can be set by type or by category, not by \(rawValue).")
        }
    }
}

/// Allocation, targets, drift and rebalancing over stored assets.
extension StoreSession {
    public static let uncategorized = "(Uncategorized)"
    public static let noPlatform = "(No Platform)"

    /// Each asset's current value under its key for `dimension`; an error for mixed currencies.
    public func groupedValues(of assets: [Asset], by dimension: AllocationDimension) throws -> [(key: String, value: ExactDecimal)] {
        try requireSingleCurrency(assets)
        let names = Dictionary(uniqueKeysWithValues: try categories().map { ($0.id!, $0.name) })
        return try assets.map { asset in
            let key: String
            switch dimension {
            case .type: key = asset.type.rawValue
            case .category: key = asset.categoryID.flatMap { names[$0] } ?? Self.uncategorized
            case .platform: key = asset.platform.isEmpty ? Self.noPlatform : asset.platform
            case .asset: key = asset.name
            }
            return (key: key, value: try valuation(ofAsset: asset.id!).currentValue)
        }
    }

    /// Allocation rows (percent to 2 decimals, summing to exactly 100; none when the total is 0).
    public func allocation(of assets: [Asset], by dimension: AllocationDimension) throws -> [AllocationRow] {
        Allocation.rows(try groupedValues(of: assets, by: dimension))
    }

    /// Replaces the portfolio's targets for `dimension` (type or category), each in 0…100.
    /// Type keys must be asset types; category keys must name categories.
    public func setTargets(portfolio id: Int64, by dimension: AllocationDimension, _ targets: [String: ExactDecimal]) throws {
        try dimension.requireTargetable()
        guard try portfolio(id: id) != nil else { throw StoreError.notFound("No portfolio with id \(id).") }
        try Drift.validateTargets(targets)
        var normalized: [String: ExactDecimal] = [:]
        for (key, value) in targets {
            switch dimension {
            case .type: normalized[try AssetType.parse(key).rawValue] = value
            default:
                guard let c = try category(named: key) else { throw ValidationError("No category named '\(key)'.") }
                normalized[c.name] = value
            }
        }
        try atomically {
            try db.execute(sql: "DELETE FROM portfolio_target WHERE portfolio_id = ? AND dimension = ?", arguments: [id, dimension.rawValue])
            for (key, value) in normalized {
                try db.execute(sql: "INSERT INTO portfolio_target(portfolio_id, dimension, key, percent) VALUES (?, ?, ?, ?)",
                               arguments: [id, dimension.rawValue, key, value.plainText])
            }
        }
        noteChange("target", .changed)
    }

    /// The portfolio's targets for `dimension`. By category, with none set, the categories'
    /// own target percents.
    public func targets(portfolio id: Int64, by dimension: AllocationDimension) throws -> [String: ExactDecimal] {
        var result: [String: ExactDecimal] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, percent FROM portfolio_target WHERE portfolio_id = ? AND dimension = ?",
                                    arguments: [id, dimension.rawValue]) {
            result[try row.value("key")] = try row.decimal("percent")
        }
        if result.isEmpty, dimension == .category {
            for c in try categories() { if let t = c.targetPercent { result[c.name] = t } }
        }
        return result
    }

    /// Actual against target for the portfolio (bands: ±2 green, 2–5 yellow, over 5 red).
    public func drift(portfolio id: Int64, by dimension: AllocationDimension) throws -> DriftReport {
        try dimension.requireTargetable()
        return try Drift.compare(actual: allocation(of: assets(inPortfolio: id), by: dimension),
                                 targets: targets(portfolio: id, by: dimension))
    }

    /// Deviation of the portfolio's current allocation from a risk profile: its assets' values
    /// grouped into risk classes (`RiskProfile.riskClass(of:)`) against the profile's targets,
    /// with the drift bands. An error for mixed currencies.
    public func riskDeviation(portfolio id: Int64, from profile: RiskProfile) throws -> DriftReport {
        let assets = try assets(inPortfolio: id)
        try requireSingleCurrency(assets)
        return try profile.deviation(fromTypeValues: assets.map { (type: $0.type, value: try valuation(ofAsset: $0.id!).currentValue) })
    }

    /// Rebalancing suggestions for the portfolio against its targets.
    public func rebalance(portfolio id: Int64, by dimension: AllocationDimension) throws -> RebalancePlan {
        try dimension.requireTargetable()
        return try Rebalancing.suggest(values: groupedValues(of: assets(inPortfolio: id), by: dimension),
                                       targets: targets(portfolio: id, by: dimension))
    }
}
