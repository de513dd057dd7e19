import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Every built-in quote provider (stooq, yahoo, coingecko, csv) meets the same trouble from a
/// local server on 127.0.0.1: an error status, a huge and a slow response, a format change,
/// a redirect on its host (followed) and to another (refused); and a second fetch asks only
/// for the days missing. Each failure is its asset's alone, with a message that says what.
@Suite("Built-in providers: errors, bounds, redirects, format changes, missing days", .serialized)
struct ProviderMatrixTests {
    static let providers = ["stooq", "yahoo", "coingecko", "csv"]

    /// The providers folder: the built-in ones pointed at `server` (csv needs no change: its
    /// address is the symbol).
    static func folder(_ server: LocalQuoteServer) throws -> String {
        let folder = try PriceFetchTests.providers(server)
        let yahoo = BuiltInProviders.yahoo
            .replacingOccurrences(of: "-- hosts: query1.finance.yahoo.com", with: "-- hosts: 127.0.0.1")
            .replacingOccurrences(of: "\"https://query1.finance.yahoo.com\"", with: "\"\(server.base)\"")
        try yahoo.write(toFile: folder + "/yahoo.lua", atomically: true, encoding: .utf8)
        return folder
    }

    /// The symbol that asks `provider` for `name` ("a" is a good one; "err-sym" etc. trouble).
    static func symbol(_ provider: String, _ name: String, server: LocalQuoteServer) -> String {
        switch provider {
        case "stooq": name.hasSuffix("sym") ? name + ".us" : name + "a.us"
        case "yahoo": name.hasSuffix("sym") ? name : name + "AAPL"
        case "coingecko": name.hasSuffix("sym") ? name : name + "bitcoin"
        default: server.base + "/history/" + (name.hasSuffix("sym") ? name : name + "A") + ".csv?from={from}&to={to}"
        }
    }

    static func store(_ assets: [(String, String, String)]) throws -> AssetFlowStore {
        try PriceFetchTests.store(assets.map { name, provider, symbol in
            "af.create_asset{ name = \"\(name)\", type = \"stock\", currency = \"USD\" }:update{ quote = { provider = \"\(provider)\", symbol = \"\(symbol)\" } }"
        }.joined(separator: "\n"))
    }

    static func fetch(_ store: AssetFlowStore, folder: String, from: String, to: String) throws -> [String: PriceFetch.Outcome] {
        var fetch = PriceFetch(from: CalendarDate(from), to: CalendarDate(to), allowNet: ["127.0.0.1"])
        fetch.providerFolder = folder
        fetch.settings = ProviderSettings()
        fetch.timeout = 1
        fetch.bodyLimit = 64 << 10
        let outcomes = try store.withSession(today: PriceFetchTests.today) { try fetch.run(in: $0) }
        return Dictionary(uniqueKeysWithValues: outcomes.map { ($0.asset, $0) })
    }

    @Test("An error status, a huge or slow response, a format change and a redirect elsewhere fail their asset clearly; a redirect on the host is followed")
    func trouble() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try Self.folder(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases = ["err-sym", "huge-sym", "slow-sym", "chg-sym", "txt-sym", "away-sym-", "hop-sym-"]
        let assets = Self.providers.flatMap { p in cases.map { ("\(p) \($0)", p, Self.symbol(p, $0, server: server)) } }
        let store = try Self.store(assets)
        let out = try Self.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-02")
        let formatChange = ["stooq": "stooq: the response is not Date,Open,High,Low,Close,Volume CSV", "csv": "the CSV has no Date and Close (or Price) columns",
                            "yahoo": "yahoo: the response has no chart.result[1]", "coingecko": "af.json: not JSON"]
        for p in Self.providers {
            func failure(_ c: String) -> String { out["\(p) \(c)"]?.failure ?? "no failure" }
            #expect(failure("err-sym").contains("HTTP 500"), "\(p): \(failure("err-sym"))")
            #expect(failure("huge-sym").contains("The response from 127.0.0.1 is larger than 65536 bytes; it was not read."), "\(p): \(failure("huge-sym"))")
            #expect(failure("slow-sym").contains("No response from 127.0.0.1 within 1 s"), "\(p): \(failure("slow-sym"))")
            #expect(failure("chg-sym").contains(formatChange[p]!), "\(p): \(failure("chg-sym"))")
            #expect(failure("txt-sym").contains(formatChange[p]!), "\(p): \(failure("txt-sym"))")  // "Exceeded the daily hits limit"
            #expect(failure("away-sym-").contains("may not reach localhost"), "\(p): \(failure("away-sym-"))")
            #expect(out["\(p) hop-sym-"]?.failure == nil && out["\(p) hop-sym-"]?.stored == 2, "\(p): \(String(describing: out["\(p) hop-sym-"]))")
        }
        // Nothing stored for a failed asset.
        try store.withSession(today: PriceFetchTests.today) { s in
            for (name, _, _) in assets where !name.hasSuffix("hop-sym-") {
                let prices = try s.prices(ofAsset: s.asset(named: name)!.id!)
                #expect(prices.isEmpty, "\(name)")
            }
        }
    }

    @Test("A second fetch asks each provider only for the missing days; a third asks nothing")
    func missingDaysOnly() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try Self.folder(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try Self.store(Self.providers.map { ($0, $0, Self.symbol($0, "", server: server)) })
        let first = try Self.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-05")
        #expect(first.mapValues(\.stored) == ["stooq": 5, "yahoo": 4, "coingecko": 5, "csv": 5])  // Yahoo's AAPL has no close on the 3rd
        #expect(server.requests.count == 4)
        let second = try Self.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-08")
        #expect(second.mapValues(\.stored) == ["stooq": 3, "yahoo": 3, "coingecko": 3, "csv": 3])
        #expect(second.mapValues(\.skipped) == first.mapValues(\.stored))
        let asked = server.requests.dropFirst(4)
        #expect(asked.count == 4)
        // Each second request starts after the last stored day (2024-01-05), in its provider's words.
        let starts = ["d1=20240106", "period1=1704412800", "from=1704499200", "from=2024-01-06"]  // Yahoo asks a day wider
        for start in starts { #expect(asked.contains { $0.contains(start) }, "\(start) in \(asked)") }
        _ = try Self.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-08")
        #expect(server.requests.count == 8)
    }
}
