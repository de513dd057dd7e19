import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// API keys: read from providers.conf or the variable the provider's `-- key:` line names,
/// given to the provider as request.key, and never shown in a message.
@Suite("Provider API keys", .serialized)
struct ProviderKeyTests {
    static let secret = "s3cr3t+KEY/42"

    /// A provider that sends its key in the address and fails with the address in its message
    /// (as a careless provider would), and one whose bad address holds the key.
    static func providers(_ server: LocalQuoteServer) throws -> String {
        let folder = NSTemporaryDirectory() + "af-keyed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            -- hosts: 127.0.0.1
            -- key: AF_TEST_QUOTE_KEY
            function fetch(request)
              if not request.key then error("keyed: no key: set AF_TEST_QUOTE_KEY") end
              local url = "\(server.base)/secret?apikey=" .. request.key .. "&escaped=" .. request.key:gsub("[^%w]", function(c) return string.format("%%%02X", c:byte()) end)
              local response = af.http.get(url)
              if response.status ~= 200 then error("keyed: HTTP " .. response.status .. " from " .. url) end
              return {}
            end
            """.write(toFile: folder + "/keyed.lua", atomically: true, encoding: .utf8)
        try """
            -- hosts: 127.0.0.1
            -- key: AF_TEST_QUOTE_KEY
            function fetch(request) af.http.get("ftp://127.0.0.1/?key=" .. request.key) return {} end
            """.write(toFile: folder + "/badurl.lua", atomically: true, encoding: .utf8)
        return folder
    }

    static func outcomes(settings: ProviderSettings, environment: [String: String]) throws -> ([PriceFetch.Outcome], [String]) {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try PriceFetchTests.store("""
            af.create_asset{ name = "K", type = "stock", currency = "USD" }:update{ quote = { provider = "keyed", symbol = "K" } }
            af.create_asset{ name = "U", type = "stock", currency = "USD" }:update{ quote = { provider = "badurl", symbol = "U" } }
            """)
        var fetch = PriceFetch(from: CalendarDate("2024-01-01"), to: CalendarDate("2024-01-01"), allowNet: ["127.0.0.1"])
        fetch.providerFolder = folder
        fetch.settings = settings
        fetch.environment = environment
        let outcomes = try store.withSession(today: PriceFetchTests.today) { try fetch.run(in: $0) }
        return (outcomes, server.requests)
    }

    @Test("A key from the environment variable reaches the provider; a failing request's message does not contain it")
    func keyFromEnvironment() throws {
        let (outcomes, requests) = try Self.outcomes(settings: ProviderSettings(), environment: ["AF_TEST_QUOTE_KEY": Self.secret])
        #expect(requests.count == 1 && requests[0].hasPrefix("/secret?apikey=s3cr3t+KEY/42"), "\(requests)")
        let failure = outcomes[0].failure ?? ""
        #expect(failure.contains("keyed: HTTP 403 from") && failure.contains("apikey=[key]&escaped=[key]"), "\(failure)")
        #expect(!failure.contains("s3cr3t") && !failure.contains("KEY%2F42"))
        let bad = outcomes[1].failure ?? ""
        #expect(bad.contains("is not an http or https address") && bad.contains("key=[key]") && !bad.contains("s3cr3t"), "\(bad)")
    }

    @Test("providers.conf's key wins over the environment; without either the provider is told none")
    func keyFromSettings() throws {
        let (_, requests) = try Self.outcomes(settings: ProviderSettings(keys: ["keyed": "from-conf"]), environment: ["AF_TEST_QUOTE_KEY": Self.secret])
        #expect(requests.first?.hasPrefix("/secret?apikey=from-conf") == true, "\(requests)")
        let (none, nothing) = try Self.outcomes(settings: ProviderSettings(), environment: [:])
        #expect(nothing.isEmpty)
        #expect(none[0].failure?.contains("keyed: no key: set AF_TEST_QUOTE_KEY") == true)
    }

    @Test("The key variable is read from the provider's comment lines at its top")
    func keyVariable() {
        #expect(QuoteProvider(name: "p", source: "-- hosts: a.com\n-- key: MY_KEY\nfunction fetch() end").keyVariable == "MY_KEY")
        #expect(QuoteProvider(name: "p", source: "-- hosts: a.com\nlocal x = 1\n-- key: LATE").keyVariable == nil)
    }
}
