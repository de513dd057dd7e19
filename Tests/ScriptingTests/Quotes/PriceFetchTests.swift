import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// `prices fetch` over providers run against a local server: stored prices, missing days
/// only, failures per asset, refusals, dry runs, and af.fetch_prices.
@Suite("Fetching prices through quote providers", .serialized)
struct PriceFetchTests {
    static let today = CalendarDate("2024-06-01")!

    /// A providers folder holding the built-in Stooq provider pointed at `server`, and a
    /// provider returning a float.
    static func providers(_ server: LocalQuoteServer) throws -> String {
        let folder = NSTemporaryDirectory() + "af-providers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stooq = BuiltInProviders.stooq
            .replacingOccurrences(of: "-- hosts: stooq.com", with: "-- hosts: 127.0.0.1")
            .replacingOccurrences(of: "\"https://stooq.com\"", with: "\"\(server.base)\"")
        try stooq.write(toFile: folder + "/stooq.lua", atomically: true, encoding: .utf8)
        let coingecko = BuiltInProviders.coingecko
            .replacingOccurrences(of: "-- hosts: api.coingecko.com", with: "-- hosts: 127.0.0.1")
            .replacingOccurrences(of: "\"https://api.coingecko.com\"", with: "\"\(server.base)\"")
        try coingecko.write(toFile: folder + "/coingecko.lua", atomically: true, encoding: .utf8)
        try "-- hosts: 127.0.0.1\nfunction fetch(r) return { { date = r.to, price = 1.5, currency = 'USD' } } end\n"
            .write(toFile: folder + "/floaty.lua", atomically: true, encoding: .utf8)
        try """
            -- hosts: 127.0.0.1
            function fetch(r)
              local data = af.json('{"chart": {"close": [123456789.123456789, 0.1, null], "currency": "USD", "ok": true}}')
              assert(data.chart.ok == true and data.chart.close[3] == nil)
              return { { date = r.from, price = data.chart.close[1], currency = data.chart.currency },
                       { date = r.to, price = data.chart.close[2], currency = data.chart.currency } }
            end
            """.write(toFile: folder + "/jsonish.lua", atomically: true, encoding: .utf8)
        return folder
    }

    static func store(_ lua: String) throws -> AssetFlowStore {
        let store = try AssetFlowStore(path: nil)
        _ = try runLua(lua, store: store, today: today.description)
        return store
    }

    static func fetch(_ store: AssetFlowStore, folder: String, from: String?, to: String?, allow: [String] = ["127.0.0.1"],
                      asset: String? = nil, dryRun: Bool = false) throws -> [PriceFetch.Outcome] {
        var fetch = PriceFetch(asset: asset, from: from.flatMap(CalendarDate.init), to: to.flatMap(CalendarDate.init), dryRun: dryRun, allowNet: allow)
        fetch.providerFolder = folder
        fetch.settings = ProviderSettings()  // never the user's own providers.conf
        fetch.timeout = 5
        return try store.withSession(today: today) { try fetch.run(in: $0) }
    }

    static func prices(_ store: AssetFlowStore, _ name: String) throws -> [String] {
        try store.withSession(today: today) { s in
            try s.prices(ofAsset: s.asset(named: name)!.id!).map { "\($0.date) \($0.price)" }
        }
    }

