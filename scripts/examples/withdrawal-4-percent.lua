-- A 4 % withdrawal plan: will the money last 30 years?
--
-- Each January the rule sets the year's withdrawal to 4 % of the value at that moment
-- and takes it out in twelve monthly parts (a "variable percentage" drawdown; for the
-- classic fixed rule, fix the amount in the first year and raise it by inflation).
-- The projection runs 2,000 Monte Carlo paths (or [runs]) with a seeded generator, so the same seed
-- always prints the same figures.
--
-- Run:  assetflow run scripts/examples/withdrawal-4-percent.lua [start value] [runs]

local start = arg and tonumber(arg[1]) and D(arg[1]) or nil   -- default: the net worth
local runs = arg and tonumber(arg[2]) or 2000

local yearly = 0
local function four_percent(step)
  -- step: run, month, date, value (at the start of the month), contribution, normal, uniform
  if (step.month - 1) % 12 == 0 then yearly = step.value * 0.04 end
  return -yearly / 12                                  -- negative: money taken out
end

local fixed                                            -- the classic rule, for comparison
local function fixed_four_percent(step)
  if step.month == 1 then fixed = step.value * 0.04 end
  if step.month > 1 and (step.month - 1) % 12 == 0 then fixed = fixed * 1.025 end  -- +2.5 % a year
  return -fixed / 12
end

local common = { start_value = start, years = 30, annual_return = 0.05, volatility = 0.12,
                 inflation = 0.025, runs = runs, seed = 2024, model = "lognormal" }
local function run(rule)
  local args = {}
  for k, v in pairs(common) do args[k] = v end
  args.cash_flow = rule
  return af.project(args)
end

for _, case in ipairs{ { "4 % of the value each year", four_percent }, { "4 % of the start, +2.5 % a year", fixed_four_percent } } do
  local r = run(case[2])
  print(case[1] .. ":")
  print(("  chance the money runs out within 30 years: %s %%"):format((r.depleted_probability * 100):round(1)))
  print("  value (10th / median / 90th percentile):")
  for year = 5, 30, 5 do
    local row = r.percentiles[year * 12]
    print(("    %s  %14s %14s %14s"):format(row.date, row.p10, row.p50, row.p90))
  end
end
