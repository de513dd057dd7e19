import Foundation
import Testing
@testable import Core
@testable import LuaBridge
@testable import Scripting
@testable import Store

/// af.fetch_prices under a script's own time limit: the fetch (its provider's requests too)
/// ends by the script's deadline, and the limit still holds after the fetch.
@Suite("af.fetch_prices keeps the script's time limit", .serialized)
struct FetchDeadlineTests {
    /// Runs `lua` (after creating an asset priced by the csv provider from `address`) with a
    /// time limit of `seconds`; the error's text ("" when none) and the seconds it took.
    static func run(_ lua: String, address: String, seconds: Double) throws -> (String, Double) {
        let store = try AssetFlowStore(path: nil)
        return try store.withSession(today: PriceFetchTests.today) { session in
            let env = try ScriptEnvironment(session: session)
            env.output = { _ in }
            env.allowNet = ["127.0.0.1"]
            try env.lua.execute("""
                af.create_asset{ name = "Slow", type = "stock", currency = "USD" }:update{ quote = { provider = "csv", symbol = "\(address)" } }
                """, name: "=setup")
            env.lua.setLimits(timeoutSeconds: seconds, memoryBytes: 0)
            let start = Date()
            do {
                try env.lua.execute(lua, name: "=test")
                return ("", Date().timeIntervalSince(start))
            } catch {
                return ("\(error)", Date().timeIntervalSince(start))
            }
        }
    }

    @Test("A slow provider is cut at the script's deadline, and the script stops with its own timeout")
    func duringFetch() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let (error, took) = try Self.run(#"af.fetch_prices{ from = "2024-01-01", to = "2024-01-01" } print("after")"#,
                                         address: server.base + "/slow?{from}{to}", seconds: 1)
        #expect(error.contains("timeout: the script ran longer than 1 s"), "\(error)")
        #expect(took < 3, "took \(took) s; the slow server answers after 5 s")
    }

    @Test("After a fetch the script's own limit still applies")
    func afterFetch() throws {
        let server = try LocalQuoteServer()
        defer { server.stop() }
        let (error, took) = try Self.run(#"local r = af.fetch_prices{ from = "2024-01-01", to = "2024-01-01" }[1] assert(r.stored == 1, r.failure) while true do end"#,
                                         address: server.base + "/daily?s=x.us&d1={from}&d2={to}", seconds: 1.5)
        #expect(error.contains("timeout: the script ran longer than 1.5 s"), "\(error)")
        #expect(took < 4)
    }
}
