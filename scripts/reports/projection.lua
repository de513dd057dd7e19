-- Projection fan chart: percentiles of a Monte Carlo projection of the net worth.
-- Needs af.project (the projections bindings); says so when they are not available.
-- Run: assetflow report projection
local r = af.report.new{ title = "Projection (" .. af.main_currency() .. ")" }
if not af.project then
  r:text("Projections are not available yet: this build has no af.project binding.")
  return r
end
local ok, result = pcall(af.project, { years = 10, runs = 500, seed = 1, percentiles = { 10, 25, 50, 75, 90 } })
if not ok then
  r:text("The projection could not be computed: " .. tostring(result))
  return r
end
-- result.percentiles: rows of {month, date, p10, p25, p50, p75, p90}.
local rows = result.percentiles or {}
r:chart{ kind = "fan", title = "Projected net worth (10th–90th percentile)", series = rows, x = "date",
         y = { "p10", "p25", "p50", "p75", "p90" }, names = { "10th", "25th", "Median", "75th", "90th" }, format = "money" }
-- The same path as a table, one row a year (what --format csv writes).
local yearly = {}
for _, row in ipairs(rows) do
  if row.month % 12 == 0 then yearly[#yearly + 1] = row end
end
r:table(yearly, { title = "Projected net worth by year", columns = { { "date", "Date" }, { "p10", "10th" }, { "p25", "25th" },
        { "p50", "Median" }, { "p75", "75th" }, { "p90", "90th" } },
        format = { p10 = "money", p25 = "money", p50 = "money", p75 = "money", p90 = "money" } })
if result.probability then
  r:figures{ { label = "Chance of reaching the goal", value = result.probability * 100, format = "percent" } }
end
return r
