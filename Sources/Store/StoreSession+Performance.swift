import Core
import GRDB

/// What a performance figure is about: one asset, a portfolio's assets, or every asset.
public enum PerformanceScope: Equatable, Sendable {
    case asset(Int64)
    case portfolio(Int64)
    case everything
}

/// Performance of a scope: its history loaded with one scan of the transactions and one of
/// the prices (`StoreSession+PerformanceRecords.swift`), then handed to the pure calculators
/// of Core (`Performance`).
extension StoreSession {
    /// A performance figure asked of a scope with nothing in it and no start date.
    static let nothingToMeasureMessage = "Nothing to measure: the scope has no transactions; give `from`."

    /// The scope's assets.
    public func assets(of scope: PerformanceScope) throws -> [Asset] {
        let list: [Asset]
        switch scope {
        case .asset(let id): list = [try requireAsset(id: id)]
        case .portfolio(let id):
            guard try portfolio(id: id) != nil else { throw StoreError.deleted(table: "portfolio", id: id) }
            list = try assets(inPortfolio: id)
        case .everything: list = try assets()
        }
        return list
    }

    /// The scope's transactions (with the income its assets paid elsewhere) and prices, in
    /// `currency` (default: the main currency; see `PerformanceInput.converted`).
    public func performanceInput(_ scope: PerformanceScope, currency: String? = nil) throws -> PerformanceInput {
        let local = try localPerformanceInput(scope)
        let target = try reportingCurrency(currency)
        let all = try assets()
        let codes = Dictionary(uniqueKeysWithValues: all.map { ($0.id!, $0.currency) })
        let involved = Set(local.transactions.keys).union(local.prices.keys).union(local.scope).compactMap { codes[$0] }
        if Set(involved).subtracting([target]).isEmpty { return local }
        return try local.converted(to: target, currencies: codes, rates: try rateTable(for: Set(involved).union([target])))
    }

    /// The scope's history in `currency` (default: the main currency), flat. When every asset
    /// involved (the scope's, and those its income was paid into) is in that currency, it is
    /// read straight from the tables; otherwise through `performanceInput` and its conversion.
    ///
    /// The last scope's records are kept while the store does not change
    /// (`CachedPerformanceRecords`): a script asking for several periods, or for the TWR and
    /// then the series, reads the history once.
    ///
    /// `keep` false: the records are not kept in place of the last scope's (the per-asset
    /// reports of a currency effect, which would otherwise evict the whole scope's records
    /// that a repeated `af.performance{}` reads).
    public func performanceRecords(_ scope: PerformanceScope, currency: String? = nil, keep: Bool = true) throws -> PerformanceRecords {
        let target = try reportingCurrency(currency)
        let stamp = try changeStamp()
        if let cached = performanceRecordsCache, cached.scope == scope, cached.currency == target, cached.stamp == stamp {
            return cached.records
        }
        let records = try loadPerformanceRecords(scope, currency: target)
        // The scans left up to the cache's 16 MB of pages that the next reads seldom need:
        // given back before the ledger's walk allocates (issue 27: 7 MB of a first
        // `af.performance{}` over the benchmark store's 23 MB).
        try releaseReadMemory()
        if keep { performanceRecordsCache = CachedPerformanceRecords(scope: scope, currency: target, stamp: stamp, records: records) }
        return records
    }

    /// Frees the connection's cached pages (`PRAGMA shrink_memory`); the next read takes
    /// them from the file again.
    func releaseReadMemory() throws {
        try db.execute(sql: "PRAGMA shrink_memory")
    }

    private func loadPerformanceRecords(_ scope: PerformanceScope, currency target: String) throws -> PerformanceRecords {
        let all = try assets()
        let codes = Dictionary(uniqueKeysWithValues: all.map { ($0.id!, $0.currency) })
        // Assets in other currencies: the flat records converted in Core, by the rule of
        // `PerformanceInput.converted` (the reference path below, which also gives its error
        // when a rate is missing).
        if readsDerivedSeries, Set(codes.values).subtracting([target]).isEmpty == false {
            var transactionCurrencies: [Int64: String] = [:]
            let records = try localPerformanceRecords(scope, assets: try assets(of: scope), currencies: codes, transactionCurrencies: &transactionCurrencies)
            let involved = Set(records.assetIDs.compactMap { codes[$0] })
            if involved.subtracting([target]).isEmpty { return records }
            let rates = try rateTable(for: involved.union([target]))
            if let converted = try? records.converted(to: target, currencies: codes, transactionCurrencies: transactionCurrencies, rates: rates) {
                return converted
            }
        } else {
            let records = try localPerformanceRecords(scope, assets: try assets(of: scope))
            if Set(records.assetIDs.compactMap { codes[$0] }).subtracting([target]).isEmpty { return records }
        }
        return PerformanceRecords(try performanceInput(scope, currency: target))
    }

