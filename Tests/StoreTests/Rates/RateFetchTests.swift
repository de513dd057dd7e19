import Foundation
import Testing
@testable import Core
@testable import Store

@Suite("Fetching exchange rates", .serialized)
struct RateFetchTests: StoreRuleTesting {
    static var today: CalendarDate { CalendarDate("2024-03-06")! }

    static let march4 = #"{"date":"2024-03-04","usd":{"eur":0.92115,"jpy":149.83,"btc":0.0000151,"xau":0.00047}}"#
    static let march5 = #"{"date":"2024-03-05","usd":{"eur":0.92,"jpy":150,"btc":0.000015}}"#

    @Test("A range is fetched from the local server, stored, and converts offline afterwards")
    func successThenOffline() throws {
        let server = try LocalRateServer(files: ["2024-03-04/usd.json": Self.march4, "2024-03-05/usd.json": Self.march5])
        let store = try AssetFlowStore(path: nil)
        try store.withSession(today: Self.today) { s in
            var progress: [Int] = []
            let summary = try s.fetchRates(base: "usd", from: d("2024-03-04"), to: d("2024-03-05"),
                                           fetcher: RateFetcher(urlTemplate: server.template, timeout: 5)) { done, _ in progress.append(done) }
            #expect(summary == StoreSession.FetchSummary(requested: 2, skipped: 0, stored: 6, unknown: ["XAU"]))  // xau: a metal, not a currency: skipped and said so
            #expect(progress == [1, 2])
            let stored = try s.rates(quote: "EUR")
            #expect(stored.map(\.rate) == [x("0.92115"), x("0.92")])
            #expect(stored.allSatisfy { $0.source == "127.0.0.1" && !$0.fetchedAt.isEmpty })
        }
        server.stop()
        // Offline: the server is gone, conversions use the stored rates, and fetching the
        // same days again asks nothing of the network.
        try store.withSession(today: Self.today) { s in
            let table = try s.rateTable(for: ["EUR", "USD"])
            let r = try table.convert(x("92"), from: "EUR", to: "USD", on: d("2024-03-06"))
            #expect(r.amount == 100 && r.rate.isFallback && r.rate.rateDate == d("2024-03-05"))
            let again = try s.fetchRates(base: "USD", from: d("2024-03-04"), to: d("2024-03-05"), fetcher: RateFetcher(urlTemplate: server.template, timeout: 5))
            #expect(again == StoreSession.FetchSummary(requested: 2, skipped: 2, stored: 0))
        }
    }

    @Test("A day the service does not have: 404 is the app's 'not found' message and nothing is stored")
    func notFound() throws {
        let server = try LocalRateServer(files: ["2024-03-04/usd.json": Self.march4])
        defer { server.stop() }
        try withStore { s in
            s.today = Self.today
            let error = message { _ = try s.fetchRates(base: "USD", from: d("2024-03-04"), to: d("2024-03-05"), fetcher: RateFetcher(urlTemplate: server.template, timeout: 5)) }
            #expect(error == "Exchange rates not found for the requested date. (2024-03-05)")
            let stored = try s.rates()
            #expect(stored.isEmpty)
        }
    }

    @Test("A response that is not the feed's JSON is 'Invalid response from exchange rate service.'")
    func badJSON() throws {
        let server = try LocalRateServer(files: ["2024-03-04/usd.json": "<html>maintenance</html>", "2024-03-05/usd.json": #"{"date":"2024-03-05","eur":{}}"#])
        defer { server.stop() }
        try withStore { s in
            s.today = Self.today
            for day in ["2024-03-04", "2024-03-05"] {
                let error = message { _ = try s.fetchRates(base: "USD", from: d(day), to: d(day), fetcher: RateFetcher(urlTemplate: server.template, timeout: 5)) }
                #expect(error == "Invalid response from exchange rate service. (\(day))")
            }
            let stored = try s.rates()
            #expect(stored.isEmpty)
        }
    }

    @Test("No server listening: 'Network unavailable. Exchange rates could not be fetched.'")
    func networkDown() throws {
        let server = try LocalRateServer(files: [:])
        let template = server.template
        server.stop()  // the port is closed now: connection refused
        try withStore { s in
            s.today = Self.today
            let error = message { _ = try s.fetchRates(base: "USD", from: d("2024-03-04"), to: d("2024-03-04"), fetcher: RateFetcher(urlTemplate: template, timeout: 5)) }
            #expect(error == "Network unavailable. Exchange rates could not be fetched. (2024-03-04)")
        }
    }

    @Test("Redirects are followed, as the feed's CDN may answer with one; an unbounded timeout is accepted")
    func redirect() throws {
        // http.server answers /2024-03-04/usd with a redirect to /2024-03-04/usd/ and serves
        // that folder's index.html.
        let server = try LocalRateServer(files: ["2024-03-04/usd/index.html": Self.march4])
        defer { server.stop() }
        try withStore { s in
            s.today = Self.today
            let template = "http://127.0.0.1:\(server.port)/{date}/{base}"
            // A timeout beyond what libcurl takes (whole milliseconds in a long) means none.
            let summary = try s.fetchRates(base: "USD", from: d("2024-03-04"), to: d("2024-03-04"), fetcher: RateFetcher(urlTemplate: template, timeout: .infinity))
            #expect(summary.stored == 3)
        }
    }

    @Test("Without libcurl (loaded only when fetching) the error says what to install, and nothing is stored")
    func libraryMissing() throws {
        try withStore { s in
            s.today = Self.today
            var fetcher = RateFetcher(urlTemplate: "http://127.0.0.1:9/{date}/{base}.json", timeout: 1)
            fetcher.library = "libcurl-not-installed.so.4"
            let error = message { _ = try s.fetchRates(base: "USD", from: d("2024-03-04"), to: d("2024-03-04"), fetcher: fetcher) } ?? ""
            #expect(error.hasPrefix("Exchange rates could not be fetched: AssetFlow needs libcurl (libcurl-not-installed.so.4) for it, and it could not be loaded ("))
            #expect(error.hasSuffix("Install libcurl (Debian and Ubuntu: apt install libcurl4), or add rates with `assetflow rates import` or af.set_rate{…}."))
            let stored = try s.rates()
            #expect(stored.isEmpty)
        }
    }

    @Test("Ranges are checked before any request: order, future days, the day limit")
    func ranges() throws {
        try withStore { s in
            s.today = Self.today
            let fetcher = RateFetcher(urlTemplate: "http://127.0.0.1:9/{date}/{base}.json", timeout: 1)
            #expect(message { _ = try s.fetchRates(base: "USD", from: d("2024-03-05"), to: d("2024-03-04"), fetcher: fetcher) }
                    == "The start date (2024-03-05) is after the end date (2024-03-04).")
            #expect(message { _ = try s.fetchRates(base: "USD", from: d("2024-03-05"), to: d("2024-03-07"), fetcher: fetcher) }
                    == "Rates cannot be fetched for a day in the future (2024-03-07); they exist up to today (2024-03-06).")
            #expect(message { _ = try s.fetchRates(base: "XYZ", from: d("2024-03-05"), to: d("2024-03-05"), fetcher: fetcher) }
                    == "Unsupported currency 'XYZ'.")
            #expect(message { _ = try s.fetchRates(base: "USD", from: d("2000-01-01"), to: d("2024-03-05"), fetcher: fetcher) }
                    == "A fetch is limited to 3700 days; give a shorter range with --from and --to.")
        }
    }
}
