-- Contributions vs growth: how the net worth went from its value at the start to today's,
-- as start + contributions + income + gains = end (a waterfall).
-- Run: assetflow report contributions-growth [--from 2024-01-01]
local main = af.main_currency()
local r = af.report.new{ title = "Contributions and growth (" .. main .. ")", params = {
  from = { type = "date", help = "First day (default: the first transaction)." },
} }
local first = af.rows.each_transaction()()  -- the first transaction by date (one row read)
if not first then return r:text("No transactions yet.") end
local from = r.params.from or first.date
local ok, problem = pcall(function()
  local start = af.timeline{ from = from, to = from }[1].value
  local finish = af.net_worth()
  -- Money put in after the start day (flows on it are already in the start value).
  local after = function(t) return t.date > from end
  local contributions = af.query.flows():where(after):convert(main):sum("amount")
  local income = af.query.income():where(after):convert(main):sum("amount")
  local gains = finish - start - contributions - income
  local steps = { { label = "Start " .. from, value = start }, { label = "Contributions", value = contributions },
                  { label = "Income", value = income }, { label = "Gains", value = gains }, { label = "Today", value = finish } }
  r:chart{ kind = "waterfall", title = "From " .. from .. " to today", series = steps, x = "label", format = "money" }
  r:table(steps, { columns = { { "label", "" }, "value" }, format = { value = "money" } })
end)
if not ok then r:text("Not available: " .. tostring(problem)) end
return r
