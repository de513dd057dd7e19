import Foundation
import Testing
@testable import Core
@testable import Store

/// `rates fetch` under the quote providers' rules, against a local server: the feed's own
/// host is allowed, a redirect elsewhere only with --allow-net, responses bounded in size and
/// time.
@Suite("Rates fetch: the providers' rules", .serialized)
struct RateFetchRulesTests {
    static let day = CalendarDate("2024-03-04")!

    static func message(_ body: () throws -> Any) -> String {
        do { _ = try body(); return "no error" } catch { return "\(error)" }
    }

    @Test("The feed's host is allowed; a redirect to another host is refused naming --allow-net, and followed with it")
    func redirects() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let feed = RateFetcher(urlTemplate: server.base + "/rates/{date}/{base}.json", timeout: 5)
        let rates = try feed.fetch(base: "USD", dates: [Self.day])
        #expect(rates.map { "\($0.quote) \($0.rate)" } == ["EUR 0.92", "JPY 150.5"])
        var redirected = RateFetcher(urlTemplate: server.base + "/rates-redirect/{date}/{base}.json", timeout: 5)
        let refused = Self.message { try redirected.fetch(base: "USD", dates: [Self.day]) }
        #expect(refused == "The rates fetch may not reach localhost: allow it with --allow-net localhost. (2024-03-04)")
        #expect(server.requests == ["/rates/2024-03-04/usd.json", "/rates-redirect/2024-03-04/usd.json"])
        redirected.allowNet = ["localhost"]
        #expect(try redirected.fetch(base: "USD", dates: [Self.day]).count == 2)
    }

    @Test("A response past the size bound and a slow one fail with the app's messages")
    func bounds() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        var huge = RateFetcher(urlTemplate: server.base + "/huge?{date}{base}", timeout: 5)
        huge.bodyLimit = 64 << 10
        #expect(Self.message { try huge.fetch(base: "USD", dates: [Self.day]) } == "Invalid response from exchange rate service. (2024-03-04)")
        let slow = RateFetcher(urlTemplate: server.base + "/slow?{date}{base}", timeout: 1)
        let start = Date()
        #expect(Self.message { try slow.fetch(base: "USD", dates: [Self.day]) } == "Network unavailable. Exchange rates could not be fetched. (2024-03-04)")
        #expect(Date().timeIntervalSince(start) < 4)
    }
}
