import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// The rules and messages that `BusinessRulesBindingsTests` leaves out, each checked through
/// the Lua door a script would use (`pcall` and the seed's message).
@Suite("Business rules through Lua, continued")
struct BusinessRulesMoreTests {
    @Test("transactions: fees ≥ 0, unknown type names, an adjustment of zero on edit")
    func transactionMessages() throws {
        try runRulesScript("""
        local a = af.create_asset{ name = "ACME", type = "stock", quantity = 10, cost_basis = 10, date = "2024-01-02" }
        local cash = af.create_asset{ name = "Cash", type = "cash", quantity = 100, date = "2024-01-02" }
        expect_error(function() a:buy{ quantity = 1, price = 10, fees = -1 } end, "Fees must be zero or greater.")
        expect_error(function() cash:sell{ quantity = 1, fees = "-0.01" } end, "Fees must be zero or greater.")
        local t = a:buy{ quantity = 1, price = 10, fees = 0, date = "2024-02-01" }
        expect_error(function() t:edit{ type = "gift" } end,
                     "Unknown transaction type 'gift'. Use one of: buy, sell, transfer_in, transfer_out, adjustment, dividend, interest.")
        expect_error(function() t:edit{ type = "adjustment", quantity = 0 } end, "Quantity must not be zero for an adjustment.")
        expect_error(function() cash:transactions()[1]:edit{ type = "adjustment", quantity = 0 } end, "Amount must not be zero for an adjustment.")
        assert(t.type == "buy" and af.eq(a.quantity, 11))
        t:edit{ type = "Transfer In" }
        assert(t.type == "transfer_in")
        """)
    }

    @Test("a new asset: cost basis required, current price ≥ 0, ISO currency, unique name")
    func newAssets() throws {
        try runRulesScript("""
        expect_error(function() af.create_asset{ name = "A", type = "stock", quantity = 1 } end, "Cost basis is required.")
        expect_error(function() af.create_asset{ name = "A", type = "stock", quantity = 1, cost_basis = 5, current_price = -1 } end,
                     "Current price must be zero or greater.")
        expect_error(function() af.create_asset{ name = "A", type = "stock", currency = "EURO" } end,
                     "Unsupported currency 'EURO'.")
        expect_error(function() af.create_asset{ name = "A", type = "stock", currency = "U$D" } end,
                     "Unsupported currency 'U$D'.")
        assert(#af.assets() == 0)
        local a = af.create_asset{ name = "ACME", type = "stock", currency = "eur" }
        assert(a.currency == "EUR")
        expect_error(function() af.create_asset{ name = "acme", type = "bond" } end, "An asset named 'acme' already exists.")
        local b = af.create_asset{ name = "Other", type = "bond" }
        expect_error(function() b:update{ name = " ACME " } end, "An asset named 'ACME' already exists.")
        expect_error(function() b:update{ currency = "dollars" } end, "Unsupported currency 'dollars'.")
        assert(#af.assets() == 2 and b.name == "Other")
        """)
    }

    @Test("prices: a cash asset's records are forced to 1; a new record must not be negative")
    func priceRecords() throws {
        try runRulesScript("""
        local cash = af.create_asset{ name = "Cash", type = "cash", quantity = 100, date = "2024-01-02" }
        local pr = cash:record_price{ price = 5, date = "2024-02-01" }
        assert(af.eq(pr.price, 1) and af.eq(cash.current_price, 1) and af.eq(cash.current_value, 100))
        pr:edit{ price = 7 }
        assert(af.eq(pr.price, 1) and af.eq(cash.current_price, 1))
        local a = af.create_asset{ name = "ACME", type = "stock", quantity = 1, cost_basis = 10, date = "2024-01-02" }
        expect_error(function() a:record_price{ price = -1, date = "2024-02-01" } end, "Price must be zero or greater.")
        assert(#a:prices() == 1)
        a:record_price{ price = 0, date = "2024-02-01" }
        assert(af.eq(a.current_price, 0))
        """)
    }

