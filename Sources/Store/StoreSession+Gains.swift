import Core

/// The overview's figures and the currency effect, by the one conversion rule
/// (Documentation/Currencies.md), from the performance ledger.
extension StoreSession {
    /// Every asset's value, cost basis, realized gain and income in `currency` (default:
    /// the main currency) since the first transaction.
    public func gains(in currency: String? = nil) throws -> Gains {
        let target = try reportingCurrency(currency)
        let records = try performanceRecords(.everything, currency: target)
        guard let first = Performance.firstActivity(records) else {
            return Gains(currency: target, value: try netWorth(in: target), costBasis: 0, realizedGain: 0, income: 0)
        }
        let report = try Performance.report(records, from: first.adding(days: -1), to: today, keepingFlows: false)
        return Gains(wholeHistory: report, currency: target)
    }

    /// How `total` (the scope's performance in `currency`) splits into price effect,
    /// currency effect and income: one performance per asset of the scope in another
    /// currency, in both currencies.
    public func currencyEffect(_ scope: PerformanceScope, total: PerformanceReport, currency: String) throws -> CurrencyEffect {
        var foreign: [(converted: PerformanceReport, local: PerformanceReport, endRate: AppliedRate)] = []
        let assets = try assets(of: scope).filter { $0.currency != currency }
        if !assets.isEmpty {
            let rates = try rateTable(for: Set(assets.map(\.currency)).union([currency]), through: total.to)
            for asset in assets {
                let one = PerformanceScope.asset(asset.id!)
                // Not kept: the scope's own records stay cached for a repeated call.
                let converted = try Performance.report(try performanceRecords(one, currency: currency, keep: false), from: total.from, to: total.to, keepingFlows: false)
                let local = try Performance.report(try performanceRecords(one, currency: asset.currency, keep: false), from: total.from, to: total.to, keepingFlows: false)
                if converted.realizedGain.isZero && converted.unrealizedChange.isZero && local.realizedGain.isZero && local.unrealizedChange.isZero { continue }
                foreign.append((converted, local, try rates.rate(from: asset.currency, to: currency, on: total.to)))
            }
        }
        return CurrencyEffect.split(total: total, foreign: foreign)
    }
}
