import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// providers.conf: hosts allowed per provider besides --allow-net, and API keys.
@Suite("Provider settings: allowed hosts and keys", .serialized)
struct ProviderSettingsTests {
    @Test("providers.conf is read by section; a bad line is an error naming the line (and never echoes a key)")
    func parse() throws {
        let settings = try ProviderSettings.parse("""
            # quote providers
            [stooq]
            hosts = stooq.com, www.stooq.com
            ; a comment
            [coingecko]
            hosts = api.coingecko.com
            key = CG-123
            """)
        #expect(settings.hosts == ["stooq": ["stooq.com", "www.stooq.com"], "coingecko": ["api.coingecko.com"]])
        #expect(settings.keys == ["coingecko": "CG-123"])
        #expect(Self.message { try ProviderSettings.parse("hosts = a.com") } == "providers.conf, line 1: 'hosts = a.com' comes before any [provider] section.")
        #expect(Self.message { try ProviderSettings.parse("[x]\nhosts = *") } == "providers.conf, line 2: '*' is not a host name (hosts are listed one by one).")
        #expect(Self.message { try ProviderSettings.parse("[x]\nkee = 1") } == "providers.conf, line 2: unknown setting 'kee' (known: hosts, key).")
        let pasted = Self.message { try ProviderSettings.parse("[x]\nCG-SECRET") }
        #expect(pasted.contains("line 2") && !pasted.contains("CG-SECRET"))
        #expect(try ProviderSettings.load(path: "/nonexistent/providers.conf") == ProviderSettings())
        #expect(ProviderSettings.userPath(environment: ["XDG_CONFIG_HOME": "/cfg"]) == "/cfg/assetflow/providers.conf")
    }

    @Test("A host listed for the provider in providers.conf is allowed without --allow-net; only for that provider")
    func hostsFromSettings() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try PriceFetchTests.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try PriceFetchTests.store("""
            af.create_asset{ name = "Apple", type = "stock", currency = "USD" }:update{ quote = { provider = "stooq", symbol = "AAPL.US" } }
            af.create_asset{ name = "Other", type = "stock", currency = "USD" }:update{ quote = { provider = "csv", symbol = "\(server.base)/daily?s=x.us&d1={from}&d2={to}" } }
            """)
        var fetch = PriceFetch(from: CalendarDate("2024-01-01"), to: CalendarDate("2024-01-02"))
        fetch.providerFolder = folder
        fetch.settings = try ProviderSettings.parse("[stooq]\nhosts = 127.0.0.1\n")
        let outcomes = try store.withSession(today: PriceFetchTests.today) { try fetch.run(in: $0) }
        #expect(outcomes[0].asset == "Apple" && outcomes[0].stored == 2 && outcomes[0].failure == nil, "\(outcomes)")
        #expect(outcomes[1].failure == "Provider 'csv' may not reach 127.0.0.1: allow it with --allow-net 127.0.0.1.")
    }

    @Test("The settings file is found under XDG_CONFIG_HOME when none is given")
    func settingsFile() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try PriceFetchTests.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = NSTemporaryDirectory() + "af-config-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: config) }
        try FileManager.default.createDirectory(atPath: config + "/assetflow", withIntermediateDirectories: true)
        try "[stooq]\nhosts = 127.0.0.1\n".write(toFile: config + "/assetflow/providers.conf", atomically: true, encoding: .utf8)
        let store = try PriceFetchTests.store(#"af.create_asset{ name = "Apple", type = "stock", currency = "USD" }:update{ quote = { provider = "stooq", symbol = "AAPL.US" } }"#)
        var fetch = PriceFetch(from: CalendarDate("2024-01-01"), to: CalendarDate("2024-01-03"))
        fetch.providerFolder = folder
        fetch.environment = ["XDG_CONFIG_HOME": config]
        let outcomes = try store.withSession(today: PriceFetchTests.today) { try fetch.run(in: $0) }
        #expect(outcomes.first?.stored == 3, "\(outcomes)")
    }

    static func message(_ body: () throws -> Any) -> String {
        do { _ = try body(); return "no error" } catch { return "\(error)" }
    }
}
