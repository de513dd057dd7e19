import Foundation

/// The public, date-stamped currency API the later app uses (fawazahmed0's currency-api on
/// jsDelivr): one JSON file per day and base currency,
///
///     https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@2024-03-06/v1/currencies/usd.min.json
///     { "date": "2024-03-06", "usd": { "eur": 0.92115, "jpy": 149.83, "btc": 0.0000151, … } }
///
/// meaning 1 USD = 0.92115 EUR on that day. This type builds the address and reads the JSON;
/// the network is `RateFetcher`'s job (Store), so this stays pure and testable.
public enum RateFeed {
    /// `{date}` and `{base}` (lower case) are replaced.
    public static let defaultURLTemplate = "https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@{date}/v1/currencies/{base}.min.json"

    /// The app's messages (assetflow-app-notes S55).
    public static let networkMessage = "Network unavailable. Exchange rates could not be fetched."
    public static let invalidResponseMessage = "Invalid response from exchange rate service."
    public static let notFoundMessage = "Exchange rates not found for the requested date."

    /// The address for `base` on `date`.
    public static func url(template: String, base: String, date: CalendarDate) -> String {
        template.replacingOccurrences(of: "{date}", with: date.description)
            .replacingOccurrences(of: "{base}", with: base.lowercased())
    }

    /// The rates of one response: 1 `base` = rate quote, for each quote that is a known
    /// currency (other codes in the feed, such as metals or rare tokens, are skipped) and a
    /// rate above zero. The date is the one the JSON states (else `requestedDate`). Numbers
    /// are read from their digits (`FeedDocument`), never through a binary float, so
    /// 0.123456789012345678901 is exactly that.
    public static func parse(_ data: Data, base: String, requestedDate: CalendarDate, source: String, fetchedAt: String) throws -> [ExchangeRate] {
        try parseReportingSkipped(data, base: base, requestedDate: requestedDate, source: source, fetchedAt: fetchedAt).rates
    }

    /// The codes a response lists that are not currencies AssetFlow knows (metals, tokens):
    /// skipped, and said so. Upper case, sorted; none when the response cannot be read.
    public static func unknownCodes(_ data: Data, base: String) -> [String] {
        guard let table = try? FeedDocument.read(data, base: base).table else { return [] }
        return table.keys.map { $0.uppercased() }.filter { $0 != base.uppercased() && !Currency.isKnown($0) }.sorted()
    }

    /// The same, with the known currencies whose rate was skipped because it was not above
    /// zero ("XYZ 0 on 2024-06-03"): a fetch says what it did not store.
    public static func parseReportingSkipped(_ data: Data, base: String, requestedDate: CalendarDate, source: String,
                                             fetchedAt: String) throws -> (rates: [ExchangeRate], skipped: [String]) {
        guard let document = try? FeedDocument.read(data, base: base) else { throw RuleViolation(invalidResponseMessage) }
        var date = requestedDate
        if let text = document.date {
            guard let stated = CalendarDate(text) else { throw RuleViolation(invalidResponseMessage) }
            date = stated
        }
        let upperBase = base.uppercased()
        var rates: [ExchangeRate] = []
        var skipped: [String] = []
        for (code, value) in document.table.sorted(by: { $0.key < $1.key }) {
            let quote = code.uppercased()
            guard quote != upperBase, Currency.isKnown(quote) else { continue }
            guard let digits = value.digits, let rate = try? ExactDecimal.parse(digits) else {
                throw RuleViolation(invalidResponseMessage)
            }
            if rate > 0 {
                rates.append(ExchangeRate(base: upperBase, quote: quote, date: date, rate: rate, source: source, fetchedAt: fetchedAt))
            } else {
                skipped.append("\(quote) \(rate.plainText) on \(date)")
            }
        }
        return (rates, skipped)
    }
}
