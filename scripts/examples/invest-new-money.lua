-- Invest new money without selling anything.
--
-- A custom rule that puts a deposit into the groups furthest below their targets, never
-- selling: each under-weight group gets a share of the new money in proportion to how far
-- it is below target (measured on the total after the deposit). The built-in
--   p:rebalance{ strategy = "cash_flow", amount = 1000 }
-- does the same; the rule below shows how to write it yourself and change it (for instance
-- to skip groups that are only slightly under target, or to buy only ETFs).
--
-- Run:  assetflow run scripts/examples/invest-new-money.lua [amount] [portfolio] [apply]

local amount = D(arg and tonumber(arg[1]) and arg[1] or "1000")
local name = arg and arg[2] ~= "apply" and arg[2] or nil
local apply = false
for _, a in ipairs(arg or {}) do if a == "apply" then apply = true end end

local function min(a, b) if a < b then return a end return b end

af.rebalance.define("new_money_only", function(ctx)
  local after = ctx.total + ctx.amount              -- the total once the money is in
  local gaps, sum = {}, D(0)
  for group, target in pairs(ctx.targets) do
    local gap = after * target / 100 - (ctx.values[group] or 0)
    if gap > 0 and group ~= "cash" then gaps[group] = gap; sum = sum + gap end
  end
  local trades = {}
  if sum == 0 then return trades end
  local groups = {}                                -- in name order, so the plan reads the same every run
  for group in pairs(gaps) do groups[#groups + 1] = group end
  table.sort(groups)
  for _, group in ipairs(groups) do
    local gap = gaps[group]
    -- Buy the group's largest holding.
    local best
    for _, h in ipairs(ctx.holdings) do
      if h.group == group and not h.cash and (best == nil or h.value > best.value) then best = h end
    end
    local share = (min(ctx.amount, sum) * (gap / sum)):round(2)   -- money × its group's share (money ÷ money)
    if best and share > 0 then trades[#trades + 1] = { asset = best.asset, side = "buy", amount = share } end
  end
  return trades
end)

local p = name and af.portfolio(name) or af.portfolios()[1]
if not p then print("No portfolio yet.") return end
-- `amount` is new money: the plan deposits it into the cash asset and buys from there.
local ok, plan = pcall(p.rebalance, p, { strategy = "new_money_only", amount = amount })
if not ok then print("Cannot plan: " .. tostring(plan)) return end
print(("Investing %s of new money in %s:"):format(amount, p.name))
for _, t in ipairs(plan.trades) do print(("  %-4s %-20s %12s"):format(t.side, t.name, t.amount)) end
local builtin = p:rebalance{ strategy = "cash_flow", amount = amount }
print("The built-in cash_flow strategy would do:")
for _, line in ipairs(builtin.summary) do print("  " .. line) end
if apply then plan:apply{} print("Applied.") end