    @Test("Stooq-shaped CSV is stored exactly; a second fetch asks only for the missing days")
    func missingDaysOnly() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try Self.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try Self.store("""
            local a = af.create_asset{ name = "Apple", type = "stock", currency = "USD" }
            a:update{ quote = { provider = "stooq", symbol = "AAPL.US" } }
            print(a.quote.provider, a.quote.symbol)
            """)
        let first = try Self.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-10")
        #expect(first == [PriceFetch.Outcome(asset: "Apple", provider: "stooq", symbol: "AAPL.US", stored: 10, skipped: 0)])
        let stored = try Self.prices(store, "Apple")
        #expect(stored.count == 10 && stored.first == "2024-01-01 101.25" && stored.last == "2024-01-10 110.25")
        let second = try Self.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-15")
        #expect(second.first?.stored == 5 && second.first?.skipped == 10)
        #expect(server.requests == ["/q/d/l/?s=aapl.us&d1=20240101&d2=20240110&i=d", "/q/d/l/?s=aapl.us&d1=20240111&d2=20240115&i=d"])
        // Without --from: from the day after the latest price.
        _ = try Self.fetch(store, folder: folder, from: nil, to: "2024-01-17")
        #expect(server.requests.last == "/q/d/l/?s=aapl.us&d1=20240116&d2=20240117&i=d")
        #expect(try Self.prices(store, "Apple").count == 17)
    }

    @Test("af.json reads numbers exactly (no binary float on the way)")
    func jsonExact() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try Self.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try Self.store(#"af.create_asset{ name = "J", type = "stock", currency = "USD" }:update{ quote = { provider = "jsonish", symbol = "X" } }"#)
        let outcomes = try Self.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-02")
        #expect(outcomes.first?.stored == 2, "\(outcomes)")
        #expect(try Self.prices(store, "J") == ["2024-01-01 123456789.123456789", "2024-01-02 0.1"])
    }

    @Test("CoinGecko-shaped JSON: the last point of each UTC day, exactly; a format change is a clear failure")
    func coingecko() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try Self.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try Self.store("""
            af.create_asset{ name = "Bitcoin", type = "crypto", currency = "USD" }:update{ quote = { provider = "coingecko", symbol = "bitcoin" } }
            af.create_asset{ name = "Changed", type = "crypto", currency = "USD" }:update{ quote = { provider = "coingecko", symbol = "changed" } }
            """)
        let outcomes = try Self.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-02")
        #expect(outcomes[0].stored == 2 && outcomes[0].failure == nil, "\(outcomes)")
        #expect(try Self.prices(store, "Bitcoin") == ["2024-01-01 42261.04120000000000001", "2024-01-02 42261.04120000000000001"])
        #expect(server.requests.first == "/api/v3/coins/bitcoin/market_chart/range?vs_currency=usd&from=1704067200&to=1704239999")
        #expect(outcomes[1].failure == "Provider 'coingecko' failed: coingecko.lua:28: coingecko: the response has no \"prices\" list")
        // Without --from: the day after the latest price, the noon point (the day's last).
        _ = try Self.fetch(store, folder: folder, from: nil, to: "2024-01-03", asset: "Bitcoin")
        #expect(server.requests.last == "/api/v3/coins/bitcoin/market_chart/range?vs_currency=usd&from=1704240000&to=1704326399")
        #expect(try Self.prices(store, "Bitcoin").last == "2024-01-03 42261.04120000000000001")
    }

    @Test("Each asset is reported; a failing one does not stop the others, and stores nothing")
    func failuresPerAsset() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try Self.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try Self.store("""
            af.create_asset{ name = "Apple", type = "stock", currency = "USD" }:update{ quote = { provider = "stooq", symbol = "AAPL.US" } }
            af.create_asset{ name = "Float", type = "stock", currency = "USD" }:update{ quote = { provider = "floaty", symbol = "X" } }
            af.create_asset{ name = "Ghost", type = "stock", currency = "USD" }:update{ quote = { provider = "nowhere", symbol = "X" } }
            af.create_asset{ name = "Euro", type = "stock", currency = "EUR" }:update{ quote = { provider = "stooq", symbol = "MSFT.US" } }
            """)
        let outcomes = try Self.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-02")
        #expect(outcomes.map(\.asset) == ["Apple", "Euro", "Float", "Ghost"])
        #expect(outcomes[0].stored == 2 && outcomes[0].failure == nil)
        #expect(outcomes[1].failure?.contains("The provider gave a price in USD; Euro is priced in EUR.") == true)
        #expect(outcomes[2].failure?.contains("as a Lua float") == true)
        #expect(outcomes[3].failure?.hasPrefix("No quote provider 'nowhere'") == true)
        #expect(try Self.prices(store, "Euro").isEmpty && Self.prices(store, "Float").isEmpty)
    }

    @Test("A host not allowed is refused naming --allow-net; a dry run stores nothing")
    func refusalAndDryRun() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try Self.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try Self.store(#"af.create_asset{ name = "Apple", type = "stock", currency = "USD" }:update{ quote = { provider = "stooq", symbol = "AAPL.US" } }"#)
        let refused = try Self.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-02", allow: [])
        #expect(refused.first?.failure?.contains("allow it with --allow-net 127.0.0.1") == true)
        #expect(server.requests.isEmpty)
        let dry = try Self.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-02", dryRun: true)
        #expect(dry.first?.stored == 2)
        #expect(try Self.prices(store, "Apple").isEmpty)
    }

    @Test("af.fetch_prices uses the hosts the run allows, never the script's")
    func fromLua() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try Self.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try AssetFlowStore(path: nil)
        var printed = ""
        try store.withSession(today: Self.today) { session in
            let env = try ScriptEnvironment(session: session)
            env.output = { printed += $0 }
            try env.lua.execute("""
                af.create_asset{ name = "Apple", type = "stock", currency = "USD" }:update{ quote = { provider = "csv", symbol = "\(server.base)/daily?s=x.us&d1={from}&d2={to}" } }
                local r = af.fetch_prices{ from = "2024-01-01", to = "2024-01-02" }[1]
                print(r.asset, r.stored, r.failure)
                """, name: "=test")
            env.allowNet = ["127.0.0.1"]
            try env.lua.execute(#"local r = af.fetch_prices{ from = "2024-01-01", to = "2024-01-01" }[1] print(r.asset, r.stored, r.failure)"#, name: "=test")
        }
        #expect(printed.contains("Apple\t0\tProvider 'csv' may not reach 127.0.0.1: allow it with --allow-net 127.0.0.1"))
        #expect(printed.hasSuffix("Apple\t1\tnil\n"))
    }
}
