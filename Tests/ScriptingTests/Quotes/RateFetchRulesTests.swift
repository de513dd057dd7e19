import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// `rates fetch` under the quote providers' rules, against a local server: the address's own
/// host is allowed, a redirect elsewhere only with --allow-net, a user's own rate provider
/// only for the hosts allowed, responses bounded in size and time.
@Suite("Rates fetch: the providers' rules", .serialized)
struct RateFetchRulesTests {
    static let today = CalendarDate("2024-03-06")!

    static func message(_ body: () throws -> Any) -> String {
        do { _ = try body(); return "no error" } catch { return "\(error)" }
    }

    static func fetch(_ url: String?, provider: String? = nil, folder: String? = nil, allow: [String] = [], bodyLimit: Int = 8 << 20,
                      timeout: Double = 5) throws -> [String] {
        var fetch = RateFetch(provider: provider, base: "USD", from: CalendarDate("2024-03-04")!, to: CalendarDate("2024-03-04")!)
        fetch.url = url
        fetch.allowNet = allow
        fetch.settings = ProviderSettings()
        fetch.providerFolder = folder ?? NSTemporaryDirectory() + "af-no-providers-\(UUID().uuidString)"
        fetch.bodyLimit = bodyLimit
        fetch.timeout = timeout
        let store = try AssetFlowStore(path: nil)
        return try store.withSession(today: today) { s in
            try s.atomically { _ = try fetch.run(in: s) }
            return try s.rates().map { "\($0.quote) \($0.rate)" }
        }
    }

    @Test("The address's host is allowed; a redirect to another host is refused naming --allow-net, and followed with it")
    func redirects() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        #expect(try Self.fetch(server.base + "/rates/{date}/{base}.json") == ["EUR 0.92", "JPY 150.5"])
        let redirected = server.base + "/rates-redirect/{date}/{base}.json"
        #expect(Self.message { try Self.fetch(redirected) } == "The rates fetch may not reach localhost: allow it with --allow-net localhost. (2024-03-04)")
        #expect(server.requests == ["/rates/2024-03-04/usd.json", "/rates-redirect/2024-03-04/usd.json"])
        #expect(try Self.fetch(redirected, allow: ["localhost"]).count == 2)
    }

    @Test("A response past the size bound and a slow one fail with the app's messages")
    func bounds() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        #expect(Self.message { try Self.fetch(server.base + "/huge?{date}{base}", bodyLimit: 64 << 10) }
                == "Invalid response from exchange rate service. (2024-03-04)")
        let start = Date()
        #expect(Self.message { try Self.fetch(server.base + "/slow?{date}{base}", timeout: 1) }
                == "Network unavailable. Exchange rates could not be fetched. (2024-03-04)")
        #expect(Date().timeIntervalSince(start) < 4)
    }

    @Test("A rate provider of the user's: run in the sandbox, its host allowed only with --allow-net, a float rate refused")
    func userProvider() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = NSTemporaryDirectory() + "af-rate-providers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            -- hosts: 127.0.0.1
            -- url: \(server.base)/rates/{date}/{base}.json
            -- span: day
            function fetch_rates(request)
              local url = request.url:gsub("{date}", request.from):gsub("{base}", request.base:lower())
              local data = af.json(af.http.get(url).body)
              return { { date = request.from, quote = "EUR", rate = data.usd.eur }, { date = request.from, quote = "JPY", rate = "150.25" } }
            end
            """.write(toFile: folder + "/mine.lua", atomically: true, encoding: .utf8)
        try "function fetch_rates(r) return { { date = r.from, quote = 'EUR', rate = 0.92 } } end\n"
            .write(toFile: folder + "/floaty.lua", atomically: true, encoding: .utf8)
        try "function fetch_rates(r) return io.open('/etc/passwd') end\n".write(toFile: folder + "/escape.lua", atomically: true, encoding: .utf8)
        #expect(Self.message { try Self.fetch(nil, provider: "mine", folder: folder) }
                == "The rates fetch may not reach 127.0.0.1: allow it with --allow-net 127.0.0.1. (2024-03-04)")
        #expect(server.requests.isEmpty)  // refused before any request
        #expect(try Self.fetch(nil, provider: "mine", folder: folder, allow: ["127.0.0.1"]) == ["EUR 0.92", "JPY 150.25"])
        #expect(Self.message { try Self.fetch(nil, provider: "floaty", folder: folder) }
                == "Provider 'floaty' returned the EUR rate of 2024-03-04 as a Lua float: give it as text (\"0.92\") or a decimal, so no digit is lost (2024-03-04)")
        #expect(Self.message { try Self.fetch(nil, provider: "escape", folder: folder) }.hasPrefix("escape.lua:1: io.open is not available in the sandbox"))
    }
}
