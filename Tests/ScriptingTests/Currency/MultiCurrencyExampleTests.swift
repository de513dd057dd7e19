import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("Multi-currency worked example", .serialized)
struct MultiCurrencyExampleTests {
    func run(_ lua: String) throws -> [String] {
        let example = try MultiCurrencyExample.store()
        defer { removeStoreFolder(example.path) }
        let lines = try runLua(lua, store: example.store, today: MultiCurrencyExample.today).split(separator: "\n").map(String.init)
        return lines + Array(repeating: "(missing line)", count: 12)  // a short output fails an expectation, not the process
    }

    @Test("Net worth in USD and EUR: each value at the latest rate on or before Monday (Friday's), the fallbacks listed")
    func netWorth() throws {
        let out = try run("""
        local nw, notes = af.net_worth()
        print(nw:exact(), #notes, notes[1])
        print(af.net_worth("EUR"):exact(), af.portfolio("Core").total_value:exact())
        local v, how = af.asset("World ETF"):value_in("USD", "2024-03-03")
        print(v:exact(), how.rate_date, how.fallback)
        v, how = af.asset("Yen Cash"):value_in("EUR", "2024-03-06")
        print(v:exact(), how.rate_date, how.fallback, how.via)
        local values = {}
        for _, row in ipairs(af.portfolio("Core"):timeline{ from = "2024-03-01", to = "2024-03-11" }) do values[#values + 1] = row.value:exact() end
        print(table.concat(values, " "))
        -- Each in its own currency, rounded for reading.
        print(nw, af.net_worth("EUR"), v, af.portfolio("Core"):timeline{ from = "2024-03-01", to = "2024-03-01" }[1].value)
        """)
        // 10 × 110 EUR × 1.28 + 150000 JPY ÷ 160 + 0.02 BTC × 62500 = 1408 + 937.5 + 1250.
        #expect(out[0] == "3595.5\t3\tBTC→USD 62500 (2024-03-08, latest before 2024-03-11)")
        // The same at 1 USD = 0.78125 EUR: 1100 + 732.421875 + 976.5625.
        #expect(out[1] == "2808.984375\t3595.5")
        // Sunday 03-03: Friday's rate, 1000 EUR × 1.25.
        #expect(out[2] == "1250\t2024-03-01\ttrue")
        // Wednesday 03-06 (a gap): JPY→EUR through USD, 150000 ÷ 150 × 0.8.
        #expect(out[3] == "800\t2024-03-01\ttrue\tUSD")
        #expect(out[4] == "3250 3250 3250 3250 3250 3250 3250 3595.5 3595.5 3595.5 3595.5")
        #expect(out[5] == "3,595.50 USD\t2,808.98 EUR\t800.00 EUR\t3,250.00 USD")
    }

