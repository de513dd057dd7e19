import Core
import Foundation

/// `assetflow rates fetch`: download the rates of a date range and keep them, so every
/// conversion afterwards works offline.
extension StoreSession {
    /// The longest range one fetch may ask for (one request per day).
    public static let fetchDayLimit = 3_700

    /// What a fetch did.
    public struct FetchSummary: Equatable {
        public var requested: Int = 0
        /// Days skipped because their rates were already stored (use `refresh` to fetch again).
        public var skipped: Int = 0
        public var stored: Int = 0
        /// Rates the service sent that were not stored, not being above zero ("XYZ 0 on 2024-06-03").
        public var rejected: [String] = []
        /// Codes the service listed that are not currencies AssetFlow knows (metals, tokens): not stored.
        public var unknown: [String] = []
    }

    /// Fetches `base`'s rates for every day from `from` to `to` (neither in the future) that
    /// has none stored yet (all of them with `refresh`), then stores them all in one
    /// transaction: a failure on any day stores nothing and names that day.
    public func fetchRates(base: String, from: CalendarDate, to: CalendarDate, fetcher: RateFetcher, refresh: Bool = false,
                           progress: (Int, Int) -> Void = { _, _ in }) throws -> FetchSummary {
        let base = try Currency.normalize(base)
        if from > to { throw RuleViolation(DateRules.startAfterEndMessage(from, to)) }
        if to > today { throw RuleViolation("Rates cannot be fetched for a day in the future (\(to)); they exist up to today (\(today)).", rule: .futureDate, date: to) }
        let days = from.days(until: to) + 1
        if days > Self.fetchDayLimit { throw RuleViolation("A fetch is limited to \(Self.fetchDayLimit) days; give a shorter range with --from and --to.") }
        let have = refresh ? [] : try rateDates(base: base, from: from, to: to)
        let dates = (0..<days).map { from.adding(days: $0) }.filter { !have.contains($0) }
        var summary = FetchSummary(requested: days, skipped: days - dates.count)
        guard !dates.isEmpty else { return summary }
        let fetched = try fetcher.fetchReportingSkipped(base: base, dates: dates, progress: progress)
        try execute(SetRates(fetched.rates))
        summary.stored = fetched.rates.count
        summary.rejected = fetched.skipped
        summary.unknown = fetched.unknown
        return summary
    }
}
