import Core
import Foundation

/// The rates a rate provider returned, checked one by one and kept for storing: a known
/// currency, not the base, a number above zero, one per pair and day, on a day asked for.
/// What is left out is said: unknown codes (metals, tokens) and rates not above zero or out of range.
struct RateCollector {
    let base: String
    /// Stored with each rate: the host it came from (else the provider's name), and when.
    let source: String
    let fetchedAt: String
    private(set) var rates: [ExchangeRate] = []
    private(set) var rejected: [String] = []
    private(set) var unknown = Set<String>()
    private var seen = Set<String>()

    init(base: String, source: String, fetchedAt: String) {
        self.base = base
        self.source = source
        self.fetchedAt = fetchedAt
    }

    /// Keeps the rates of `provided` dated `from`…`to` on `wanted` days; others are left
    /// out. A known currency whose rate is not a number, or two rates for a pair and day,
    /// is an error (which one would be guessing).
    mutating func add(_ provided: [ProviderRun.ProvidedRate], from: CalendarDate, to: CalendarDate,
                      wanted: (CalendarDate) -> Bool, provider: String) throws {
        for item in provided.sorted(by: { ($0.date, $0.quote.uppercased()) < ($1.date, $1.quote.uppercased()) }) {
            let quote = item.quote.uppercased()
            guard quote != base, item.date >= from, item.date <= to, wanted(item.date) else { continue }
            guard Currency.isKnown(quote) else { unknown.insert(quote); continue }
            guard let rate = item.rate else {
                throw RuleViolation("Provider '\(provider)' returned the \(quote) rate of \(item.date) as '\(item.text)', not a number.")
            }
            guard seen.insert("\(item.date) \(quote)").inserted else {
                throw RuleViolation("Provider '\(provider)' returned two \(base)/\(quote) rates for \(item.date).")
            }
            let fetched = ExchangeRate(base: base, quote: quote, date: item.date, rate: rate, source: source, fetchedAt: fetchedAt)
            // Not above zero, or outside the conversion range (`ConversionRange`): skipped and listed.
            if rate > 0, (try? ConversionRange.check(fetched)) != nil {
                rates.append(fetched)
            } else {
                rejected.append("\(quote) \(rate.plainText) on \(item.date)")
            }
        }
    }

    /// How many wanted days of `spans` got no rate at all.
    func emptyDays(of spans: [(CalendarDate, CalendarDate)], wanted: (CalendarDate) -> Bool) -> Int {
        let dates = Set(rates.map(\.date))
        return spans.reduce(0) { total, span in
            total + (0...span.0.days(until: span.1)).map { span.0.adding(days: $0) }.filter { wanted($0) && !dates.contains($0) }.count
        }
    }
}
