-- Monthly returns: the time-weighted return of each month, as a heat map (years × months).
-- Run: assetflow report monthly-returns [--from 2024-01-01]
-- A month's return chains the daily returns of the whole store in the main currency
-- (af.twr_series), so deposits and withdrawals do not count as gains or losses.
local r = af.report.new{ title = "Monthly returns (" .. af.main_currency() .. ")", params = {
  from = { type = "date", help = "First day (default: the first transaction)." },
} }
local ok, series = pcall(af.twr_series, { from = r.params.from, every = "month" })
if not ok then return r:text("Returns are not available: " .. tostring(series)) end
local rows, previous = {}, nil
for _, point in ipairs(series) do
  local index = 1 + point.twr
  if previous then
    rows[#rows + 1] = { month = previous.date:sub(1, 7), ["return"] = ((index / previous.index - 1) * 100):round(2) }
  end
  previous = { date = point.date, index = index }
end
if #rows == 0 then return r:text("Not enough history yet: returns need two month ends.") end
r:chart{ kind = "heatmap", title = "Return per month (%)", series = rows, x = "month", y = "return", format = "percent" }
r:table(af.query.rows(rows):group_by("year"):aggregate{ best = { "max", "return" }, worst = { "min", "return" }, months = "count" },
        { title = "Best and worst month per year", columns = { "year", "best", "worst", "months" }, format = { best = "percent", worst = "percent" } })
return r
