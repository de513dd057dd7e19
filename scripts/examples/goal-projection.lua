-- Will I reach my goal? A deterministic path, a Monte Carlo range and the monthly saving needed.
--
-- Uses the store: the start value is the net worth (or a portfolio given on the command
-- line) and the goal the financial goal (af.set_financial_goal) unless you set one below.
-- For an investment plan, plan:project{} does the same with the plan's own target and date.
--
-- Run:  assetflow run scripts/examples/goal-projection.lua [portfolio] [runs]

local from = arg and arg[1] and af.portfolio(arg[1]) or nil
local runs = arg and tonumber(arg[2]) or 1000
local goal = af.financial_goal() or (af.net_worth() * 2)

local r = af.project{ from = from, goal = goal, years = 15, monthly = 500, annual_return = 0.06,
                      volatility = 0.15, inflation = 0.02, runs = runs, seed = 7 }
print(("Goal %s (in today's money), start %s"):format(goal, r.path[1].value))
print("Deterministic path reaches it on: " .. (r.reach_date or "not within 15 years"))
print(("Chance of reaching it within 15 years: %s %%"):format((r.probability * 100):round(1)))
if r.reach_dates then print("Median reaching date: " .. (r.reach_dates.p50 or "never for half of the runs")) end
print(("Monthly saving needed: %s (simple) / %s (with returns and inflation)"):format(
  r.required_monthly.simple, r.required_monthly.compounding))
for _, year in ipairs{ 1, 5, 10, 15 } do
  local row = r.percentiles[year * 12]
  print(("  %s  p10 %12s  median %12s  p90 %12s"):format(row.date, row.p10, row.p50, row.p90))
end

-- Custom return model: a bad first year, then the usual draws (still reproducible by seed).
local crash = af.project{ from = from, goal = goal, years = 15, monthly = 500, runs = runs, seed = 7,
  model = function(step)
    if step.month <= 12 then return -0.02 end
    return 0.005 + 0.04 * step.normal
  end }
print(("With a bad first year: %s %% chance"):format((crash.probability * 100):round(1)))