    /// The scope's input in each asset's own currency.
    func localPerformanceInput(_ scope: PerformanceScope) throws -> PerformanceInput {
        let assets = try assets(of: scope)
        let ids = Set(assets.compactMap(\.id))
        let cash = Set(assets.filter(\.isCash).compactMap(\.id))
        var transactions: [Int64: [Transaction]] = [:]
        var prices: [Int64: [PricePoint]] = [:]
        if case .everything = scope {
            transactions = try allTransactionsByAsset()
            prices = try marketPricesByAsset()
        } else if !ids.isEmpty {
            // Income paid by a scope asset into an outside asset is income of the scope (and
            // leaves it at once): those transactions come along, without the rest of the
            // receiving asset's history (an income's amount does not depend on it).
            let list = ids.sorted().map(String.init).joined(separator: ",")
            transactions = try transactionsByAsset(where: """
                WHERE asset_id IN (\(list)) OR (source_asset_id IN (\(list)) AND type IN ('dividend', 'interest'))
                """)
            prices = try marketPricesByAsset(assets: "asset_id IN (\(list))")
        }
        return PerformanceInput(scope: ids, cashAssets: cash, transactions: transactions, prices: prices)
    }

    /// The scope's performance over `from` (default: its first transaction) … `to` (default: today).
    /// `keepingFlows` false: without the report's `flows`, the same figures in less memory.
    public func performance(_ scope: PerformanceScope, from: CalendarDate?, to: CalendarDate?, annualizeShortPeriod: Bool = false,
                            currency: String? = nil, keepingFlows: Bool = true) throws -> PerformanceReport {
        let input = try performanceRecords(scope, currency: currency)
        let end = to ?? today
        let start = try from ?? Performance.firstActivity(input) ?? { throw RuleViolation(Self.nothingToMeasureMessage) }()
        if !keepingFlows, let walk = try performanceWalk(scope, currency: currency) {
            return try Performance.report(walk, from: start, to: end, annualizeShortPeriod: annualizeShortPeriod)
        }
        return try Performance.report(input, from: start, to: end, annualizeShortPeriod: annualizeShortPeriod, keepingFlows: keepingFlows)
    }

    /// The kept records' walk for every period, made at the second report asked of them (the
    /// first walks for its own period only, as cheaply as before): a script asking for the
    /// TWR of each year, or for several figures, then walks the history once (issue 27: the
    /// performance report's 20 years took 0.42 s). Nil for records not kept.
    private func performanceWalk(_ scope: PerformanceScope, currency: String?) throws -> Performance.PerformanceWalk? {
        let target = try reportingCurrency(currency)
        guard var cached = performanceRecordsCache, cached.scope == scope, cached.currency == target,
              cached.stamp == (try changeStamp()) else { return nil }
        if let walk = cached.walk { return walk }
        cached.reports += 1
        if cached.reports >= 2 { cached.walk = Performance.PerformanceWalk(cached.records) }
        performanceRecordsCache = cached
        return cached.walk
    }

    /// The cumulative TWR of the scope on each day or month from `from` to `to`, starting at 0 %.
    public func twrSeries(_ scope: PerformanceScope, from: CalendarDate?, to: CalendarDate?, monthly: Bool,
                          currency: String? = nil) throws -> [Performance.SeriesPoint] {
        let input = try performanceRecords(scope, currency: currency)
        let end = to ?? today
        let start = try from ?? Performance.firstActivity(input) ?? { throw RuleViolation(Self.nothingToMeasureMessage) }()
        return Performance.twrSeries(input, dates: try StoreSession.timelineDates(from: start, to: end, monthly: monthly))
    }
}
