import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// `rates fetch` through the built-in rate providers (Lua scripts, run like the quote
/// providers) against local servers on 127.0.0.1: stored rates exact, the app's messages, the
/// days already stored never asked again, offline afterwards. No test needs the internet.
@Suite("Rate providers: the currency API and the ECB", .serialized)
struct RateProviderTests {
    static let today = CalendarDate("2024-03-06")!
    static let march4 = #"{"date":"2024-03-04","usd":{"eur":0.92115,"jpy":149.83,"btc":0.0000151,"xau":0.00047}}"#
    static let march5 = #"{"date":"2024-03-05","usd":{"eur":0.92,"jpy":150,"btc":0.000015}}"#

    static func d(_ text: String) -> CalendarDate { CalendarDate(text)! }
    static func x(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

    static func message(_ body: () throws -> Any) -> String {
        do { _ = try body(); return "no error" } catch { return "\(error)" }
    }

    /// A fetch as `rates fetch` makes it, never reading the user's providers or providers.conf.
    static func fetcher(url: String?, provider: String? = nil, from: String, to: String, base: String = "USD") -> RateFetch {
        var fetch = RateFetch(provider: provider, base: base, from: d(from), to: d(to))
        fetch.url = url
        fetch.settings = ProviderSettings()
        fetch.providerFolder = NSTemporaryDirectory() + "af-no-providers-\(UUID().uuidString)"
        fetch.timeout = 5
        return fetch
    }

    /// Runs `fetch` in one transaction, as RatesRun does: a failure stores nothing.
    static func run(_ fetch: RateFetch, _ store: AssetFlowStore, progress: (Int, Int) -> Void = { _, _ in }) throws -> RateFetch.Summary {
        try store.withSession(today: today) { s in try s.atomically { try fetch.run(in: s, progress: progress) } }
    }

    static func rates(_ store: AssetFlowStore, quote: String? = nil) throws -> [ExchangeRate] {
        try store.withSession(today: today) { try $0.rates(quote: quote) }
    }

    @Test("A range is fetched a day at a time, stored exactly, and converts offline; a second fetch asks nothing")
    func successThenOffline() throws {
        let server = try LocalRateServer(files: ["2024-03-04/usd.json": Self.march4, "2024-03-05/usd.json": Self.march5])
        let store = try AssetFlowStore(path: nil)
        var progress: [Int] = []
        let summary = try Self.run(Self.fetcher(url: server.template, from: "2024-03-04", to: "2024-03-05"), store) { done, _ in progress.append(done) }
        // xau: a metal, not a currency: skipped and said so.
        #expect(summary == RateFetch.Summary(requested: 2, skipped: 0, stored: 6, days: 2, unknown: ["XAU"]))
        #expect(progress == [1, 2])
        let stored = try Self.rates(store, quote: "EUR")
        #expect(stored.map(\.rate) == [Self.x("0.92115"), Self.x("0.92")])
        #expect(stored.allSatisfy { $0.source == "127.0.0.1" && !$0.fetchedAt.isEmpty })
        server.stop()
        // Offline: conversions use the stored rates, and the same days again ask nothing.
        try store.withSession(today: Self.today) { s in
            let r = try s.rateTable(for: ["EUR", "USD"]).convert(Self.x("92"), from: "EUR", to: "USD", on: Self.d("2024-03-06"))
            #expect(r.amount == 100 && r.rate.isFallback && r.rate.rateDate == Self.d("2024-03-05"))
        }
        let again = try Self.run(Self.fetcher(url: server.template, from: "2024-03-04", to: "2024-03-05"), store)
        #expect(again == RateFetch.Summary(requested: 2, skipped: 2))
    }

    @Test("Every digit of a rate is kept; unknown codes and rates not above zero or beyond 10^12 are skipped and listed; a known code that is not a number is refused")
    func exactAndSkipped() throws {
        let server = try LocalRateServer(files: [
            "2024-03-04/usd.json": #"{"date":"2024-03-04","usd":{"eur":0.123456789012345678901,"jpy":149.830000000000000001,"btc":1.51e-5,"xau":"n/a","gbp":0,"chf":-1,"vnd":10000000000000}}"#,
            "2024-03-05/usd.json": #"{"date":"2024-03-05","usd":{"eur":"n/a"}}"#,
        ])
        defer { server.stop() }
        let store = try AssetFlowStore(path: nil)
        let summary = try Self.run(Self.fetcher(url: server.template, from: "2024-03-04", to: "2024-03-04"), store)
        #expect(summary.rejected == ["CHF -1 on 2024-03-04", "GBP 0 on 2024-03-04", "VND 10000000000000 on 2024-03-04"] && summary.unknown == ["XAU"])
        let byQuote = Dictionary(uniqueKeysWithValues: try Self.rates(store).map { ($0.quote, $0.rate) })
        #expect(byQuote == ["EUR": Self.x("0.123456789012345678901"), "JPY": Self.x("149.830000000000000001"), "BTC": Self.x("0.0000151")])
        let refused = Self.message { try Self.run(Self.fetcher(url: server.template, from: "2024-03-05", to: "2024-03-05"), store) }
        #expect(refused == "Provider 'currency-api' returned the EUR rate of 2024-03-05 as 'n/a', not a number.")
    }

    @Test("404 is 'not found', a page that is not the feed's JSON 'Invalid response', a closed port 'Network unavailable': each names the day, nothing stored")
    func appMessages() throws {
        let server = try LocalRateServer(files: ["2024-03-04/usd.json": Self.march4, "2024-03-01/usd.json": "<html>maintenance</html>",
                                                "2024-03-02/usd.json": #"{"date":"2024-03-02","eur":{}}"#])
        let store = try AssetFlowStore(path: nil)
        #expect(Self.message { try Self.run(Self.fetcher(url: server.template, from: "2024-03-04", to: "2024-03-05"), store) }
                == "Exchange rates not found for the requested date. (2024-03-05)")
        for day in ["2024-03-01", "2024-03-02"] {
            #expect(Self.message { try Self.run(Self.fetcher(url: server.template, from: day, to: day), store) }
                    == "Invalid response from exchange rate service. (\(day))")
        }
        server.stop()  // the port is closed now: connection refused
        let down = Self.message { try Self.run(Self.fetcher(url: server.template, from: "2024-03-04", to: "2024-03-04"), store) }
        #expect(down == "Network unavailable. Exchange rates could not be fetched. (2024-03-04)")
        #expect(try Self.rates(store).isEmpty)
    }

    @Test("A redirect on the same host is followed; an unbounded timeout is accepted")
    func sameHostRedirect() throws {
        // http.server answers /2024-03-04/usd with a redirect to /2024-03-04/usd/ and serves its index.html.
        let server = try LocalRateServer(files: ["2024-03-04/usd/index.html": Self.march4])
        defer { server.stop() }
        var fetch = Self.fetcher(url: "http://127.0.0.1:\(server.port)/{date}/{base}", from: "2024-03-04", to: "2024-03-04")
        fetch.timeout = .infinity
        #expect(try Self.run(fetch, try AssetFlowStore(path: nil)).stored == 3)
    }

    @Test("Without libcurl (loaded only when fetching) the error says what to install, before any request")
    func libraryMissing() throws {
        var fetch = Self.fetcher(url: "http://127.0.0.1:9/{date}/{base}.json", from: "2024-03-04", to: "2024-03-04")
        fetch.library = "libcurl-not-installed.so.4"
        let error = Self.message { try Self.run(fetch, try AssetFlowStore(path: nil)) }
        #expect(error.hasPrefix("Exchange rates could not be fetched: AssetFlow needs libcurl (libcurl-not-installed.so.4) for it, and it could not be loaded ("))
        #expect(error.hasSuffix("Install libcurl (Debian and Ubuntu: apt install libcurl4), or add rates with `assetflow rates import` or af.set_rate{…}."))
    }

    @Test("Ranges are checked before any request: order, future days, the day limit, the base")
    func ranges() throws {
        let store = try AssetFlowStore(path: nil)
        let url = "http://127.0.0.1:9/{date}/{base}.json"
        #expect(Self.message { try Self.run(Self.fetcher(url: url, from: "2024-03-05", to: "2024-03-04"), store) }
                == "The start date (2024-03-05) is after the end date (2024-03-04).")
        #expect(Self.message { try Self.run(Self.fetcher(url: url, from: "2024-03-05", to: "2024-03-07"), store) }
                == "Rates cannot be fetched for a day in the future (2024-03-07); they exist up to today (2024-03-06).")
        #expect(Self.message { try Self.run(Self.fetcher(url: url, from: "2024-03-05", to: "2024-03-05", base: "XYZ"), store) }
                == "Unsupported currency 'XYZ'.")
        #expect(Self.message { try Self.run(Self.fetcher(url: url, from: "2000-01-01", to: "2024-03-05"), store) }
                == "A fetch is limited to 3700 days; give a shorter range with --from and --to.")
        #expect(Self.message { try Self.run(Self.fetcher(url: url, provider: "nope", from: "2024-03-05", to: "2024-03-05"), store) }
                .hasPrefix("No rate provider 'nope': the built-in ones are currency-api, ecb, and "))
    }

    static func ecb(_ server: LocalQuoteServer, changed: Bool = false) -> String {
        server.base + (changed ? "/changed" : "") + "/service/data/EXR/D..{base}.SP00.A?startPeriod={from}&endPeriod={to}&detail=dataonly&format=csvdata"
    }

    @Test("ECB: the data API's CSV is stored exactly in one request per span; weekends are said; a second fetch asks only for the missing days")
    func ecbMissingDaysOnly() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let store = try AssetFlowStore(path: nil)
        let first = try Self.run(Self.fetcher(url: Self.ecb(server), provider: "ecb", from: "2024-03-01", to: "2024-03-04", base: "EUR"), store)
        #expect(first == RateFetch.Summary(requested: 4, skipped: 0, stored: 4, days: 2, empty: 2))  // Friday and Monday; the weekend has none
        #expect(RatesRun.lines(first) == "Stored 4 rates for 2 day(s).\n2 day(s) asked for came back without rates (the source's weekends and holidays).")
        #expect(try Self.rates(store, quote: "USD").map { "\($0.date) \($0.rate) \($0.source)" } == ["2024-03-01 1.00105 127.0.0.1", "2024-03-04 1.00405 127.0.0.1"])
        let second = try Self.run(Self.fetcher(url: Self.ecb(server), provider: "ecb", from: "2024-03-01", to: "2024-03-06", base: "EUR"), store)
        #expect(second == RateFetch.Summary(requested: 6, skipped: 2, stored: 4, days: 2))
        let asked = server.requests.map { $0.components(separatedBy: "?")[1].components(separatedBy: "&").prefix(2).joined(separator: "&") }
        #expect(asked == ["startPeriod=2024-03-01&endPeriod=2024-03-04", "startPeriod=2024-03-05&endPeriod=2024-03-06"])
        // Everything stored: nothing asked. A weekend alone answers 404 "No results found": no rates, no error.
        #expect(try Self.run(Self.fetcher(url: Self.ecb(server), provider: "ecb", from: "2024-03-01", to: "2024-03-06", base: "EUR"), store).stored == 0)
        #expect(server.requests.count == 2)
        #expect(try Self.run(Self.fetcher(url: Self.ecb(server), provider: "ecb", from: "2024-02-24", to: "2024-02-25", base: "EUR"), store).empty == 2)
        #expect(try Self.rates(store, quote: "JPY").map(\.rate) == [Self.x("161.201"), Self.x("161.204"), Self.x("161.205"), Self.x("161.206")])
    }

    @Test("ECB: a base other than EUR and a changed format are clear errors; nothing is stored")
    func ecbErrors() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let store = try AssetFlowStore(path: nil)
        #expect(Self.message { try Self.run(Self.fetcher(url: Self.ecb(server), provider: "ecb", from: "2024-03-04", to: "2024-03-04"), store) }
                == "ecb: the ECB publishes the euro's rates only: fetch them with --base EUR (other pairs convert through the euro). (2024-03-04)")
        #expect(Self.message { try Self.run(Self.fetcher(url: Self.ecb(server, changed: true), provider: "ecb", from: "2024-03-04", to: "2024-03-05", base: "EUR"), store) }
                == "ecb: the response is not the data API's CSV (no CURRENCY, CURRENCY_DENOM, TIME_PERIOD and OBS_VALUE columns) (2024-03-04 to 2024-03-05)")
        #expect(try Self.rates(store).isEmpty)
    }
}
