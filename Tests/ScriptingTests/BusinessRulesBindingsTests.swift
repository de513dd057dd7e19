import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Runs `source` with `expect_error(fn, message)` available; the script asserts and returns nothing.
func runRulesScript(_ source: String, today: String = "2024-06-01") throws {
    let prelude = """
    function expect_error(fn, message)
        local ok, err = pcall(fn)
        assert(not ok, "expected an error: " .. message)
        assert(string.find(tostring(err), message, 1, true), "expected '" .. message .. "', got '" .. tostring(err) .. "'")
    end
    """
    try AssetFlowStore(path: nil).withSession(today: CalendarDate(today)!) { session in
        let env = try ScriptEnvironment(session: session)
        env.output = { _ in }
        try env.lua.execute(prelude + "\n" + source, name: "=test")
    }
}

@Suite("Business rules through Lua")
struct BusinessRulesBindingsTests {
    @Test("Example 4: allocation 50/15/20/15 and rebalancing sells 1500 crypto, buys 1000 stock and 500 cash")
    func example4() throws {
        try runRulesScript("""
        local p = af.create_portfolio{ name = "Example 4" }
        af.create_asset{ name = "Stocks", type = "stock", portfolio = p, quantity = 50, cost_basis = 100, date = "2024-01-02" }
        af.create_asset{ name = "Coins", type = "crypto", portfolio = p, quantity = 1, cost_basis = 1500, date = "2024-01-02" }
        af.create_asset{ name = "Bonds", type = "bond", portfolio = p, quantity = 20, cost_basis = 100, date = "2024-01-02" }
        af.create_asset{ name = "Cash", type = "cash", portfolio = p, quantity = 1500, date = "2024-01-02" }
        local pct = {}
        for _, r in ipairs(p:allocation{ by = "type" }) do pct[r.key] = r.percent end
        assert(af.eq(pct.stock, 50) and af.eq(pct.crypto, 15) and af.eq(pct.bond, 20) and af.eq(pct.cash, 15))
        p:set_targets{ stock = 60, bond = 20, cash = 20 }
        local plan = p:rebalance()
        local act = {}
        for _, r in ipairs(plan) do act[r.key] = r end
        assert(act.crypto.action == "sell" and af.eq(act.crypto.amount, 1500))
        assert(act.stock.action == "buy" and af.eq(act.stock.amount, 1000))
        assert(act.cash.action == "buy" and af.eq(act.cash.amount, 500))
        assert(act.bond.action == "no action")
        assert(plan.summary[1] == "Move 1000.00 from crypto to stock" and plan.summary[2] == "Move 500.00 from crypto to cash")
        local drift = {}
        for _, r in ipairs(p:drift()) do drift[r.key] = r end
        assert(drift.stock.status == "red" and drift.cash.status == "yellow" and drift.bond.status == "green")
        p:set_targets{ stock = 50, bond = 40 }
        local _, warning = p:drift()
        assert(warning == "Target allocations sum to 90% instead of 100%.")
        expect_error(function() p:set_targets{ stock = 120 } end, "must be between 0% and 100%")
        assert(af.eq(af.net_worth(), 10000))
        local rows = af.allocation{ by = "asset" }
        assert(#rows == 4)
        """)
    }

    @Test("transaction rules and messages through Lua")
    func transactions() throws {
        try runRulesScript("""
        local a = af.create_asset{ name = "ACME", type = "stock", quantity = 10, cost_basis = 10, date = "2024-01-02" }
        local cash = af.create_asset{ name = "Cash", type = "cash", quantity = 100, date = "2024-01-02" }
        expect_error(function() a:sell{ quantity = 11, price = 1 } end, "Cannot sell more than current holdings (10).")
        expect_error(function() a:transfer_out{ quantity = 11, price = 1 } end, "Cannot transfer out more than current holdings (10).")
        expect_error(function() a:transfer_in{ quantity = 0, price = 1 } end, "Quantity must be greater than zero.")
        expect_error(function() cash:buy{ quantity = 0 } end, "Amount must be greater than zero.")
        expect_error(function() a:buy{ quantity = 1, price = 1, date = "2024-06-02" } end, "Date cannot be in the future.")
        local t = a:transfer_in{ quantity = 2, price = 10, date = "2024-02-01" }
        assert(af.eq(a.quantity, 12))
        local s = a:sell{ quantity = 4, price = 12, date = "2024-03-01" }
        expect_error(function() s:edit{ quantity = 13 } end, "Cannot sell more than available holdings (12).")
        s:edit{ quantity = 5 }
        assert(af.eq(a.quantity, 7) and #a:transactions() == 3)
        expect_error(function() a:transactions()[1]:delete() end, "Deleting this transaction would cause the asset quantity to become negative.")
        t:delete()
        assert(af.eq(a.quantity, 5))
        a:set_quantity(8, { date = "2024-04-01" })
        assert(af.eq(a.quantity, 8))
        assert(cash:buy{ quantity = 5 }.label == "Deposit" and cash:sell{ quantity = 5 }.label == "Withdrawal")
        local sell, buy = af.swap{ from = a, to = "Cash", quantity = 2, price = 15, date = "2024-05-01" }
        assert(af.eq(cash.quantity, 130) and af.eq(a.quantity, 6))
        expect_error(function() af.swap{ from = a, to = cash, quantity = 99, price = 1 } end, "Cannot sell more than current holdings (6).")
        assert(af.eq(cash.quantity, 130))
        af.dividend{ asset = cash, source = a, amount = "12.50", date = "2024-05-02" }
        af.interest{ asset = a, source = a, quantity = 1, price = 10, date = "2024-05-03" }
        assert(af.eq(a.income, "22.50"))
        expect_error(function() af.dividend{ asset = a, source = cash, amount = 1 } end, "Dividend is paid into a cash asset")
        """)
    }