    @Test("swap without a price to convert into; income messages")
    func swapAndIncome() throws {
        try runRulesScript("""
        local a = af.create_asset{ name = "ACME", type = "stock", quantity = 10, cost_basis = 10, date = "2024-01-02" }
        local cash = af.create_asset{ name = "Cash", type = "cash", quantity = 100, date = "2024-01-02" }
        local new = af.create_asset{ name = "New", type = "stock" }
        expect_error(function() af.swap{ from = cash, to = new, quantity = 50 } end,
                     "Give to_quantity or to_price: 'New' has no price to convert the proceeds.")
        assert(af.eq(cash.quantity, 100) and #new:transactions() == 0)
        af.swap{ from = cash, to = new, quantity = 50, to_price = 25, date = "2024-02-01" }
        assert(af.eq(cash.quantity, 50) and af.eq(new.quantity, 2))
        expect_error(function() af.interest{ asset = a, source = a, amount = 5 } end, "In-kind interest needs a quantity.")
        expect_error(function() af.dividend{ asset = a, source = a, quantity = 1 } end,
                     "A dividend is paid into a cash asset, not into the asset paying it.")
        expect_error(function() af.dividend{ asset = cash, source = a } end, "Dividend needs an amount.")
        expect_error(function() af.interest{ asset = cash, source = a } end, "Interest needs an amount.")
        expect_error(function() af.interest{ asset = new, source = a, amount = 1 } end, "Interest is paid into a cash asset; 'New' is not cash.")
        assert(af.eq(a.income, 0) and af.eq(a.quantity, 10) and af.eq(cash.quantity, 50))
        """)
    }

    @Test("net worth adds every portfolio and the assets in none")
    func netWorthAcrossPortfolios() throws {
        try runRulesScript("""
        local p1 = af.create_portfolio{ name = "One" }
        local p2 = af.create_portfolio{ name = "Two" }
        af.create_asset{ name = "A", type = "stock", portfolio = p1, quantity = 10, cost_basis = 10, current_price = 12, date = "2024-01-02" }
        af.create_asset{ name = "B", type = "bond", portfolio = p2, quantity = 5, cost_basis = 100, date = "2024-01-02" }
        af.create_asset{ name = "C", type = "cash", quantity = "30.50", date = "2024-01-02" }
        assert(af.eq(p1.total_value, 120) and af.eq(p2.total_value, 500))
        assert(af.eq(af.net_worth(), "650.50"))
        af.create_asset{ name = "D", type = "cash", currency = "EUR", portfolio = p2, quantity = 1 }
        expect_error(function() return af.net_worth() end, "No exchange rate from EUR to USD on or before 2024-06-01. Add one with af.set_rate{")
        af.set_rate{ base = "EUR", quote = "USD", date = "2024-01-02", rate = "1.10" }
        assert(af.eq(af.net_worth(), "651.60") and af.net_worth("EUR"):exact():sub(1, 8) == "592.3636" and tostring(af.net_worth("EUR")) == "592.36 EUR", tostring(af.net_worth("EUR")))
        """)
    }

    @Test("timeline: every = \"day\", start after end, the 10000-date limit, an unknown step")
    func timeline() throws {
        try runRulesScript("""
        local p = af.create_portfolio{ name = "Core" }
        local a = af.create_asset{ name = "ACME", type = "stock", portfolio = p, quantity = 10, cost_basis = 10, date = "2024-01-02" }
        a:record_price{ price = 20, date = "2024-01-04" }
        local tl = p:timeline{ from = "2024-01-01", to = "2024-01-05", every = "day" }
        local got = {}
        for _, r in ipairs(tl) do got[#got + 1] = r.date .. "=" .. r.value:exact() end
        assert(table.concat(got, " ") == "2024-01-01=0 2024-01-02=100 2024-01-03=100 2024-01-04=200 2024-01-05=200", table.concat(got, " "))
        assert(#p:timeline{ from = "2024-05-30" } == 3)
        expect_error(function() p:timeline{ from = "2024-03-01", to = "2024-02-01" } end,
                     "The timeline's start date (2024-03-01) is after its end date (2024-02-01).")
        expect_error(function() p:timeline{ from = "1990-01-01", to = "2024-01-01", every = "day" } end,
                     "A timeline is limited to 10000 dates; use every = \\"month\\" or a shorter range.")
        assert(#p:timeline{ from = "1990-01-01", to = "2024-01-01", every = "month" } == 409)
        expect_error(function() p:timeline{ from = "2024-01-01", every = "week" } end, "\\"day\\" or \\"month\\" expected, got 'week'")
        """)
    }

