import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// What an environment makes only when first needed (the summaries' formatter) behaves as if
/// it had been made when the environment started.
@Suite("Script environment: what is made on first use")
struct ScriptEnvironmentStartTests {
    static let plan = """
        local p = af.create_portfolio{ name = "P" }
        af.create_asset{ name = "A", type = "stock", currency = "USD", portfolio = p, quantity = 10, cost_basis = 100, date = "2024-01-02" }
        af.create_asset{ name = "B", type = "stock", currency = "USD", portfolio = p, quantity = 10, cost_basis = 300, date = "2024-01-02" }
        p:set_targets{ by = "currency", USD = 100 }
        local function show() return tostring(p:rebalance{ by = "currency" }) .. "|" .. tostring(af.project{ start_value = 1000, years = 1, annual_return = "0.05", volatility = "0.1", inflation = "0.02", runs = 5, seed = 3 }) end

        """

    @Test("a summary's text does not depend on globals a script changed before its first summary")
    func formatterReadsTheStartingGlobals() throws {
        let plain = try runLua(Self.plan + "print(show())\n")
        #expect(plain.contains("Rebalancing plan"), "\(plain)")
        #expect(plain.contains("Projection over 12 months"), "\(plain)")
        let changed = try runLua(Self.plan + """
            local saved = { type = af.type, tostring = tostring, next = next, rawlen = rawlen }
            af.type = function() return "nothing" end
            next, rawlen = nil, nil
            local text = show()
            af.type, next, rawlen = saved.type, saved.next, saved.rawlen
            print(text)
            """)
        #expect(changed == plain)
    }

    @Test("every summary of a run gives the same text from the one formatter")
    func repeatedSummaries() throws {
        let out = try runLua(Self.plan + "local a = show(); local b = show(); print(a == b, #a > 0)\n")
        #expect(out == "true\ttrue\n")
    }
}