    @Test("price, asset and portfolio rules through Lua")
    func recordsAndAssets() throws {
        try runRulesScript("""
        local p = af.create_portfolio{ name = "Core" }
        local a = af.create_asset{ name = "ACME", type = "stock", portfolio = p, quantity = 10, cost_basis = 10, date = "2024-01-15" }
        expect_error(function() a:prices()[1]:delete() end, "An asset must have at least one price record.")
        local pr = a:record_price{ price = 20, date = "2024-03-01" }
        expect_error(function() pr:edit{ date = "2024-01-15" } end, "A price record already exists for this date.")
        pr:edit{ price = 30 }
        assert(af.eq(a.current_price, 30))
        assert(af.eq(a:value_at("2024-02-01"), 100) and af.eq(p:value_at("2024-03-02"), 300))
        local tl = p:timeline{ from = "2024-01-31", to = "2024-03-31", every = "month" }
        assert(#tl == 3 and tl[2].date == "2024-02-29" and af.eq(tl[3].value, 300))
        pr:delete()
        expect_error(function() a:update{ type = "bond" } end, "The asset type cannot be changed once the asset has transactions or price records.")
        expect_error(function() a:update{ currency = "EUR" } end, "The currency cannot be changed once the asset has transactions or price records.")
        af.create_category{ name = "Growth", target = 60 }
        expect_error(function() af.create_category{ name = "growth" } end, "A category named 'Growth' already exists.")
        expect_error(function() af.create_category{ name = "X", target = 101 } end, "Target allocation must be between 0% and 100%.")
        a:update{ name = "ACME Corp", category = "Growth", platform = " Broker " }
        assert(a.category == "Growth" and a.platform == "Broker")
        assert(p:allocation{ by = "category" }[1].key == "Growth")
        expect_error(function() p:delete() end, "This portfolio contains 1 asset(s). Remove all assets before deleting the portfolio.")
        af.create_asset{ name = "Euro", type = "cash", currency = "EUR", portfolio = p, quantity = 1 }
        expect_error(function() return p.total_value end, "No exchange rate from EUR to USD on or before")
        expect_error(function() return p:allocation() end, "No exchange rate from EUR to USD on or before")
        af.asset("Euro"):delete()
        a:delete()
        p:delete()
        assert(#af.portfolios() == 0 and #af.assets() == 0)
        """)
    }

    @Test("goal, investment plans, risk profiles and saving plans through Lua")
    func goalsAndPlans() throws {
        try runRulesScript("""
        local cash = af.create_asset{ name = "Cash", type = "cash", quantity = 1000, date = "2024-01-02" }
        local etf = af.create_asset{ name = "ETF", type = "etf", quantity = 1, cost_basis = 50, date = "2024-01-02" }
        expect_error(function() af.settings.financial_goal = "abc" end, "Financial goal must be a valid number.")
        expect_error(function() af.set_financial_goal(0) end, "Financial goal must be greater than zero.")
        af.settings.financial_goal = 2100
        assert(af.eq(af.settings.financial_goal, 2100))
        local g = af.goal_progress()
        assert(af.eq(g.achievement_percent, 50) and af.eq(g.distance, 1050) and g.reached == false)
        local plan = af.create_investment_plan{ name = "House", target_amount = 2100, start_date = "2024-01-01", target_date = "2025-01-01" }
        local pr = plan:progress{ as_of = "2024-07-01" }
        assert(af.eq(pr.progress_percent, 50) and pr.on_track == true and af.eq(pr.required_monthly, 175))
        expect_error(function() af.create_investment_plan{ name = "X", target_amount = 0, start_date = "2024-01-01", target_date = "2025-01-01" } end,
                     "Target amount must be greater than zero.")
        assert(af.eq(af.risk_profile("moderate").stock, 60) and af.eq(af.risk_profile("very_high").alternatives, 15))
        af.create_saving_plan{ name = "Monthly", asset = etf, source = cash, amount = 100, frequency = "monthly", start_date = "2024-01-31", execution = "automatic" }
        af.create_saving_plan{ name = "Gift", asset = "ETF", amount = 50, frequency = "weekly", start_date = "2024-05-20" }
        assert(#af.run_due_plans{ as_of = "2024-04-30" } == 8)
        assert(#af.run_due_plans{ as_of = "2024-04-30" } == 0)
        assert(af.eq(cash.quantity, 600) and af.eq(etf.quantity, 9))
        local r = af.reminders{ as_of = "2024-06-01" }
        assert(#r == 2 and r[1].plan == "Gift" and r[1].date == "2024-05-20")
        expect_error(function() af.create_saving_plan{ name = "Bad", asset = etf, amount = 0 } end, "Saving plan amount must be greater than zero.")
        """)
    }
}
