import Core
import Foundation
import Store

/// `assetflow prices fetch` and `af.fetch_prices{…}`: for every asset that names a quote
/// source, asks its provider for the days not yet priced and stores what comes back, one
/// transaction per asset; a failure is reported for that asset and the others go on.
public struct PriceFetch {
    /// Only this asset (by name); every asset with a source when nil.
    public var asset: String?
    /// The first day wanted; by default the day after the asset's latest price, or
    /// `defaultDays` before `to` when it has none.
    public var from: CalendarDate?
    /// The last day wanted; today by default.
    public var to: CalendarDate?
    /// Ask and report, store nothing.
    public var dryRun = false
    /// Hosts the user allowed (`--allow-net HOST`).
    public var allowNet: [String] = []
    /// Where user providers are looked for.
    public var providerFolder = QuoteProvider.userFolder()
    /// The user's hosts and keys per provider; read from `providers.conf` when nil.
    public var settings: ProviderSettings?
    /// Where API keys named by a provider's `-- key:` line are read.
    public var environment = ProcessInfo.processInfo.environment
    /// When set (the time limit of the script that asked), nothing runs past it: neither a
    /// provider's Lua nor a request, and assets not reached by then are not fetched.
    public var deadline: Date?
    /// The HTTP bounds (tests make them small).
    public var bodyLimit = 8 << 20
    public var timeout: TimeInterval = 20
    public static let defaultDays = 30

    public init(asset: String? = nil, from: CalendarDate? = nil, to: CalendarDate? = nil, dryRun: Bool = false, allowNet: [String] = []) {
        self.asset = asset
        self.from = from
        self.to = to
        self.dryRun = dryRun
        self.allowNet = allowNet
    }

    /// What the fetch did for one asset.
    public struct Outcome: Equatable, Sendable {
        public var asset: String
        public var provider: String
        public var symbol: String
        /// Prices stored (or, on a dry run, that would be).
        public var stored = 0
        /// Days in the range that already had a price.
        public var skipped = 0
        /// Why nothing was stored, when it failed.
        public var failure: String?

        /// "AAPL: 12 stored, 3 skipped (already there)" or "AAPL: not fetched: why".
        public var line: String {
            if let failure { return "\(asset): not fetched: \(failure)" }
            return "\(asset): \(stored) stored, \(skipped) skipped (already there)"
        }
    }

    /// Runs the fetch over `session`; `progress(done, total)` after each asset.
    public func run(in session: StoreSession, progress: (Int, Int) -> Void = { _, _ in }) throws -> [Outcome] {
        if let to, to > session.today { throw RuleViolation("Prices cannot be fetched for a day in the future (\(to)); they exist up to today (\(session.today)).") }
        if let from, let to, from > to { throw RuleViolation(DateRules.startAfterEndMessage(from, to)) }
        let targets = try assets(in: session)
        guard !targets.isEmpty else { return [] }
        let settings = try self.settings ?? ProviderSettings.load(path: ProviderSettings.userPath(environment: environment))
        let fetchedAt = Self.timestamp(Date())
        let scratch = try AssetFlowStore(path: nil, waitNotice: nil)
        return try scratch.withSession(today: session.today) { scratchSession in
            var runs: [String: Result<ProviderRun, Error>] = [:]
            var outcomes: [Outcome] = []
            for (index, (asset, source)) in targets.enumerated() {
                var outcome = Outcome(asset: asset.name, provider: source.provider, symbol: source.symbol)
                do {
                    if let deadline, deadline.timeIntervalSinceNow <= 0 {
                        throw QuoteHTTP.Failure(message: "the script's time limit was reached first.")
                    }
                    // One state per provider, loaded once (a provider that fails to load fails for each of its assets).
                    let loaded = runs[source.provider] ?? Result { try load(source.provider, settings: settings, scratch: scratchSession) }
                    runs[source.provider] = loaded
                    try fetch(asset, source, with: try loaded.get(), in: session, fetchedAt: fetchedAt, into: &outcome)
                } catch {
                    outcome.failure = "\(error)"
                }
                outcomes.append(outcome)
                progress(index + 1, targets.count)
            }
            return outcomes
        }
    }

