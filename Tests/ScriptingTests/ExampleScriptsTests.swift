import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// A small generated store: one portfolio with cash, stocks, bonds and gold, two years of
/// monthly prices, targets and a financial goal.
let smallStoreLua = """
local p = af.create_portfolio{ name = "Core" }
af.create_asset{ name = "Cash", type = "cash", portfolio = p, quantity = 8000, date = "2023-01-02" }
local specs = { { "World ETF", "stock", 300, 100, 1.1 }, { "Bond Fund", "bond", 200, 100, 0.2 }, { "Gold", "commodity", 10, 1800, 0.6 } }
for i, s in ipairs(specs) do
  local a = af.create_asset{ name = s[1], type = s[2], portfolio = p, quantity = s[3], cost_basis = s[4], date = "2023-01-02" }
  local price = D(s[4])
  for m = 0, 23 do
    price = (price * (100 + s[5] + ((m * 7 + i) % 5 - 2) * 0.5) / 100):round(2)
    a:record_price{ price = price, date = string.format("%04d-%02d-28", 2023 + m // 12, m % 12 + 1) }
  end
end
p:set_targets{ stock = 60, bond = 25, commodity = 5, cash = 10 }
af.set_financial_goal(150000)
"""

@Suite("Example scripts")
struct ExampleScriptsTests {
    static let examples = ["band-rule-5-25.lua", "invest-new-money.lua", "withdrawal-4-percent.lua", "goal-projection.lua", "nightly-prices.lua"]

    func run(_ script: String, _ arguments: [String] = []) throws -> (ScriptRunner.Outcome, String) {
        let path = NSTemporaryDirectory() + "af-examples-\(UUID().uuidString).sqlite"
        defer { removeStoreFiles(path) }
        let store = try AssetFlowStore(path: path)
        let setup = try temporaryFile("setup.lua", smallStoreLua)
        defer { try? FileManager.default.removeItem(atPath: setup) }
        let today = CalendarDate("2025-01-15")!
        let made = try ScriptRunner.run(path: setup, arguments: [], store: store, options: ScriptRun(), today: today, output: { _ in })
        #expect(made.succeeded, "\(made.error ?? "")")
        var printed = ""
        let outcome = try ScriptRunner.run(path: packageRoot.appendingPathComponent("scripts/examples/\(script)").path, arguments: arguments,
                                           store: store, options: ScriptRun(), today: today, output: { printed += $0 })
        return (outcome, printed)
    }

    /// Few runs keep the test quick; the scripts' defaults are larger.
    static let quickArguments = ["withdrawal-4-percent.lua": ["", "200"], "goal-projection.lua": ["Core", "200"]]

    @Test("every example runs against a small generated store", arguments: examples)
    func runs(_ script: String) throws {
        let (outcome, printed) = try run(script, Self.quickArguments[script] ?? [])
        #expect(outcome.succeeded, "\(script): \(outcome.error ?? "")")
        let expected = try #require(Self.sayings[script], "add what \(script) prints to ExampleScriptsTests.sayings")
        for line in expected { #expect(printed.contains(line), "\(script) printed:\n\(printed)") }
    }

    /// What each example prints on the small store when it does its job (not its "nothing
    /// to do" path).
    static let sayings = [
        "band-rule-5-25.lua": ["5/25 rule for Core: ", "Allocation after:"],
        "goal-projection.lua": ["Deterministic path reaches it on: ", "Chance of reaching it within 15 years: "],
        "invest-new-money.lua": [" of new money in Core:", "The built-in cash_flow strategy would do:"],
        "nightly-prices.lua": ["No asset names a quote source."],
        "withdrawal-4-percent.lua": ["chance the money runs out within 30 years: ", "value (10th / median / 90th percentile):"],
    ]

    @Test("investing new money prints the same plan every run, its buys in the order of their groups' names")
    func investNewMoneyIsStable() throws {
        let (first, printed) = try run("invest-new-money.lua", ["20000", "Core"])
        #expect(first.succeeded, "\(first.error ?? "")")
        for _ in 0..<3 { #expect(try run("invest-new-money.lua", ["20000", "Core"]).1 == printed) }
        let plan = printed.components(separatedBy: "The built-in")[0]
        let places = ["Bond Fund", "Gold", "World ETF"].compactMap { plan.range(of: $0)?.lowerBound }  // bond < commodity < stock
        #expect(places.count >= 2, "\(printed)")
        #expect(places == places.sorted(), "\(printed)")
    }

    @Test("the 5/25 rule trades only the groups outside their bands, and applies")
    func bandRule() throws {
        let (outcome, printed) = try run("band-rule-5-25.lua", ["Core", "apply"])
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        #expect(printed.contains("5/25 rule for Core"))
        #expect(printed.contains("Applied.") || printed.contains(": 0 trade(s)"))
    }

    @Test("the withdrawal example prints the same figures twice (seeded)")
    func withdrawalReproducible() throws {
        let first = try run("withdrawal-4-percent.lua", ["1000000", "200"]).1
        #expect(first == (try run("withdrawal-4-percent.lua", ["1000000", "200"]).1))
        #expect(first.contains("chance the money runs out"))
    }
}
