-- The 5/25 band rule as a custom rebalancing rule.
--
-- A group (an asset type) is rebalanced only when it drifts from its target by more than
-- 5 percentage points, or by more than 25 % of its own target, whichever is smaller:
-- a 60 % target may move between 55 and 65, a 10 % target between 7.5 and 12.5.
-- Groups outside their band go back to target; the money comes from, or goes to, the
-- cash asset. (The built-in equivalent is
--   p:rebalance{ strategy = "bands", tolerance = { absolute = 5, relative = 25 } }
-- which also spreads any difference over the groups inside their bands.)
--
-- Run:  assetflow run scripts/examples/band-rule-5-25.lua [portfolio] [apply]
-- Without "apply" it only prints the plan.

local name, mode = arg and arg[1], arg and arg[2]

-- The rule: ctx gives holdings, values, prices, targets, drift (points), cash and total.
local function min(a, b) if a < b then return a end return b end

af.rebalance.define("five_twenty_five", function(ctx)
  local trades = {}
  for group, target in pairs(ctx.targets) do
    local drift = ctx.drift[group] or 0            -- actual % − target %
    local band = math.min(5, target * 0.25)        -- the 5/25 rule
    if math.abs(drift:tonumber()) > band and group ~= "cash" then
      -- The group's largest holding carries the trade.
      local best
      for _, h in ipairs(ctx.holdings) do
        if h.group == group and (best == nil or h.value > best.value) then best = h end
      end
      local amount = (ctx.total * drift / 100):abs():round(2)
      if best and amount > 0 then
        trades[#trades + 1] = { asset = best.asset, side = drift > 0 and "sell" or "buy",
                                amount = drift > 0 and min(amount, best.value) or amount }
      end
    end
  end
  -- Sells first: the engine checks that buys are funded by sells plus the cash.
  table.sort(trades, function(a, b) return a.side > b.side end)
  return trades
end)

-- Pick the portfolio: the one named on the command line, or the first with targets.
local function pick()
  if name and name ~= "apply" then return af.portfolio(name) end
  for _, p in ipairs(af.portfolios()) do
    local drift = p:drift()
    for _, row in ipairs(drift) do if row.target > 0 then return p end end
  end
end
local p = pick()
if not p then
  print("No portfolio with targets: set them first, e.g. p:set_targets{ stock = 60, bond = 30, cash = 10 }")
  return
end

local plan = p:rebalance{ strategy = "five_twenty_five" }
print(("5/25 rule for %s: %d trade(s)"):format(p.name, #plan.trades))
for _, t in ipairs(plan.trades) do
  print(("  %-4s %-20s %12s  (%s units at %s)"):format(t.side, t.name, t.amount, t.quantity, t.price))
end
for _, line in ipairs(plan.summary) do print("  " .. line) end
print("Allocation after:")
for _, row in ipairs(plan.after) do print(("  %-12s %8s %%  (target %s %%)"):format(row.key, row.percent, row.target)) end
if (mode == "apply" or name == "apply") and #plan.trades > 0 then
  plan:apply{}
  print("Applied.")
end