    @Test("allocation by platform, the fallback keys, unknown groupings, targets only by type or category, zero total")
    func allocation() throws {
        try runRulesScript("""
        local p = af.create_portfolio{ name = "Core" }
        local a = af.create_asset{ name = "A", type = "stock", portfolio = p, quantity = 30, cost_basis = 10, date = "2024-01-02" }
        local b = af.create_asset{ name = "B", type = "bond", portfolio = p, quantity = 10, cost_basis = 10, date = "2024-01-02" }
        af.create_category{ name = "Growth" }
        a:update{ platform = "Broker", category = "Growth" }
        local function shares(rows)
            local out = {}
            for _, r in ipairs(rows) do out[#out + 1] = r.key .. "=" .. tostring(r.percent) end
            return table.concat(out, " ")
        end
        assert(shares(p:allocation{ by = "platform" }) == "Broker=75 (No Platform)=25", shares(p:allocation{ by = "platform" }))
        assert(shares(p:allocation{ by = "category" }) == "Growth=75 (Uncategorized)=25")
        assert(shares(af.allocation{ by = " Platform " }) == "Broker=75 (No Platform)=25")
        expect_error(function() p:allocation{ by = "color" } end,
                     "Unknown allocation grouping 'color'. Use one of: type, category, platform, asset, currency.")
        expect_error(function() af.allocation{ by = "" } end, "Unknown allocation grouping ''.")
        expect_error(function() p:set_targets{ by = "platform", Broker = 100 } end, "Targets can be set by type, category or currency, not by platform.")
        expect_error(function() p:drift{ by = "asset" } end, "Targets can be set by type, category or currency, not by asset.")
        local empty = af.create_portfolio{ name = "Empty" }
        assert(#empty:allocation() == 0)
        local z = af.create_portfolio{ name = "Zero" }
        af.create_asset{ name = "Free", type = "stock", portfolio = z, quantity = 5, cost_basis = 0, date = "2024-01-02" }
        assert(af.eq(z.total_value, 0) and #z:allocation() == 0 and #z:allocation{ by = "asset" } == 0)
        """)
    }

