import Core
import GRDB

/// Allocation, targets, drift and rebalancing over stored assets.
extension StoreSession {
    public static let uncategorized = "(Uncategorized)"
    public static let noPlatform = "(No Platform)"

    /// Each asset's current value under its key for `dimension`, in `currency` (default: the
    /// main currency) at today's rate, else the latest earlier one.
    public func groupedValues(of assets: [Asset], by dimension: AllocationDimension, in currency: String? = nil) throws -> [(key: String, value: ExactDecimal)] {
        var sum = try convertedSum(of: assets, in: try reportingCurrency(currency), through: today)
        let names = Dictionary(uniqueKeysWithValues: try categories().map { ($0.id!, $0.name) })
        return try assets.map { asset in
            let key: String
            switch dimension {
            case .type: key = asset.type.rawValue
            case .category: key = asset.categoryID.flatMap { names[$0] } ?? Self.uncategorized
            case .platform: key = asset.platform.isEmpty ? Self.noPlatform : asset.platform
            case .asset: key = asset.name
            case .currency: key = asset.currency
            }
            return (key: key, value: try sum.add(try valuation(ofAsset: asset.id!).currentValue, asset.currency, on: today))
        }
    }

    /// Allocation rows (percent to 2 decimals, summing to exactly 100; none when the total is 0).
    public func allocation(of assets: [Asset], by dimension: AllocationDimension, in currency: String? = nil) throws -> [AllocationRow] {
        Allocation.rows(try groupedValues(of: assets, by: dimension, in: currency))
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
    /// with the drift bands. Values are in the main currency.
    public func riskDeviation(portfolio id: Int64, from profile: RiskProfile) throws -> DriftReport {
        let assets = try assets(inPortfolio: id)
        let values = try groupedValues(of: assets, by: .asset)
        return try profile.deviation(fromTypeValues: zip(assets, values).map { (type: $0.type, value: $1.value) })
    }
}
