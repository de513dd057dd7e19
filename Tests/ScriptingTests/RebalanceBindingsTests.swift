import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// The seeds' Example 4 as a Lua preamble: portfolio `p`, assets Stocks, Coins, Bonds, Cash.
let example4Lua = """
local p = af.create_portfolio{ name = "Example 4" }
af.create_asset{ name = "Stocks", type = "stock", portfolio = p, quantity = 50, cost_basis = 100, date = "2024-01-02" }
af.create_asset{ name = "Coins", type = "crypto", portfolio = p, quantity = 1, cost_basis = 1500, date = "2024-01-02" }
af.create_asset{ name = "Bonds", type = "bond", portfolio = p, quantity = 20, cost_basis = 100, date = "2024-01-02" }
af.create_asset{ name = "Cash", type = "cash", portfolio = p, quantity = 1500, date = "2024-01-02" }
p:set_targets{ stock = 60, bond = 20, cash = 20 }
local function trades(plan)
  local out = {}
  for _, t in ipairs(plan.trades) do out[#out + 1] = t.side .. " " .. t.name .. " " .. t.amount:exact() end
  return table.concat(out, ", ")
end

"""

@Suite("Rebalancing through Lua")
struct RebalanceBindingsTests {
    @Test("full plan on Example 4: trades, before/after, summary, and apply records them through the cash asset")
    func fullAndApply() throws {
        try runRulesScript(example4Lua + """
        local plan = p:rebalance{ strategy = "full" }
        assert(trades(plan) == "sell Coins 1500, buy Stocks 1000, buy Cash 500", trades(plan))
        assert(plan.summary[1] == "Move 1000.00 from crypto to stock" and plan.summary[2] == "Move 500.00 from crypto to cash")
        assert(plan.before[1].key == "stock" and af.eq(plan.before[1].percent, 50))
        assert(plan.after[1].key == "stock" and af.eq(plan.after[1].percent, 60) and af.eq(plan.after[1].target, 60))
        assert(af.eq(plan.trades[2].quantity, 10) and af.eq(plan.trades[2].price, 100))
        local recorded = plan:apply{ date = "2024-05-01" }
        assert(#recorded == 3)
        assert(af.eq(af.asset("Stocks").quantity, 60) and af.eq(af.asset("Coins").quantity, 0) and af.eq(af.asset("Cash").quantity, 2000))
        expect_error(function() plan:apply{} end, "already applied")
        local again = p:rebalance()
        assert(#again.trades == 0, trades(again))
        """)
    }

    @Test("bands, min_trades and cash_flow through Lua; strategies lists the built-ins and defined rules")
    func strategies() throws {
        try runRulesScript(example4Lua + """
        assert(trades(p:rebalance{ strategy = "bands", tolerance = 5, to = "edge" }) == "sell Coins 1000, buy Stocks 500, buy Cash 500")
        assert(trades(p:rebalance{ strategy = "min_trades", tolerance = 5 }) == "sell Coins 1000, buy Stocks 1000")
        assert(trades(p:rebalance{ strategy = "cash_flow", amount = 1000 }) == "buy Bonds 80, buy Stocks 640, buy Cash 280")
        local flat = p:rebalance{ strategy = "bands", tolerance = { absolute = 20 } }
        assert(#flat.trades == 0)
        expect_error(function() p:rebalance{ strategy = "cash_flow" } end, "needs amount")
        expect_error(function() p:rebalance{ strategy = "bands", amount = 5 } end, "takes no amount")
        expect_error(function() p:rebalance{ strategy = "nope" } end, "Unknown rebalancing strategy 'nope'")
        expect_error(function() p:rebalance{ strategy = "bands", tolerance = {} } end, "A tolerance needs")
        expect_error(function() p:rebalance{ stratgy = "bands" } end, "unknown field 'stratgy'")
        af.rebalance.define("noop", function(ctx) return {} end)
        local names = table.concat(af.rebalance.strategies(), ",")
        assert(names == "full,bands,cash_flow,min_trades,noop", names)
        expect_error(function() af.rebalance.define("full", function() end) end, "is a built-in strategy")
        """)
    }

    @Test("a custom rule round trip: ctx in, trades by object or name, amount or quantity, applied")
    func customRoundTrip() throws {
        try runRulesScript(example4Lua + """
        af.rebalance.define("crypto_out", function(ctx)
          assert(af.eq(ctx.total, 10000) and af.eq(ctx.cash, 1500) and af.eq(ctx.values.crypto, 1500))
          assert(af.eq(ctx.targets.stock, 60) and af.eq(ctx.drift.stock, -10) and af.eq(ctx.prices.Stocks, 100))
          assert(#ctx.holdings == 4 and ctx.by == "type")
          local coins
          for _, h in ipairs(ctx.holdings) do if h.name == "Coins" then coins = h end end
          return {
            { asset = coins.asset, side = "sell", quantity = coins.quantity },
            { asset = "Stocks", side = "buy", amount = 1000 },
          }
        end)
        local plan = p:rebalance{ strategy = "crypto_out" }
        assert(plan.strategy == "crypto_out")
        assert(trades(plan) == "sell Coins 1500, buy Stocks 1000, buy Cash 500", trades(plan))
        plan:apply{ date = "2024-05-01", note = "yearly" }
        assert(af.eq(af.asset("Cash").quantity, 2000))
        assert(af.asset("Stocks"):transactions()[2].note == "yearly")
        """)
    }

