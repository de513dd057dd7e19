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

-- Net worth by month: the sum of every portfolio's timeline (assets outside a portfolio
-- are counted in the figures above).
local by_date, dates = {}, {}
for _, p in ipairs(af.portfolios()) do
  for _, row in ipairs(p:timeline{ from = first or "2000-01-01", every = "month" }) do
    if not by_date[row.date] then by_date[row.date] = D"0"; dates[#dates + 1] = row.date end
    by_date[row.date] = by_date[row.date] + row.value
  end
end
table.sort(dates)
local history = {}
for _, d in ipairs(dates) do history[#history + 1] = { date = d, value = by_date[d] } end
r:chart{ kind = "area", title = "Net worth", series = history, format = "money" }

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
