import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// `a:lots`, `a:sell{lots}`, `a:plan_sale`, `af.realized_gains` and the long-term setting,
/// through Lua against an in-memory store.
@Suite("Lots through Lua")
struct LotBindingsTests {
    /// ACME in USD, reported in EUR: 10 @ 100 + fee 10 (rate 0.9), 10 @ 150 (0.8), a sale of
    /// 12 @ 80 with fees 12 (0.85).
    static let acme = """
        af.set_main_currency("EUR")
        af.set_rate{ base = "USD", quote = "EUR", date = "2023-01-10", rate = "0.9" }
        af.set_rate{ base = "USD", quote = "EUR", date = "2023-06-01", rate = "0.8" }
        af.set_rate{ base = "USD", quote = "EUR", date = "2024-05-01", rate = "0.85" }
        local a = af.create_asset{ name = "ACME", type = "stock", currency = "USD" }
        a:buy{ quantity = 10, price = 100, fees = 10, date = "2023-01-10" }
        a:buy{ quantity = 10, price = 150, date = "2023-06-01" }
        a:sell{ quantity = 12, price = 80, fees = 12, date = "2024-06-03" }
        """

    @Test("FIFO pieces in EUR (proceeds at the sale day's rate, costs at the acquisition day's) with totals by term; open lots on a day")
    func fifo() throws {
        let out = try runLua(Self.acme + """
            local g = af.realized_gains{ method = "fifo" }
            for _, r in ipairs(g) do print(r.asset, r.acquired, r.sold, r.quantity, r.proceeds, r.cost, r.gain, r.term, r.holding_days, r.local_gain) end
            print(g.totals.long.gain, g.totals.short.gain, g.totals.all.proceeds, g[1].fees, g[2].fees)
            for _, l in ipairs(af.asset("ACME"):lots{}) do print(l.acquired, l.quantity, l.cost_per_unit, l.cost, l.cost_per_unit_main, l.cost_main, l.holding_days, l.term) end
            print(#af.asset("ACME"):lots{ date = "2023-03-01" })
            """, today: "2024-06-10")
        #expect(out == """
            ACME\t2023-01-10\t2024-06-03\t10\t671.5\t909\t-237.5\tlong\t510\t-220
            ACME\t2023-06-01\t2024-06-03\t2\t134.3\t240\t-105.7\tlong\t368\t-142
            -343.2\t0\t805.8\t8.5\t1.7
            2023-06-01\t8\t150\t1200\t120\t960\t375\tlong
            1

            """)
    }

    @Test("under average the total is today's realized gain; the other methods differ")
    func averageIsTodaysGain() throws {
        let out = try runLua(Self.acme + """
            local a = af.asset("ACME")
            print(a.realized_gain:exact(), af.realized_gains{ method = "average", currency = "USD" }.totals.all.gain)
            print(af.realized_gains{ method = "lifo", currency = "USD" }.totals.all.gain, af.realized_gains{ method = "hifo", currency = "USD", scope = a }.totals.all.gain)
            print(#af.realized_gains{ from = "2024-06-04" }, #af.realized_gains{ to = "2024-06-03" })
            """, today: "2024-06-10")
        // average: 948 − 2510 × 12 ÷ 20 = −558; LIFO and HIFO: 948 − 1500 − 202 = −754
        #expect(out == "-558\t-558\n-754\t-754\n0\t2\n")
    }

    static let beta = """
        local b = af.create_asset{ name = "BETA", type = "stock", currency = "USD" }
        b:buy{ quantity = 5, price = 10, date = "2024-01-05" }
        b:buy{ quantity = 5, price = 20, date = "2024-02-01" }
        """

    @Test("a sale naming its lots: stored with it, used by \"specific\", the running average unchanged; a wrong choice changes nothing")
    func chosenLots() throws {
        let out = try runLua(Self.beta + """
            local n = #b:transactions()
            print(select(2, pcall(b.sell, b, { quantity = 5, price = 30, date = "2024-03-01", lots = { { acquired = "2024-02-01", quantity = 4 } } })))
            print(select(2, pcall(b.sell, b, { quantity = 5, price = 30, date = "2024-03-01", lots = { { acquired = "2024-01-06", quantity = 5 } } })))
            print(select(2, pcall(b.sell, b, { quantity = 5, price = 30, date = "2024-03-01", lots = { { acquired = "2024-02-01", quantity = 6 } } })))
            print(#b:transactions() == n)
            b:sell{ quantity = 5, price = 30, date = "2024-03-01", lots = { { acquired = "2024-02-01", quantity = 5 } } }
            for _, m in ipairs{ "specific", "fifo", "average" } do print(m, af.realized_gains{ method = m, currency = "USD" }.totals.all.gain) end
            print(b.realized_gain:exact(), b.average_cost)
            for _, l in ipairs(b:lots{ method = "specific" }) do print(l.acquired, l.quantity) end
            """)
        #expect(out == """
            The chosen lots add up to 4, not the 5 sold.
            No open lot of 'BETA' was acquired on 2024-01-06 (open lots on 2024-03-01: 2024-01-05 × 5, 2024-02-01 × 5).
            The chosen lots add up to 6, not the 5 sold.
            true
            specific\t50
            fifo\t100
            average\t75
            75\t15
            2024-01-05\t5

            """)
    }

    @Test("a:plan_sale offers the lots in order to a rule and returns lots a:sell accepts")
    func planSale() throws {
        let out = try runLua("""
            local g = af.create_asset{ name = "GAMMA", type = "stock", currency = "USD" }
            g:buy{ quantity = 10, price = 10, date = "2024-01-02" }
            g:buy{ quantity = 10, price = 30, date = "2024-02-01" }
            g:buy{ quantity = 10, price = 20, date = "2024-03-01" }
            g:record_price{ price = 25, date = "2024-05-01" }
            local p = g:plan_sale{ amount = 500, order = "hifo" }
            print(p.quantity, p.proceeds, p.cost, p.gain, p.lots[1].acquired, p.lots[2].acquired, #p.lots)
            local losses = g:plan_sale{ rule = function(lot, plan) if lot.gain_per_unit < 0 then return true end end }
            print(losses.quantity, losses.gain, losses.pieces[1].term)
            local part = g:plan_sale{ amount = 130, whole_units = true }
            print(part.quantity, part.lots[1].acquired)
            g:sell{ quantity = p.quantity, price = p.price, lots = p.lots, date = "2024-05-02" }
            print(af.realized_gains{ method = "specific", currency = "USD" }.totals.all.gain, #g:lots{ method = "specific" })
            print(select(2, pcall(g.plan_sale, g, { rule = function() return "many" end })))
            """)
        #expect(out == """
            20\t500\t500\t0\t2024-02-01\t2024-03-01\t2
            10\t-50\tshort
            5\t2024-01-02
            0\t1
            Asset:plan_sale: the rule must return a number of units, true or nil, not string

            """)
    }

    @Test("long_term_days: 365 by default, one per asset type wins, refused below zero")
    func longTermDays() throws {
        let out = try runLua(Self.beta + """
            print(af.long_term_days(), b:lots{}[1].term)
            af.set_long_term_days(30, "stock")
            print(af.long_term_days(), af.long_term_days("stock"), af.long_term_days("crypto"), b:lots{}[1].term, b:lots{}[2].term)
            print(select(2, pcall(af.set_long_term_days, -1)))
            af.settings.long_term_days = 400
            print(af.settings.long_term_days, af.long_term_days("stock"), af.long_term_days("bond"))
            """)
        #expect(out == "365\tshort\n365\t30\t365\tlong\tlong\nLong-term days must be a whole number of days, 0 or more (-1).\n400\t30\t400\n")
    }
}

@Suite("Lots in the REPL")
struct LotReplTests {
    @Test("a:lots{} shows as a table: acquired, quantity, costs, holding days, term")
    func lotsTable() throws {
        var out = ""
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2024-06-01")!) { s in
            let env = try ScriptEnvironment(session: s)
            env.output = { out += $0 }
            Repl(env: env, reader: ScriptedReader([
                "a = af.create_asset{ name = 'ACME', type = 'stock', currency = 'USD' }",
                "a:buy{ quantity = 10, price = 100, fees = 1, date = '2023-01-10' }",
                "a:buy{ quantity = 5, price = 120, date = '2024-05-01' }",
                "a:lots{}",
            ])).run()
        }
        #expect(out.contains("""
            acquired    quantity  cost_per_unit     cost  cost_per_unit_main  cost_main  currency  holding_days  term   main_currency
            ----------  --------  -------------  -------  ------------------  ---------  --------  ------------  -----  -------------
            2023-01-10        10         100.10  1001.00              100.10    1001.00  USD                508  long   USD
            2024-05-01         5         120.00   600.00              120.00     600.00  USD                 31  short  USD
            """), "\(out)")
    }
}
