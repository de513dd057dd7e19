-- Drawdowns: how far the store's time-weighted growth fell below its last high.
-- Run: assetflow report drawdowns [--from 2024-01-01] [--every day]
local r = af.report.new{ title = "Drawdowns (" .. af.main_currency() .. ")", params = {
  from = { type = "date", help = "First day (default: the first transaction)." },
  every = { type = "string", choices = { "month", "day" }, default = "month", help = "One point a month or a day." },
} }
local ok, series = pcall(af.twr_series, { from = r.params.from, every = r.params.every })
if not ok then return r:text("Returns are not available: " .. tostring(series)) end
-- Growth of 100 invested at the start: the drawdown chart measures each point against the
-- highest one before it.
local growth = {}
for i, point in ipairs(series) do growth[i] = { date = point.date, value = ((1 + point.twr) * 100):round(4) } end
r:chart{ kind = "drawdown", title = "Below the last high (%)", series = growth }
-- The table: each point below its last high, deepest first.
local below, peak = {}, nil
for _, g in ipairs(growth) do
  if peak == nil or g.value > peak.value then peak = g
  elseif g.value < peak.value then
    below[#below + 1] = { date = g.date, high = peak.date, drawdown = ((g.value / peak.value - 1) * 100):round(2) }
  end
end
r:table(af.query.rows(below):order_by("drawdown"):limit(10), { title = "Deepest points below a high",
        columns = { "date", { "high", "Last high" }, { "drawdown", "Drawdown %" } }, format = { drawdown = "percent" } })
return r
