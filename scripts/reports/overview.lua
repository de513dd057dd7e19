-- Overview: net worth, its history, allocation, drift against targets, and gains.
-- Run: assetflow report overview [--format html --output overview.html]
-- Copy it into your reports folder to make your own.
local r = af.report.new{ title = "Portfolio overview" }
local assets = af.assets()
if #assets == 0 then
  r:text("The store has no assets yet: create one with af.create_asset{…} and run this report again.")
  return r
end

-- Key figures, summed exactly over every asset.
local cost, unrealized, realized, income = D"0", D"0", D"0", D"0"
local first
for _, a in ipairs(assets) do
  cost = cost + a.cost_basis
  unrealized = unrealized + a.unrealized_gain
  realized = realized + a.realized_gain
  income = income + a.income
  local t = a:transactions()[1]
  if t and (first == nil or t.date < first) then first = t.date end
end
local ok, net_worth = pcall(af.net_worth)
local figures = {
  { label = "Net worth", value = ok and net_worth or "mixed currencies", format = ok and "money" or "text" },
  { label = "Cost basis", value = cost, format = "money" },
  { label = "Unrealized gain", value = unrealized, format = "money" },
  { label = "Realized gain", value = realized, format = "money" },
  { label = "Income", value = income, format = "money" },
}
local goal = af.financial_goal()
if goal then
  local g = af.goal_progress()
  figures[#figures + 1] = { label = "Goal reached", value = g.achievement_percent, format = "percent" }
end
r:figures(figures)

-- Net worth by month: every asset, as the "Net worth" figure above counts them (assets in
-- no portfolio included), valued on the same day of each month and today.
if first then
  local ok_history, history = pcall(af.timeline, { from = first, every = "month" })
  if ok_history then
    r:chart{ kind = "area", title = "Net worth by month (every asset, as the figure above)", series = history, format = "money" }
  else
    r:text("Net worth by month: " .. tostring(history))
  end
end

local ok_alloc, allocation = pcall(af.allocation, { by = "type" })
if ok_alloc then
  r:chart{ kind = "pie", title = "Allocation by type", series = allocation, x = "key", y = "value", format = "money" }
else
  r:text("Allocation: " .. tostring(allocation))
end

-- Drift of each portfolio that has targets.
for _, p in ipairs(af.portfolios()) do
  local ok_drift, rows, warning = pcall(p.drift, p, {})
  if ok_drift and #rows > 0 then
    r:table(rows, { title = "Drift: " .. p.name, columns = { { "key", "Type" }, "actual", "target", "difference", "status" },
                    format = { actual = "percent", target = "percent", difference = "percent" } })
    if warning then r:text(warning) end
  end
end

-- Gains per asset, largest value first.
local gains = {}
for _, a in ipairs(assets) do
  gains[#gains + 1] = { name = a.name, value = a.current_value, cost_basis = a.cost_basis,
                        unrealized_gain = a.unrealized_gain, gain_percent = a.unrealized_gain_percent,
                        realized_gain = a.realized_gain }
end
table.sort(gains, function(x, y) return x.value > y.value end)
r:table(gains, { title = "Gains",
  columns = { "name", "value", "cost_basis", "unrealized_gain", { "gain_percent", "Gain %" }, "realized_gain" },
  format = { value = "money", cost_basis = "money", unrealized_gain = "money", gain_percent = "percent", realized_gain = "money" } })
return r
