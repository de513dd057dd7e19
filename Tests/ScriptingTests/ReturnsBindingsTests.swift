import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// The `af.returns` surface, `scope:performance`, `scope:twr_series` and `explain` from Lua.
@Suite("Returns through Lua")
struct ReturnsBindingsTests {
    /// A portfolio with cash and a stock: deposit, a swap into the stock, a price rise, a
    /// dividend into the cash, and an unrelated asset outside the portfolio.
    static let setup = """
    local p = af.create_portfolio{ name = "Core" }
    local cash = af.create_asset{ name = "Cash", type = "cash", portfolio = p, quantity = 1000, date = "2023-01-02" }
    local acme = af.create_asset{ name = "ACME", type = "stock", portfolio = p }
    af.swap{ from = cash, to = acme, quantity = 500, to_price = 100, date = "2023-02-01" }
    acme:record_price{ price = 100, date = "2023-02-01" }
    acme:record_price{ price = 120, date = "2023-06-01" }
    af.dividend{ asset = cash, source = acme, amount = 10, date = "2023-07-01" }
    cash:buy{ quantity = 200, date = "2023-09-01" }
    acme:record_price{ price = 132, date = "2024-02-01" }
    local other = af.create_asset{ name = "Other", type = "stock", quantity = 1, cost_basis = 50, date = "2023-01-02" }
    """

