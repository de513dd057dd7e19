-- Projection fan chart: percentiles of a Monte Carlo projection of the net worth.
-- Needs af.project (the projections bindings); says so when they are not available.
-- Run: assetflow report projection [--years 20] [--monthly 500] [--goal 1000000] [--runs 1000] [--model bootstrap]
local r = af.report.new{ title = "Projection (" .. af.main_currency() .. ")", params = {
  years = { type = "integer", default = 10, help = "How many years ahead." },
  monthly = { type = "decimal", help = "Contribution each month (default none)." },
  goal = { type = "decimal", help = "The amount to reach (default: the financial goal)." },
  runs = { type = "integer", default = 500, help = "Monte Carlo runs." },
  model = { type = "string", choices = { "normal", "lognormal", "bootstrap" }, help = "Return model (default: af.project's)." },
  seed = { type = "integer", default = 1, help = "Seed of the random numbers (the same seed, the same fan)." },
} }
local p = r.params
if not af.project then
  r:text("Projections are not available yet: this build has no af.project binding.")
  return r
end
local ok, result = pcall(af.project, { years = p.years, runs = p.runs, seed = p.seed, monthly = p.monthly, goal = p.goal,
                                      model = p.model, percentiles = { 10, 25, 50, 75, 90 } })
if not ok then
  r:text("The projection could not be computed: " .. tostring(result))
  return r
end
-- result.percentiles: rows of {month, date, p10, p25, p50, p75, p90}.
local rows = result.percentiles or {}
r:text(string.format("%d years, %s a month, %d runs (%s model, %s return, %s volatility, %s inflation, seed %s)%s.",
  p.years, p.monthly and p.monthly:format(2) or "nothing", p.runs, tostring(result.model),
  (result.annual_return * 100):format(2) .. " %", (result.volatility * 100):format(2) .. " %",
  ((result.inflation or D"0") * 100):format(2) .. " %", tostring(result.seed),
  result.goal and ("; goal " .. result.goal:format(2) .. " in today's money") or ""))
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