    @Test("each way a custom rule can be wrong gives its named error")
    func customErrors() throws {
        try runRulesScript(example4Lua + """
        local answer
        af.rebalance.define("bad", function(ctx) return answer end)
        local function fails(a, message)
          answer = a
          expect_error(function() p:rebalance{ strategy = "bad" } end, message)
        end
        fails(42, "Rebalancing rule 'bad' must return a list of trades")
        fails({ "x" }, "trade 1: a table {asset, side, amount | quantity} expected, got string")
        fails({ { side = "buy", amount = 1 } }, "trade 1: asset is missing")
        fails({ { asset = "Ghost", side = "buy", amount = 1 } }, "trade 1 (buy Ghost 1): 'Ghost' is not an asset of this portfolio.")
        fails({ { asset = "Stocks", side = "hold", amount = 1 } }, "trade 1 (hold Stocks 1): side must be")
        fails({ { asset = "Stocks", side = "buy", amount = "abc" } }, "trade 1 (buy Stocks): amount:")
        fails({ { asset = "Stocks", side = "buy" } }, "trade 1 (buy Stocks): give an amount or a quantity.")
        fails({ { asset = "Stocks", side = "buy", amount = 1, quantity = 1 } }, "give either amount or quantity, not both")
        fails({ { asset = "Stocks", side = "buy", amount = 0 } }, "amount must be greater than zero")
        fails({ { asset = "Bonds", side = "sell", amount = 100 }, { asset = "Coins", side = "sell", amount = 2000 } },
              "trade 2 (sell Coins 2000): sells more than the holding (1500.00, 1 units)")
        fails({ { asset = "Stocks", side = "buy", amount = 1000 }, { asset = "Bonds", side = "buy", amount = 600 } },
              "trade 2 (buy Bonds 600): buys are not funded: 1600.00 bought so far, 1500.00 available")
        af.rebalance.define("boom", function(ctx) error("rule exploded") end)
        expect_error(function() p:rebalance{ strategy = "boom" } end, "rule exploded")
        """)
    }

    @Test("apply is all or nothing: a trade the store refuses leaves every holding as it was")
    func applyAllOrNothing() throws {
        try runRulesScript(example4Lua + """
        af.rebalance.define("spend_cash", function(ctx)
          return { { asset = "Bonds", side = "sell", amount = 1000 }, { asset = "Stocks", side = "buy", amount = 2500 } }
        end)
        local plan = p:rebalance{ strategy = "spend_cash" }
        assert(trades(plan) == "sell Bonds 1000, buy Stocks 2500, sell Cash 1500", trades(plan))
        -- The cash moves before the plan is applied: the plan's cash withdrawal is now refused,
        -- after the sale of Bonds was recorded. Nothing of the plan stays.
        af.asset("Cash"):sell{ quantity = 100 }
        expect_error(function() plan:apply{} end, "Cannot sell more than current holdings (1400). Nothing was recorded.")
        assert(af.eq(af.asset("Bonds").quantity, 20) and af.eq(af.asset("Stocks").quantity, 50) and af.eq(af.asset("Cash").quantity, 1400))
        assert(#af.asset("Bonds"):transactions() == 1 and #af.asset("Stocks"):transactions() == 1)
        plan = p:rebalance()
        expect_error(function() plan:apply{ date = "2099-01-01" } end, "Date cannot be in the future.")
        assert(af.eq(af.asset("Coins").quantity, 1) and #af.asset("Coins"):transactions() == 1)
        -- A group nobody holds: the plan says so and cannot be applied until an asset is chosen.
        p:set_targets{ stock = 50, bond = 20, cash = 10, etf = 20 }
        local missing = p:rebalance()
        assert(#missing.problems == 1 and missing.problems[1]:find("No asset holds 'etf'", 1, true))
        expect_error(function() missing:apply{} end, "cannot be applied")
        local chosen = p:rebalance{ choose = { etf = "Stocks" } }
        assert(#chosen.problems == 0)
        """)
    }

    @Test("no-argument form on a portfolio without targets gives an empty plan naming the fix")
    func noTargets() throws {
        try runRulesScript("""
        local p = af.create_portfolio{ name = "Bare" }
        af.create_asset{ name = "X", type = "stock", portfolio = p, quantity = 1, cost_basis = 10, date = "2024-01-02" }
        local plan = p:rebalance()
        assert(#plan == 0 and #plan.trades == 0 and plan.problems[1]:find("No targets by type", 1, true))
        local inline = p:rebalance{ by = "asset", targets = { X = 100 } }
        assert(#inline.trades == 0 and #inline.problems == 0)
        """)
    }
}
