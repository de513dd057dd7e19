import Core
import Foundation

/// Downloads daily exchange rates from the date-stamped currency API (`RateFeed`), one
/// request per day, only when asked (never at start-up). Every failure is one of the app's
/// three messages; nothing is stored here (the caller stores everything or nothing).
/// The requests go through `HTTPClient`, which loads libcurl only now.
public struct RateFetcher {
    public var urlTemplate: String
    /// Seconds to wait for each response.
    public var timeout: TimeInterval
    /// The libcurl loaded for the requests (another name only in tests).
    public var library: String = HTTPClient.defaultLibrary
    /// Hosts the user allowed besides the feed's own (`--allow-net`, providers.conf's `[rates]`):
    /// a redirect elsewhere is refused, as for a quote provider.
    public var allowNet: [String] = []
    /// The most a day's response may hold (a day of the feed is about 10 KB).
    public var bodyLimit = 8 << 20

    public init(urlTemplate: String = RateFeed.defaultURLTemplate, timeout: TimeInterval = 20) {
        self.urlTemplate = urlTemplate
        self.timeout = timeout
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

    /// A failed day: the date and the app's message.
    public struct Failure: Error, CustomStringConvertible {
        public let date: CalendarDate
        public let message: String
        public var description: String { "\(message) (\(date))" }
    }

    /// The rates of `base` on each of `dates`, in order; `progress(done, total)` after each.
    /// Stops at the first failure.
    public func fetch(base: String, dates: [CalendarDate], now: Date = Date(),
                      progress: (Int, Int) -> Void = { _, _ in }) throws -> [ExchangeRate] {
        try fetchReportingSkipped(base: base, dates: dates, now: now, progress: progress).rates
    }

    /// The same, with the rates skipped because they were not above zero (`RateFeed`).
    /// `unknown`: the codes the feed listed that are not currencies AssetFlow knows.
    public func fetchReportingSkipped(base: String, dates: [CalendarDate], now: Date = Date(),
                                      progress: (Int, Int) -> Void = { _, _ in }) throws -> (rates: [ExchangeRate], skipped: [String], unknown: [String]) {
        _ = try openClient()  // libcurl missing: say so before anything else
        guard let first = dates.first else { return ([], [], []) }
        let http = try requests(base: base, sample: first)
        let fetchedAt = ISO8601DateFormatter().string(from: now)
        var rates: [ExchangeRate] = []
        var skipped: [String] = []
        var unknown = Set<String>()
        for (index, date) in dates.enumerated() {
            let address = RateFeed.url(template: urlTemplate, base: base, date: date)
            let data = try download(address, date: date, http: http)
            do {
                let day = try RateFeed.parseReportingSkipped(data, base: base, requestedDate: date, source: source(of: address), fetchedAt: fetchedAt)
                rates += day.rates
                skipped += day.skipped
                unknown.formUnion(RateFeed.unknownCodes(data, base: base))
            } catch {
                throw Failure(date: date, message: RateFeed.invalidResponseMessage)
            }
            progress(index + 1, dates.count)
        }
        return (rates, skipped, unknown.sorted())
    }

    func openClient() throws -> HTTPClient {
        do {
            return try HTTPClient(library: library)
        } catch HTTPClient.Failure.libraryMissing(let reason) {
            throw LibraryMissing(library: library, reason: reason)
        }
    }

    /// The host the rates came from ("cdn.jsdelivr.net"), stored as their source.
    func source(of address: String) -> String { URL(string: address)?.host ?? "fetch" }

    /// The requests of a fetch, under the quote providers' rules (Documentation/Prices.md):
    /// the feed's host, as libcurl reads the address, is allowed because the user named it
    /// (the default feed, --url or $ASSETFLOW_RATES_URL); any other host, a redirect's too,
    /// only with --allow-net. Responses are bounded in size and each request, redirects
    /// included, in time.
    func requests(base: String, sample: CalendarDate) throws -> QuoteHTTP {
        let subject = "The rates fetch"
        let http = QuoteHTTP(allowance: HostAllowance(provider: "rates", declared: ["*"], allowed: [], subject: subject),
                             bodyLimit: bodyLimit, timeout: timeout, library: library)
        let feedHost: String
        do { feedHost = try http.host(of: RateFeed.url(template: urlTemplate, base: base, date: sample)) } catch {
            throw Failure(date: sample, message: RateFeed.invalidResponseMessage)
        }
        http.allowance = HostAllowance(provider: "rates", declared: ["*"], allowed: [feedHost] + allowNet, subject: subject)
        return http
    }

    /// The body of a 2xx response; a `Failure` with the app's message otherwise (a refused
    /// host with the refusal, which names the flag that allows it).
    func download(_ address: String, date: CalendarDate, http: QuoteHTTP) throws -> Data {
        let response: QuoteHTTP.Response
        do {
            response = try http.get(address)
        } catch let failure as QuoteHTTP.Failure {
            switch failure.kind {
            case .refused: throw Failure(date: date, message: failure.message)
            case .tooLarge: throw Failure(date: date, message: RateFeed.invalidResponseMessage)
            default: throw Failure(date: date, message: RateFeed.networkMessage)
            }
        }
        if response.status == 404 { throw Failure(date: date, message: RateFeed.notFoundMessage) }
        guard (200..<300).contains(response.status) else { throw Failure(date: date, message: RateFeed.invalidResponseMessage) }
        return response.body
    }
}
