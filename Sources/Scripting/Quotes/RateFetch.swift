import Core
import Foundation
import Store

/// `assetflow rates fetch`: a rate provider (a Lua script defining `fetch_rates`, run like a
/// quote provider) is asked for the days of a range that have no rates of the base yet, and
/// what it returns is stored in the caller's transaction, all or nothing. Codes that are not
/// currencies AssetFlow knows and rates not above zero or out of range are left out and reported.
public struct RateFetch {
    /// The rate provider: a file `<name>.lua` in the providers folder, else a built-in one.
    public var provider = RateFetch.defaultProvider
    /// The base currency; the main currency when nil.
    public var base: String?
    /// The first day; `to` when nil.
    public var from: CalendarDate?
    /// The last day; today when nil.
    public var to: CalendarDate?
    /// The address template the user gave (`--url`, `$ASSETFLOW_RATES_URL`); the provider's
    /// `-- url:` line when nil.
    public var url: String?
    /// Ask for days already stored too (their rates are replaced).
    public var refresh = false
    /// Hosts the user allowed (`--allow-net HOST`).
    public var allowNet: [String] = []
    /// Where user providers are looked for.
    public var providerFolder = QuoteProvider.userFolder()
    /// The user's hosts and keys per provider; read from `providers.conf` when nil.
    public var settings: ProviderSettings?
    /// Where API keys named by a provider's `-- key:` line are read.
    public var environment = ProcessInfo.processInfo.environment
    /// The HTTP bounds (tests make them small) and the libcurl loaded.
    public var bodyLimit = 8 << 20
    public var timeout: TimeInterval = 20
    public var library = "libcurl.so.4"
    /// When the fetch started (the stored `fetched_at`).
    public var now = Date()

    public static let defaultProvider = "currency-api"
    /// The longest range one fetch may ask for.
    public static let dayLimit = 3_700
    /// Who asks, as a refused request names it.
    static let subject = "The rates fetch"

    public init(provider: String? = nil, base: String? = nil, from: CalendarDate? = nil, to: CalendarDate? = nil) {
        self.provider = provider ?? Self.defaultProvider
        self.base = base
        self.from = from
        self.to = to
    }

    /// What a fetch did.
    public struct Summary: Equatable, Sendable {
        /// Days in the range.
        public var requested = 0
        /// Days skipped because their rates were already stored (`refresh` asks them again).
        public var skipped = 0
        /// Rates stored, and on how many days.
        public var stored = 0
        public var days = 0
        /// Days asked for that came back without any rate (a source's weekends and holidays).
        public var empty = 0
        /// Rates not stored, not being above zero ("XYZ 0 on 2024-06-03").
        public var rejected: [String] = []
        /// Codes the provider returned that are not currencies AssetFlow knows (metals, tokens).
        public var unknown: [String] = []
    }

    /// A failed request or provider: the message and the day (or span) it was for.
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        /// "2024-03-04", or "2024-03-04 to 2024-03-08" for a span.
        public let days: String
        /// True when no response came (the network is down or too slow): the offline advice applies.
        public var isNetwork = false
        public var description: String { "\(message) (\(days))" }
    }

    /// libcurl could not be loaded: nothing was requested.
    public struct LibraryMissing: Error, CustomStringConvertible {
        public let library: String
        public let reason: String
        public var description: String {
            "Exchange rates could not be fetched: AssetFlow needs libcurl (\(library)) for it, and it could not be loaded "
                + "(\(reason)). Install libcurl (Debian and Ubuntu: apt install libcurl4), or add rates with "
                + "`assetflow rates import` or af.set_rate{…}."
        }
    }

    /// Runs the fetch and stores the rates in `session` (the caller's transaction);
    /// `progress(done, total)` after each request to the provider.
    public func run(in session: StoreSession, progress: (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        let base = try self.base.map(Currency.normalize) ?? session.mainCurrency()
        let last = to ?? session.today
        let first = from ?? last
        if first > last { throw RuleViolation(DateRules.startAfterEndMessage(first, last)) }
        if last > session.today {
            throw RuleViolation("Rates cannot be fetched for a day in the future (\(last)); they exist up to today (\(session.today)).", rule: .futureDate, date: last)
        }
        let count = first.days(until: last) + 1
        if count > Self.dayLimit { throw RuleViolation("A fetch is limited to \(Self.dayLimit) days; give a shorter range with --from and --to.") }
        let have = refresh ? [] : try session.rateDates(base: base, from: first, to: last)
        var summary = Summary(requested: count, skipped: have.count)
        let source = try QuoteProvider.named(provider, folder: providerFolder, builtIn: BuiltInRateProviders.all, kind: "rate provider")
        let spans = Self.spans(first: first, last: last, have: have, daily: source.asksOneDayAtATime)
        guard !spans.isEmpty else { return summary }
        let rates = try fetch(source, base: base, spans: spans, wanted: { !have.contains($0) }, into: &summary, progress: progress)
        if !rates.isEmpty { _ = try session.execute(SetRates(rates)) }
        summary.stored = rates.count
        summary.days = Set(rates.map(\.date)).count
        return summary
    }

    /// The spans to ask for: each missing day for a provider asked one day at a time; else,
    /// like the price fetch, the span before the first stored day and the one after the
    /// last (a gap between stored days is a weekend or holiday of the source: not asked again).
    static func spans(first: CalendarDate, last: CalendarDate, have: Set<CalendarDate>, daily: Bool) -> [(CalendarDate, CalendarDate)] {
        guard daily else { return PriceFetch.missingSpans(first: first, last: last, have: have) }
        return (0...first.days(until: last)).map { first.adding(days: $0) }.filter { !have.contains($0) }.map { ($0, $0) }
    }
}