    @Test("Pure calculators: the issue's reference values, and nil plus a reason when a figure cannot be computed")
    func calculators() throws {
        let out = try runLua("""
        print(af.returns.xirr{ {"2021-01-01", -1000}, {"2022-01-01", 1100} })
        print(af.returns.xirr{ {date = "2020-01-01", amount = -1000}, {date = "2021-01-01", amount = 1100} }:exact())
        print(af.returns.xirr{ {"2021-01-01", -1000}, {"2022-01-01", -5} })
        print(af.returns.xirr{ {"2024-01-01", -1000}, {"2024-01-15", 1010} } == nil)
        print(af.returns.xirr{ {"2024-01-01", -1000}, {"2024-01-15", 1010}, annualize_short = true } ~= nil)
        print(af.returns.modified_dietz{ begin_value = 100000, end_value = 215000, flows = {{"2024-01-31", 100000}}, from = "2024-01-01", to = "2024-03-31" }:exact())
        print(af.returns.cagr{ begin_value = 100000, end_value = 110000, from = "2024-01-01", to = "2025-01-01" }:exact())
        print(af.returns.cagr{ begin_value = 0, end_value = 110000, from = "2024-01-01", to = "2025-01-01" })
        print(af.returns.xirr{ {"2021-01-01", -100}, {"2022-01-01", 230}, {"2023-01-01", -132} })
        print(select(2, pcall(af.returns.xirr, 5)))
        print(select(2, pcall(af.returns.xirr, { {"2021-13-01", -100}, {"2022-01-01", 230} })))
        print(af.returns.growth{ begin_value = 100, end_value = 110 })
        print(af.returns.cumulative{ "0.10", "0.05", "-0.02" })
        local r = af.returns.rebase{ "0.10", "0.21" }
        print(r[1], r[2])
        """)
        #expect(out == """
        0.1
        0.0997135859
        nil\tno sign change in cash flows
        true
        true
        0.09
        0.0997135859
        nil\tstart value is zero
        nil\tseveral roots (0.1, 0.2): the cash flows change sign more than once and no single rate describes them
        af.returns.xirr expects a list of {date, amount} pairs such as {{"2021-01-01", -1000}, {"2022-01-01", 1100}}, got number
        af.returns.xirr #1: '2021-13-01' is not a valid date
        0.1
        0.1319
        0\t0.1

        """)
    }

    @Test("scope:performance on a portfolio: every figure, reasons for the missing ones, and it reconciles")
    func portfolioPerformance() throws {
        let out = try runLua(Self.setup + """
        local r = p:performance{ from = "2023-01-02", to = "2024-02-01" }
        print(r.start_value:exact(), r.end_value:exact(), r.net_flows:exact(), r.income:exact(), r.realized_gain:exact(), r.unrealized_change:exact())
        print(r.twr:exact(), r.growth, r.mwr ~= nil, r.modified_dietz ~= nil, r.cagr ~= nil)
        print(r.start_value + r.net_flows + r.income + r.realized_gain + r.unrealized_change == r.end_value)
        local short = acme:performance{ from = "2023-02-01", to = "2023-06-01" }
        print(short.twr, short.mwr, short.reasons.mwr ~= nil)
        print(acme:performance{ from = "2023-02-01", to = "2023-06-01", annualize_short = true }.cagr ~= nil)
        """, today: "2024-06-01")
        let lines = out.split(separator: "\n").map(String.init)
        // 1000 cash; swap 500 → 5 ACME @ 100; 120; dividend 10; deposit 200; 132: 510 + 660
        #expect(lines[0] == "1000\t1370\t200\t10\t0\t160")
        // TWR: 1000 → 1100 (×1.1) → 1110 (dividend, ×1.11 in all) → 1310 with the 200 deposit → 1370: 1.11 × 1370 ÷ 1310 − 1
        #expect(lines[1] == "0.16083969465648854961832061068702290076\t0.37\ttrue\ttrue\ttrue")
        #expect(lines[2] == "true")
        #expect(lines[3] == "0.2\tnil\ttrue")
        #expect(lines[4] == "true")
    }

    @Test("af.returns.twr, modified_dietz by scope, af:performance and af.performance for everything")
    func scopes() throws {
        let out = try runLua(Self.setup + """
        print(af.returns.twr{ scope = acme, from = "2023-02-01", to = "2024-02-01" })
        print(af.returns.modified_dietz{ scope = acme, from = "2023-02-01", to = "2024-02-01" })
        local a, b = af.performance{ from = "2023-01-02", to = "2024-02-01" }, af:performance{ from = "2023-01-02", to = "2024-02-01" }
        print(a.end_value:exact(), b.end_value, a.end_value == b.end_value)
        print(af.returns.twr{ scope = cash, from = "2022-01-01", to = "2022-06-01" })
        print(pcall(af.returns.twr, { scope = "nope" }))
        """, today: "2024-06-01")
        let lines = out.split(separator: "\n").map(String.init)
        // ACME: 500 → 600, dividend 10 paid out to cash is its return, 660 at the end: 1.2 × (670 ÷ 600)… exact chain
        #expect(lines[0] == "0.342")  // 1.2 × (600 + 10) ÷ 600 × 1.1: the dividend paid to cash is ACME's return
        #expect(lines[1].hasPrefix("0.344"))
        #expect(lines[2] == "1420\t1,420.00 USD\ttrue")
        #expect(lines[3].hasPrefix("nil\tstart value is zero"))
        #expect(lines[4].contains("scope must be an Asset, a Portfolio, or af for everything"))
    }

    @Test("scope:twr_series starts at 0 % and ends at the period's TWR; explain gives lines and the reconciliation")
    func seriesAndExplain() throws {
        let out = try runLua(Self.setup + """
        local s = p:twr_series{ from = "2023-01-02", to = "2024-02-01", every = "month" }
        for _, f in ipairs(af.returns.explain{ scope = p, from = "2023-01-02", to = "2024-02-01" }.flows) do if f.type ~= "dividend" and f.asset ~= "Cash" or f.type == "sell" then print(f.kind) end end
        print(#s, s[1].date, s[1].twr, s[#s].date, s[#s].twr == p:performance{ from = "2023-01-02", to = "2024-02-01" }.twr)
        local e = af.returns.explain{ scope = p, from = "2023-01-02", to = "2024-02-01" }
        print(e.reconciliation.difference, #e.sub_periods > 0, #e.flows)
        for _, l in ipairs(e.lines) do if l:find("Cash  dividend") then print(l) end end
        local before = acme:performance{ from = "2023-01-02", to = "2023-03-01" }
        local ex = af.returns.explain{ scope = acme, from = "2023-01-02", to = "2023-03-01" }
        print(ex.sub_periods[1].skipped, ex.sub_periods[1]["return"], before.twr, ex.sub_periods[2]["return"])
        print(pcall(p.twr_series, p, { every = "week" }))
        """, today: "2024-06-01")
        let all = out.split(separator: "\n").map(String.init)
        #expect(all[0] == "swap_inside")  // Cash's sell
        #expect(all[1] == "swap_inside")  // ACME's buy
        let lines = Array(all.dropFirst(2))
        #expect(lines[0] == "14\t2023-01-02\t0\t2024-02-01\ttrue")
        #expect(lines[1] == "0\ttrue\t4")
        #expect(lines[2].contains("2023-07-01  Cash  dividend  income 10 [income]"))
        // ACME held nothing until the swap: that sub-period is skipped, not −100 %.
        #expect(lines[3] == "start value is zero\tnil\t0\t0")
        #expect(lines[4].contains("\"day\" or \"month\" expected"))
    }
}