    /// The assets to fetch with their sources, by name.
    func assets(in session: StoreSession) throws -> [(Asset, QuoteSource)] {
        let sources = try session.quoteSources()
        if let name = asset {
            guard let found = try session.asset(named: name) else { throw RuleViolation("No asset named '\(name)'.") }
            guard let source = sources[found.id!] else {
                throw RuleViolation("\(found.name) names no quote source: set one with asset:update{ quote = { provider = \"stooq\", symbol = \"AAPL.US\" } }.")
            }
            return [(found, source)]
        }
        return try session.assets().compactMap { a in sources[a.id!].map { (a, $0) } }.sorted { $0.0.name < $1.0.name }
    }

    /// The provider's state, allowed the hosts of `--allow-net` and of its `providers.conf`
    /// section, with its key from there or from its key variable.
    func load(_ name: String, settings: ProviderSettings, scratch: StoreSession) throws -> ProviderRun {
        let provider = try QuoteProvider.named(name, folder: providerFolder)
        let http = QuoteHTTP(allowance: HostAllowance(provider: name, declared: [], allowed: []), bodyLimit: bodyLimit, timeout: timeout)
        return try ProviderRun(provider: provider, allowed: allowNet + (settings.hosts[name] ?? []), scratch: scratch, http: http,
                               key: provider.key(settings: settings, environment: environment), deadline: deadline)
    }

    /// A fetch time as stored: UTC to the second ("2024-06-01T18:30:00Z").
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// Asks for the days before the first and after the last price already stored in the
    /// range (a gap between stored days is a holiday or weekend: not asked again), then
    /// stores the new days in one transaction.
    func fetch(_ asset: Asset, _ source: QuoteSource, with run: ProviderRun, in session: StoreSession, fetchedAt: String,
               into outcome: inout Outcome) throws {
        let last = to ?? session.today
        let first = try from ?? session.latestPrice(ofAsset: asset.id!).map { $0.date.adding(days: 1) } ?? last.adding(days: -(Self.defaultDays - 1))
        guard first <= last else { return }
        let have = try session.priceDates(ofAsset: asset.id!, from: first, to: last)
        outcome.skipped = have.count
        var fetched: [FetchedPrice] = []
        for (start, end) in Self.missingSpans(first: first, last: last, have: have) {
            fetched += try run.fetch(symbol: source.symbol, from: start, to: end, currency: asset.currency, deadline: deadline)
        }
        let wanted = try Self.newDays(fetched, first: first, last: last, have: have)
        outcome.stored = wanted.count
        if !dryRun, !wanted.isEmpty {
            try session.recordFetchedPrices(RecordFetchedPrices(asset: asset.id!, prices: wanted),
                                            provenance: PriceProvenance(source: source.provider, fetchedAt: fetchedAt))
        }
    }

    /// The spans to ask for: all of it when nothing is stored, else before the first and
    /// after the last stored day.
    static func missingSpans(first: CalendarDate, last: CalendarDate, have: Set<CalendarDate>) -> [(CalendarDate, CalendarDate)] {
        guard let low = have.min(), let high = have.max() else { return [(first, last)] }
        var spans: [(CalendarDate, CalendarDate)] = []
        if first < low { spans.append((first, low.adding(days: -1))) }
        if high < last { spans.append((high.adding(days: 1), last)) }
        return spans
    }

    /// The fetched prices inside the range on days not stored, by date; two prices for one
    /// day is an error (which one would be guessing).
    static func newDays(_ fetched: [FetchedPrice], first: CalendarDate, last: CalendarDate, have: Set<CalendarDate>) throws -> [FetchedPrice] {
        var byDay: [CalendarDate: FetchedPrice] = [:]
        for price in fetched where price.date >= first && price.date <= last && !have.contains(price.date) {
            if byDay[price.date] != nil { throw RuleViolation("The provider returned two prices for \(price.date).") }
            byDay[price.date] = price
        }
        return byDay.values.sorted { $0.date < $1.date }
    }
}
