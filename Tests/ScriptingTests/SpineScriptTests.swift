import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("The spine through Lua")
struct SpineScriptTests {
    static let acme = """
        local p = af.create_portfolio{ name = "Core" }
        local a = af.create_asset{ name = "ACME", type = "stock", currency = "USD", portfolio = p,
          quantity = 10, cost_basis = "10", date = "2024-01-02" }
        a:buy{ quantity = 10, price = "12", date = "2024-02-01" }
        a:sell{ quantity = 5, price = "15", date = "2024-03-01" }
        a:record_price{ price = "14", date = "2024-03-01" }
        print(a.quantity, a.average_cost, a.cost_basis, a.current_value, a.unrealized_gain, a.realized_gain)
        """

    @Test("the issue's script prints exactly 15 11 165 210 45 20, the money labelled with its currency (issue 22)")
    func acceptance() throws {
        #expect(try runLua(Self.acme) == "15\t11\t165.00 USD\t210.00 USD\t45.00 USD\t20.00 USD\n")
        #expect(try runLua(Self.acme.replacingOccurrences(of: "a.cost_basis, a.current_value, a.unrealized_gain, a.realized_gain",
                                                         with: "a.cost_basis:exact(), a.current_value:exact(), a.unrealized_gain:exact(), a.realized_gain:exact()"))
                == "15\t11\t165\t210\t45\t20\n")
    }

    @Test("money from bindings is money (quantities decimals), objects print on one line")
    func shapes() throws {
        let out = try runLua(Self.acme + """

            local a = af.asset("acme")
            print(getmetatable(a.quantity), a.current_price_date, #a:transactions(), #a:prices())
            print(a)
            print(af.portfolio("core"), af.portfolio("core").total_value, #af.portfolios(), #af.assets())
            print(a:transactions()[1])
            """)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines[1] == "locked\t2024-03-01\t3\t2")
        #expect(lines[2] == "<Asset ACME stock 15 @ 14 USD = 210.00>")
        #expect(lines[3] == "<Portfolio Core: 1 asset>\t210.00 USD\t1\t1")
        #expect(lines[4] == "<Transaction 2024-01-02 Buy ACME 10 @ 10 = 100.00 USD>")
    }

    @Test("a Core validation failure is a Lua error carrying the seed's message, catchable with pcall")
    func pcallCoreError() throws {
        let out = try runLua("""
            local a = af.create_asset{ name = "ACME", type = "stock", quantity = 10, cost_basis = 1, date = "2024-01-02" }
            local ok, e = pcall(function() a:sell{ quantity = 11, price = 1, date = "2024-01-03" } end)
            print(ok, e)
            print(pcall(a.buy, a, { quantity = 1, date = "2099-01-01" }))
            print(pcall(af.create_asset, { name = "", type = "stock" }))
            print(pcall(af.create_asset, { name = "Y", type = "shares" }))
            print(pcall(a.buy, a, { quantity = "1.2.3" }))
            print(pcall(a.buy, a, { quantiy = 1 }))
            """)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines[0] == "false\ttest:2: Cannot sell more than current holdings (10).")
        #expect(lines[1] == "false\tDate cannot be in the future.")
        #expect(lines[2] == "false\tAsset name cannot be empty.")
        #expect(lines[3].contains("Unknown asset type 'shares'. Use one of: stock, bond, crypto, real_estate"))
        #expect(lines[4] == "false\tAsset:buy{quantity = '1.2.3'}: Quantity must be a valid number.")
        #expect(lines[5].hasPrefix("false\tAsset:buy: unknown field 'quantiy'"))
    }

    @Test("decimal exactness in scripts")
    func exactness() throws {
        #expect(try runLua("print(D'0.1' + D'0.2' == D'0.3', af.D(0.1), (D(1) / 3 * 3):exact(), af.eq(D'1.0', 1), D'1' == 1)")
                == "true\t0.1\t0.99999999999999999999999999999999999999\ttrue\tfalse\n")
    }

    @Test("a failing script leaves the store unchanged in content, and reports file:line and a traceback")
    func failingScriptRollsBack() throws {
        // Given a store with the acme data
        let storePath = NSTemporaryDirectory() + "af-\(UUID().uuidString).sqlite"
        defer { removeStoreFiles(storePath) }
        let store = try AssetFlowStore(path: storePath)
        _ = try runLua(Self.acme, store: store)
        let before = try store.contentDump()
        // When a script changes several things and then fails
        let script = try temporaryFile("fail.lua", """
            af.create_portfolio{ name = "Other" }
            local a = af.asset("ACME")
            a:buy{ quantity = 100, price = 1, date = "2024-05-01" }
            a:record_price{ price = 99, date = "2024-05-02" }
            local function deep() a:sell{ quantity = 100000, price = 1, date = "2024-05-03" } end
            deep()
            """)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let outcome = try ScriptRunner.run(path: script, arguments: [], store: store, options: ScriptRun(), today: CalendarDate("2024-06-01")!)
        // Then nothing changed, and the error says where
        #expect(!outcome.succeeded)
        #expect(try store.contentDump() == before)
        let error = try #require(outcome.error)
        #expect(error.hasPrefix("\(script):5: Cannot sell more than current holdings (115)."))
        #expect(error.contains("stack traceback:"))
    }

    @Test("a successful run commits; dry-run rolls back and counts the changes; arg holds the arguments")
    func runAndDryRun() throws {
        let store = try AssetFlowStore(path: nil)
        let script = try temporaryFile("ok.lua", "#!/usr/bin/env assetflow\naf.create_portfolio{ name = arg[1] }\nprint(arg[0] ~= nil, arg[2])")
        defer { try? FileManager.default.removeItem(atPath: script) }
        var printed = ""
        var options = ScriptRun()
        options.dryRun = true
        let dry = try ScriptRunner.run(path: script, arguments: ["Dry", "x"], store: store, options: options, output: { printed += $0 })
        #expect(dry.succeeded && dry.changes.summary == ["portfolio: 1 added, 0 changed, 0 deleted"])
        #expect(printed == "true\tx\n")
        #expect(try store.withSession { try $0.portfolios() }.isEmpty)
        _ = try ScriptRunner.run(path: script, arguments: ["Real"], store: store, options: ScriptRun(), output: { _ in })
        #expect(try store.withSession { try $0.portfolios().map(\.name) } == ["Real"])
    }
}