    @Test("Allocation, drift and rebalancing in USD; trades in each asset's own units, amounts in USD")
    func allocationAndDrift() throws {
        let out = try run("""
        for _, r in ipairs(af.allocation{}) do print(r.key, r.value:exact(), r.percent) end
        for _, r in ipairs(af.portfolio("Core"):drift{}) do print(r.key, r.actual, r.target, r.difference, r.status) end
        for _, t in ipairs(af.portfolio("Core"):rebalance{}.trades) do print(t.asset.name, t.side, t.quantity, t.amount:exact(), t.currency, t.local_amount:exact()) end
        for _, r in ipairs(af.allocation{ currency = "EUR" }) do print(r.key, r.value:exact(), r.percent) end
        af.portfolio("Core"):rebalance{}:apply{}
        local ts = af.asset("World ETF"):transactions()
        print(ts[#ts].type, ts[#ts].price, ts[#ts].quantity)
        -- Amounts labelled with their own currencies: the plan's in USD, each trade's own in its asset's.
        local t = af.portfolio("Core"):rebalance{ strategy = "full", targets = { etf = 50, crypto = 25, cash = 25 } }.trades[1]
        print(af.allocation{ currency = "EUR" }[1].value, t.amount.currency, t.local_amount.currency == t.currency)
        """)
        #expect(Array(out[0..<3]) == ["etf\t1408\t39.16", "crypto\t1250\t34.77", "cash\t937.5\t26.07"])
        #expect(Array(out[3..<6]) == ["etf\t39.16\t40\t-0.84\tgreen", "crypto\t34.77\t35\t-0.23\tgreen", "cash\t26.07\t25\t1.07\tgreen"])
        // Targets of 3595.5: cash 898.875 (sell 38.625 USD = 6180 JPY), crypto 1258.425, etf 1438.2.
        #expect(Array(out[6..<9]) == ["Yen Cash\tsell\t6180\t38.63\tJPY\t6180", "Bitcoin\tbuy\t0.0001348\t8.43\tBTC\t0.0001348",
                                 "World ETF\tbuy\t0.21448864\t30.2\tEUR\t23.59"])
        #expect(Array(out[9..<12]) == ["etf\t1100\t39.16", "crypto\t976.5625\t34.77", "cash\t732.421875\t26.07"])
        // Applied, the ETF's buy is recorded at its own price, 110 EUR (not the 140.80 USD it was planned at).
        #expect(out[12] == "buy\t110\t0.21448864")
        #expect(out[13] == "1,123.59 EUR\tUSD\ttrue")  // the ETF after the plan: 1438.2 USD × 0.78125
    }

    @Test("Performance in USD and in EUR, and the ETF's own return in EUR")
    func performance() throws {
        let out = try run("""
        local p = af.portfolio("Core")
        local r = p:performance{}
        print(r.currency, r.start_value:round(2), r.end_value:exact(), r.twr:round(6), r.modified_dietz:round(6))
        r = p:performance{ currency = "EUR" }
        print(r.currency, r.start_value:round(2), r.end_value:exact(), r.twr:round(6), r.modified_dietz:round(6))
        r = af.asset("World ETF"):performance{}
        print(r.currency, r.twr, r.local_currency, r.local_twr)
        r = af.asset("Yen Cash"):performance{}
        print(r.twr:round(10), r.local_twr)
        """)
        // USD: 3250 → 3595.5 with no flow after the start: 345.5 ÷ 3250.
        #expect(out[0] == "USD\t3,250.00 USD\t3595.5\t0.106308\t0.106308")  // money rounds to 2 places in its currency
        // EUR: 2600 → 2808.984375: 208.984375 ÷ 2600.
        #expect(out[1] == "EUR\t2,600.00 EUR\t2808.984375\t0.080379\t0.080379")
        // ETF: +10 % in EUR (100 → 110), +12.64 % in USD (1250 → 1408): the rest is the euro.
        #expect(out[2] == "USD\t0.1264\tEUR\t0.1")
        // Yen cash: 0 % in JPY, −6.25 % in USD (1000 → 937.5); 1 JPY = 1 ÷ 150 USD has no finite
        // decimal form, so the figure is exact to 38 digits and shown rounded.
        #expect(out[3] == "-0.0625000000\t0")
    }

    @Test("Goal progress in USD; changing the main currency to EUR converts the goal at today's rate (whole number)")
    func goal() throws {
        let out = try run("""
        local g = af.goal_progress()
        print(g.goal:exact(), g.total:exact(), g.achievement_percent, g.distance:exact(), g.reached)
        print(g.goal, g.total, g.distance)
        local change = af.set_main_currency("eur")
        print(af.main_currency(), change.old_goal, change.new_goal)
        g = af.goal_progress()
        print(g.goal:exact(), g.total:exact(), g.achievement_percent, g.distance:exact())
        print(g.goal, g.total, g.distance)
        """)
        #expect(out[0] == "4000\t3595.5\t89.89\t404.5\tfalse")
        #expect(out[1] == "4,000.00 USD\t3,595.50 USD\t404.50 USD")
        // 4000 USD × 0.78125 = 3125 EUR.
        #expect(out[2] == "EUR\t4000\t3125")
        #expect(out[3] == "3125\t2808.984375\t89.89\t316.015625")
        #expect(out[4] == "3,125.00 EUR\t2,808.98 EUR\t316.02 EUR")
    }

    @Test("A day before any rate is an error naming the pair and the date and how to add a rate")
    func missingRate() throws {
        let out = try run("""
        print(select(2, pcall(af.convert, 100, "EUR", "USD", "2024-02-29")))
        print(select(2, pcall(af.create_asset, { name = "X", type = "stock", currency = "XYZ" })))
        """)
        #expect(out[0].hasSuffix("No exchange rate from EUR to USD on or before 2024-02-29. Add one with af.set_rate{ base = \"EUR\", quote = \"USD\", date = \"2024-02-29\", rate = … } or fetch rates with `assetflow rates fetch --from 2024-02-29 --to 2024-02-29`."))
        #expect(out[1].hasSuffix("Unsupported currency 'XYZ'."))
    }
}
