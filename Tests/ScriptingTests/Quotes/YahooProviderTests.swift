import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// The built-in Yahoo chart provider against Yahoo-shaped JSON from a local server: the day of
/// each close at its exchange, null closes left out, minor-unit currencies, errors, a format change.
@Suite("Yahoo chart provider", .serialized)
struct YahooProviderTests {
    static func providers(_ server: LocalQuoteServer) throws -> String {
        let folder = NSTemporaryDirectory() + "af-yahoo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let yahoo = BuiltInProviders.yahoo
            .replacingOccurrences(of: "-- hosts: query1.finance.yahoo.com", with: "-- hosts: 127.0.0.1")
            .replacingOccurrences(of: "\"https://query1.finance.yahoo.com\"", with: "\"\(server.base)\"")
        #expect(yahoo != BuiltInProviders.yahoo)
        try yahoo.write(toFile: folder + "/yahoo.lua", atomically: true, encoding: .utf8)
        return folder
    }

    @Test("Closes are stored exactly on their exchange's day; nulls left out; GBp becomes GBP; errors and a format change fail clearly")
    func chart() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let folder = try Self.providers(server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try PriceFetchTests.store("""
            af.create_asset{ name = "Apple", type = "stock", currency = "USD" }:update{ quote = { provider = "yahoo", symbol = "AAPL" } }
            af.create_asset{ name = "BHP", type = "stock", currency = "AUD" }:update{ quote = { provider = "yahoo", symbol = "BHP.AX" } }
            af.create_asset{ name = "Vodafone", type = "stock", currency = "GBP" }:update{ quote = { provider = "yahoo", symbol = "VOD.L" } }
            af.create_asset{ name = "Bad", type = "stock", currency = "USD" }:update{ quote = { provider = "yahoo", symbol = "BAD" } }
            af.create_asset{ name = "Changed", type = "stock", currency = "USD" }:update{ quote = { provider = "yahoo", symbol = "CHANGED" } }
            """)
        let outcomes = try PriceFetchTests.fetch(store, folder: folder, from: "2024-01-01", to: "2024-01-04")
        let byName = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.asset, $0) })
        #expect(server.requests.first == "/v8/finance/chart/AAPL?period1=1703980800&period2=1704499199&interval=1d")
        #expect(try PriceFetchTests.prices(store, "Apple") == ["2024-01-01 101.63999938964844", "2024-01-02 102.63999938964844", "2024-01-04 104.63999938964844"])
        #expect(byName["Apple"]?.stored == 3)
        #expect(try PriceFetchTests.prices(store, "BHP") == ["2024-01-01 45.01", "2024-01-02 45.02", "2024-01-03 45.03", "2024-01-04 45.04"])
        #expect(try PriceFetchTests.prices(store, "Vodafone").first == "2024-01-01 72.015")
        #expect(byName["Bad"]?.failure?.hasSuffix("yahoo: No data found, symbol may be delisted") == true, "\(outcomes)")
        #expect(byName["Changed"]?.failure?.contains("yahoo: the response has no chart.result[1] with meta.currency and indicators.quote[1]") == true, "\(outcomes)")
    }
}
