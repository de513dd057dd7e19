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
if result.probability then
  r:figures{ { label = "Chance of reaching the goal", value = result.probability * 100, format = "percent" } }
end
return r
