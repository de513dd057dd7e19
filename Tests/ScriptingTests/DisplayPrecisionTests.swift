import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// The issue's unreadable figures, seen as a person sees them: rounded for display, exact
/// one call away.
@Suite("Display precision", .serialized)
struct DisplayPrecisionTests {
    /// Every number in `text` has at most `places` decimals.
    func longestDecimals(_ text: String) -> Int {
        let regex = try! NSRegularExpression(pattern: #"\d+\.(\d+)"#)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
            .map { $0.range(at: 1).length }.max() ?? 0
    }

    @Test("print(a.average_cost) shows 8 places; d:exact() every digit; af.performance() no 38-digit growth")
    func repl() throws {
        var out = ""
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2025-01-31")!) { s in
            let env = try ScriptEnvironment(session: s)
            env.output = { out += $0 }
            Repl(env: env, reader: ScriptedReader([
                "a = af.create_asset{ name = 'ACME', type = 'stock', quantity = 1, cost_basis = 300, date = '2024-01-02' }",
                "a:buy{ quantity = 2, price = 335, date = '2024-02-01' }",
                "a:record_price{ price = '351.123456789', date = '2024-12-31' }",
                "print(a.average_cost)", "print(a.average_cost:exact())", "af.performance{ from = '2024-01-02', to = '2024-12-31' }",
            ])).run()
        }
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.contains("323.33333333"))
        #expect(lines.contains("323.333333333333333333333333333333333333"))
        let performance = lines.drop { !$0.hasPrefix("end_value") }.prefix { !$0.hasPrefix("reasons") }.joined(separator: "\n")
        #expect(performance.contains("growth"))
        #expect(performance.contains("%"))
        #expect(longestDecimals(performance) <= 2)
    }

    @Test("the holdings report's CSV has no 36-decimal figures; money in minor units; JSON says it is exact")
    func holdingsCSV() throws {
        let demo = try demoStore()
        defer { removeStoreFolder(demo.path) }
        let csv = try renderBuiltIn("holdings", .csv, store: demo.store)
        #expect(!csv.isEmpty)
        #expect(longestDecimals(csv) <= 8)
        #expect(try renderBuiltIn("holdings", .json, store: demo.store).contains(#""values": "exact""#))
    }

    @Test("a Monte Carlo projection prints a short summary: final values, reach dates, runs reaching the goal, probability")
    func projectionSummary() throws {
        var out = ""
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2025-01-31")!) { s in
            let env = try ScriptEnvironment(session: s)
            env.output = { out += $0 }
            Repl(env: env, reader: ScriptedReader([
                "af.project{ start_value = 10000, monthly = 500, years = 20, annual_return = 0.06, volatility = 0.15, goal = 200000, runs = 200, seed = 42 }",
            ])).run()
        }
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.first == "Projection over 240 months (normal, 200 runs)")
        #expect(lines.contains { $0.hasPrefix("  final value, today's money") })
        #expect(lines.contains { $0.hasPrefix("  runs reaching it             10% of runs by ") })
        #expect(lines.contains { $0.hasPrefix("  probability ") && $0.hasSuffix("%") })
        #expect(lines.last == "(fields: path, percentiles, and the figures above)")
        #expect(lines.count < 15)
    }
}
