import Core
import Foundation
import Store

/// What `assetflow prices fetch` does: opens the store and runs a `PriceFetch`, each asset
/// stored in a transaction of its own (so one provider's failure keeps the others' prices).
public enum PricesRun {
    /// The report lines (one per asset, then a total) and whether any asset failed.
    public static func fetch(storePath: String, fetch: PriceFetch, progress: @escaping (Int, Int) -> Void) throws -> (lines: [String], failed: Bool) {
        try RatesRun.open(storePath).withSession { session in
            let outcomes = try fetch.run(in: session, progress: progress)
            if outcomes.isEmpty {
                return (["No asset names a quote source: set one with asset:update{ quote = { provider = \"stooq\", symbol = \"AAPL.US\" } }."], false)
            }
            let stored = outcomes.reduce(0) { $0 + $1.stored }
            let failed = outcomes.filter { $0.failure != nil }.count
            let total = (fetch.dryRun ? "Dry run: \(stored) price(s) would be stored" : "Stored \(stored) price(s)")
                + " for \(outcomes.count - failed) asset(s)" + (failed > 0 ? "; \(failed) could not be fetched." : ".")
            return (outcomes.map(\.line) + [total], failed > 0)
        }
    }

    /// A date option's value, or an error naming the option.
    public static func date(_ text: String?, _ option: String) throws -> CalendarDate? {
        guard let text else { return nil }
        guard let day = CalendarDate(text) else { throw RuleViolation("\(option) takes a date in the form YYYY-MM-DD, not '\(text)'.") }
        return day
    }
}
