import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Fetched prices keep their source and fetch time (price_fetch); typed prices have none;
/// editing a fetched price makes it the user's. And the progress callback, once per asset.
@Suite("Fetched prices: source, fetch time, progress", .serialized)
struct PriceProvenanceTests {
    @Test("A fetched price has source and fetched_at in Lua; a typed one has nil; an edit forgets them")
    func provenance() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try PriceFetchTests.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try PriceFetchTests.store("""
            local a = af.create_asset{ name = "Apple", type = "stock", currency = "USD" }
            a:update{ quote = { provider = "stooq", symbol = "AAPL.US" } }
            a:record_price{ date = "2024-01-05", price = "7" }
            """)
        let before = Date()
        let outcomes = try PriceFetchTests.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-02")
        #expect(outcomes.first?.stored == 2)
        let printed = try runLua("""
            for _, p in ipairs(af.asset("Apple"):prices()) do print(p.date, p.price, p.source, p.fetched_at ~= nil) end
            local p = af.asset("Apple"):prices()[1]
            assert(p.fetched_at:match("^%d%d%d%d%-%d%d%-%d%dT%d%d:%d%d:%d%dZ$"), p.fetched_at)
            print(p.fetched_at)
            p:edit{ price = "1" }
            print(p.source, p.fetched_at)
            """, store: store, today: PriceFetchTests.today.description)
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == ["2024-01-01\t101.25\tstooq\ttrue", "2024-01-02\t102.25\tstooq\ttrue", "2024-01-05\t7\tnil\tfalse"])
        let stamp = ISO8601DateFormatter().date(from: lines[3])
        #expect(stamp.map { $0.timeIntervalSince(before) > -2 && $0.timeIntervalSinceNow < 2 } == true, "\(lines)")
        #expect(lines[4] == "nil\tnil")
    }

    @Test("af.rows.prices and the prices export (CSV and JSON) carry a fetched price's source and fetch time; a typed one has none")
    func rowsAndExport() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try PriceFetchTests.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try PriceFetchTests.store("""
            local a = af.create_asset{ name = "Apple", type = "stock", currency = "USD" }
            a:update{ quote = { provider = "stooq", symbol = "AAPL.US" } }
            a:record_price{ date = "2024-01-05", price = "7" }
            """)
        _ = try PriceFetchTests.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-01")
        let printed = try runLua("""
            for _, r in ipairs(af.rows.prices{ asset = "Apple" }) do
              print(r.date, r.price, r.source, r.fetched_at and r.fetched_at:match("^%d%d%d%d%-%d%d%-%d%dT%d%d:%d%d:%d%dZ$") ~= nil)
            end
            """, store: store, today: PriceFetchTests.today.description)
        #expect(printed == "2024-01-01\t101.25\tstooq\ttrue\n2024-01-05\t7\tnil\tnil\n")
        let out = NSTemporaryDirectory() + "af-export-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try store.withSession(today: PriceFetchTests.today) { s in
            _ = try StoreExport.write(s, format: .csv, to: out + "/csv")
            _ = try StoreExport.write(s, format: .json, to: out + "/json")
        }
        let csv = try String(contentsOfFile: out + "/csv/prices.csv", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(csv[0] == "Date,Asset,Price,Currency,Asset Type,Platform,Source,Fetched At")
        #expect(csv[1].hasPrefix("2024-01-01,Apple,101.25,USD,stock,,stooq,20") && csv[1].hasSuffix("Z"))
        #expect(csv[2] == "2024-01-05,Apple,7,USD,stock,,,")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/json/prices.json"))) as! [[String: Any]]
        #expect(json[0]["source"] as? String == "stooq" && (json[0]["fetched_at"] as? String)?.hasSuffix("Z") == true)
        #expect(json[1]["source"] is NSNull && json[1]["fetched_at"] is NSNull)
        // The export imports again without a warning for its own columns (an imported price is the user's: no source).
        let mapping = try ColumnMapping.resolve(kind: .prices, headers: StoreSession.priceColumns)
        #expect(mapping.warnings.isEmpty)
    }

    @Test("The progress callback is called after each asset, with the count done and the total")
    func progress() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try PriceFetchTests.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try PriceFetchTests.store("""
            af.create_asset{ name = "A", type = "stock", currency = "USD" }:update{ quote = { provider = "stooq", symbol = "A.US" } }
            af.create_asset{ name = "B", type = "stock", currency = "USD" }:update{ quote = { provider = "nowhere", symbol = "B" } }
            af.create_asset{ name = "C", type = "stock", currency = "USD" }:update{ quote = { provider = "stooq", symbol = "C.US" } }
            """)
        var fetch = PriceFetch(from: CalendarDate("2024-01-01"), to: CalendarDate("2024-01-01"), allowNet: ["127.0.0.1"])
        fetch.providerFolder = folder
        fetch.settings = ProviderSettings()
        var calls: [String] = []
        _ = try store.withSession(today: PriceFetchTests.today) { try fetch.run(in: $0) { calls.append("\($0)/\($1)") } }
        #expect(calls == ["1/3", "2/3", "3/3"])
    }
}