    @Test("saving plans: no source is a transfer in; the source must cover the amount; a price above zero is required")
    func savingPlanRuns() throws {
        try runRulesScript("""
        local etf = af.create_asset{ name = "ETF", type = "etf", quantity = 1, cost_basis = 50, date = "2024-01-02" }
        local plan = af.create_saving_plan{ name = "Gift", asset = etf, amount = 100, frequency = "monthly", start_date = "2024-02-01", execution = "automatic" }
        local made = af.run_due_plans{ as_of = "2024-03-15" }
        assert(#made == 2 and made[1].type == "transfer_in" and made[1].date == "2024-02-01" and af.eq(made[1].quantity, 2))
        assert(af.eq(etf.quantity, 5) and plan.next_due_date == "2024-04-01")
        """)
        try runRulesScript("""
        local cash = af.create_asset{ name = "Cash", type = "cash", quantity = 150, date = "2024-01-02" }
        local etf = af.create_asset{ name = "ETF", type = "etf", quantity = 1, cost_basis = 50, date = "2024-01-02" }
        local plan = af.create_saving_plan{ name = "Monthly", asset = etf, source = cash, amount = 100, frequency = "monthly", start_date = "2024-02-01", execution = "automatic" }
        expect_error(function() af.run_due_plans{ as_of = "2024-03-15" } end,
                     "The source asset balance (50) is not enough to cover the plan amount (100).")
        assert(af.eq(cash.quantity, 150) and af.eq(etf.quantity, 1) and plan.next_due_date == "2024-02-01")
        cash:buy{ quantity = 50, date = "2024-02-15" }
        assert(#af.run_due_plans{ as_of = "2024-03-15" } == 4 and af.eq(cash.quantity, 0) and plan.next_due_date == "2024-04-01")
        """)
        try runRulesScript("""
        local free = af.create_asset{ name = "Free", type = "stock", quantity = 1, cost_basis = 0, date = "2024-01-02" }
        local later = af.create_asset{ name = "Later", type = "stock" }
        later:record_price{ price = 10, date = "2024-03-01" }
        af.create_saving_plan{ name = "Free", asset = free, amount = 10, frequency = "monthly", start_date = "2024-02-01", execution = "automatic" }
        expect_error(function() af.run_due_plans{ as_of = "2024-02-01" } end, "'Free' has no price above zero on or before 2024-02-01.")
        free:delete()
        af.create_saving_plan{ name = "Later", asset = later, amount = 10, frequency = "monthly", start_date = "2024-02-01", execution = "automatic" }
        expect_error(function() af.run_due_plans{ as_of = "2024-03-01" } end, "'Later' has no price above zero on or before 2024-02-01.")
        assert(#later:transactions() == 0)
        """)
    }

    @Test("portfolio:risk_deviation: Example 4 by risk class against a profile or a risk tolerance")
    func riskDeviation() throws {
        try runRulesScript("""
        local p = af.create_portfolio{ name = "Example 4" }
        af.create_asset{ name = "Stocks", type = "stock", portfolio = p, quantity = 30, cost_basis = 100, date = "2024-01-02" }
        af.create_asset{ name = "World", type = "etf", portfolio = p, quantity = 20, cost_basis = 100, date = "2024-01-02" }
        af.create_asset{ name = "Coins", type = "crypto", portfolio = p, quantity = 1, cost_basis = 1500, date = "2024-01-02" }
        af.create_asset{ name = "Bonds", type = "bond", portfolio = p, quantity = 20, cost_basis = 100, date = "2024-01-02" }
        af.create_asset{ name = "Cash", type = "cash", portfolio = p, quantity = 1500, date = "2024-01-02" }
        local function rows(profile)
            local out = {}
            for _, r in ipairs(p:risk_deviation(profile)) do
                out[#out + 1] = string.format("%s %s/%s %s %s", r.key, tostring(r.actual), tostring(r.target), tostring(r.difference), r.status)
            end
            table.sort(out)
            return table.concat(out, "; ")
        end
        local moderate = rows("moderate")
        assert(moderate == "alternatives 15/0 15 red; bond 20/30 -10 red; cash 15/10 5 yellow; stock 50/60 -10 red", moderate)
        local aggressive = rows("Very High")
        assert(aggressive == "alternatives 15/15 0 green; bond 20/0 20 red; cash 15/5 10 red; stock 50/80 -30 red", aggressive)
        assert(rows("low") == rows("conservative"))
        expect_error(function() p:risk_deviation("bold") end,
                     "Unknown risk profile 'bold'. Use one of: conservative, moderate, aggressive, very_low, low, high, very_high.")
        expect_error(function() p:risk_deviation() end, "Portfolio:risk_deviation: argument 1 (profile) is required")
        local empty = af.create_portfolio{ name = "Empty" }
        local e = empty:risk_deviation("aggressive")
        assert(#e == 3 and af.eq(e[1].actual, 0) and e[1].status == "red")
        af.create_asset{ name = "Euro", type = "cash", currency = "EUR", portfolio = p, quantity = 1 }
        expect_error(function() p:risk_deviation("moderate") end, "No exchange rate from EUR to USD on or before")
        """)
    }
}
