-- Overview: net worth, its history, allocation, drift against targets, and gains.
-- Run: assetflow report overview [--currency EUR] [--format html --output overview.html]
-- Copy it into your reports folder to make your own.
local r = af.report.new{ title = "Portfolio overview", params = {
  currency = { type = "string", default = af.main_currency(), help = "The currency totals are shown in (each value converted at its day's rate)." },
} }
local assets = af.assets()
if #assets == 0 then
  r:text("The store has no assets yet: create one with af.create_asset{…} and run this report again.")
  return r
end

-- Key figures in the main currency by the one conversion rule (Currencies.md): the value
-- at today's rate, cost at the rates of the days it was paid, each sale's proceeds and each
-- payment at its day's rate (af.gains, the same figures as af.performance). A missing rate
-- is said, not guessed.
local main = r.params.currency
local function in_main(amount, code) return (af.convert(amount, code, main)) end
local first = af.rows.each_transaction()()  -- the first transaction by date (one row read)
first = first and first.date
local ok, gains = pcall(af.gains, main)
if not ok then
  r:text("Figures in " .. main .. " are not available: " .. tostring(gains))
  return r
end
local net_worth, notices = af.net_worth(main)
local figures = {
  { label = "Net worth (" .. main .. ")", value = net_worth, format = "money" },
  { label = "Cost basis", value = gains.cost_basis, format = "money" },
  { label = "Unrealized gain", value = gains.unrealized_gain, format = "money" },
  { label = "Realized gain", value = gains.realized_gain, format = "money" },
  { label = "Income", value = gains.income, format = "money" },
}
local goal = af.financial_goal()
if goal then
  local g = af.goal_progress()
  figures[#figures + 1] = { label = "Goal reached", value = g.achievement_percent, format = "percent" }
end
r:figures(figures)
if #notices > 0 then r:text("Note: " .. table.concat(notices, "; ")) end

-- Net worth by month: every asset, as the "Net worth" figure above counts them (assets in
-- no portfolio included), valued on the same day of each month and today.
if first then
  local ok_history, history = pcall(af.timeline, { from = first, every = "month", currency = main })
  if ok_history then
    r:chart{ kind = "area", title = "Net worth in " .. main .. " by month (every asset, as the figure above)", series = history, format = "money" }
  else
    r:text("Net worth by month: " .. tostring(history))
  end
end

local ok_alloc, allocation = pcall(af.allocation, { by = "type", currency = main })
if ok_alloc then
  r:chart{ kind = "pie", title = "Allocation by type (" .. main .. ")", series = allocation, x = "key", y = "value", format = "money" }
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

-- Gains per asset, largest value first: in the asset's own currency, with its value in the
-- main currency to compare them.
local gains = {}
for _, a in ipairs(assets) do
  gains[#gains + 1] = { name = a.name, currency = a.currency, value = a.current_value, value_main = in_main(a.current_value, a.currency),
                        cost_basis = a.cost_basis, unrealized_gain = a.unrealized_gain, gain_percent = a.unrealized_gain_percent,
                        realized_gain = a.realized_gain }
end
table.sort(gains, function(x, y) return x.value_main > y.value_main end)
r:table(gains, { title = "Gains",
  columns = { "name", "currency", "value", { "value_main", "Value (" .. main .. ")" }, "cost_basis", "unrealized_gain", { "gain_percent", "Gain %" }, "realized_gain" },
  -- Money is labelled with the report's (main) currency: amounts in each asset's own
  -- currency are plain numbers beside the currency column.
  format = { value = "number", value_main = "money", cost_basis = "number", unrealized_gain = "number", gain_percent = "percent", realized_gain = "number" } })
return r
