import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("Summaries, rounded decimals, allocation by currency and the projection report's arguments (issue 22)")
struct SummariesTests {
    @Test("print of a plan, a projection and a performance result in a script is the REPL's summary; round keeps its places")
    func summaries() throws {
        let out = try runLua("""
            af.set_rate{ base = "USD", quote = "EUR", date = "2024-01-02", rate = "0.9" }
            local p = af.create_portfolio{ name = "P" }
            af.create_asset{ name = "US", type = "stock", currency = "USD", portfolio = p, quantity = 10, cost_basis = 100, date = "2024-01-02" }
            af.create_asset{ name = "EU", type = "stock", currency = "EUR", portfolio = p, quantity = 10, cost_basis = 50, date = "2024-01-02" }
            for _, r in ipairs(af.allocation{ by = "currency" }) do print(r.key, r.percent) end
            p:set_targets{ by = "currency", USD = 50, EUR = 50 }
            local plan = p:rebalance{ by = "currency" }
            print(plan)
            local t = plan.trades[1]
            print(t.name, t.local_price, t.currency, t.local_amount, t.main_price, t.main_amount, t.main_currency)
            print(p:performance{ from = "2024-01-01", to = "2024-03-01" })
            print(af.project{ start_value = 1000, years = 1, annual_return = "0.05", volatility = "0.1", inflation = "0.02", runs = 20, seed = 7 })
            print(D"13315":round(2), D"1138.1":round(2), D"2.675":round(2) + 1, (D"0.0000001" - D"0.0000001"):format(2))
            """, today: "2024-03-01")
        #expect(out.hasPrefix("USD\t64.29\nEUR\t35.71\nRebalancing plan (full): 2 trades\n"), "\(out)")
        #expect(out.contains("name  side    quantity  price  amount  currency  amount (USD)"), "\(out)")
        // Prices stay decimals; the amounts are money, each in its own currency.
        #expect(out.contains("EU\t50\tEUR\t200.00 EUR\t55.55555556\t222.22 USD\tUSD\n"), "\(out)")
        #expect(out.contains("start_value            0.00 USD\nnet_flows          1,555.56 USD\n"), "\(out)")
        #expect(out.contains("price_effect") && out.contains("currency_effect") && out.contains("twr "), "\(out)")
        #expect(out.contains("Projection over 12 months (normal, 20 runs)\n  assumes model normal, return 5.00%, volatility 10.00%, inflation 2.00%, 20 runs, seed 7\n"), "\(out)")
        #expect(out.hasSuffix("13315.00\t1138.10\t3.68\t0.00\n"), "\(out)")
    }

    @Test("one day count: over a quarter without flows MWR, annualized TWR and CAGR are one figure (Actual/365)")
    func oneDayCount() throws {
        let out = try runLua("""
            local a = af.create_asset{ name = "X", type = "stock", quantity = 10, cost_basis = 100, date = "2024-01-02" }
            a:record_price{ price = 110, date = "2024-04-02" }
            local r = a:performance{ from = "2024-01-02", to = "2024-04-02", annualize_short = true }
            print(r.twr, r.twr_annualized, r.mwr, r.cagr)
            """, today: "2024-04-02")
        let v = out.split(separator: "\t").map { ExactDecimal.parseOrNil(String($0).trimmingCharacters(in: .newlines))! }
        #expect(v[0] == ExactDecimal.parseOrNil("0.1"))
        // 1.1^(365/91) − 1, the same for all three to 1e-9.
        #expect(abs(v[1] - v[2]) < ExactDecimal.parseOrNil("0.000000001")! && abs(v[1] - v[3]) < ExactDecimal.parseOrNil("0.000000001")!, "\(out)")
        #expect(abs(v[1] - ExactDecimal.parseOrNil("0.4656342")!) < ExactDecimal.parseOrNil("0.0000001")!, "\(out)")
    }

    @Test("assetflow report projection takes years, monthly, goal and runs as parameters and says what it assumed")
    func projectionArguments() throws {
        let store = try AssetFlowStore(path: nil)
        try store.withSession(today: CalendarDate("2024-03-01")!) { session in
            let env = try ScriptEnvironment(session: session)
            try env.lua.execute(#"af.create_asset{ name = "Cash", type = "cash", quantity = 1000, date = "2024-01-02" }"#, name: "=setup")
        }
        var request = ReportRunner.Request(script: packageRoot.appendingPathComponent("scripts/reports/projection.lua").path)
        request.format = .markdown
        request.parameters = ["years": "2", "monthly": "100", "goal": "5000", "runs": "50"]
        let outcome = try ReportRunner.run(request, store: store, today: CalendarDate("2024-03-01")!, output: { _ in })
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        let text = outcome.text ?? ""
        #expect(text.contains("2 years, 100.00 a month, 50 runs (normal model,") && text.contains("seed 1); goal 5000.00 in today's money."), "\(text)")
        request.parameters = ["decades": "2"]
        let refused = try ReportRunner.run(request, store: store, today: CalendarDate("2024-03-01")!, output: { _ in })
        #expect(refused.error?.contains("unknown parameter 'decades'") == true, "\(refused.error ?? "")")
    }
}
