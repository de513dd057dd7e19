-- Performance by year: the time-weighted return of everything, per calendar year.
-- Needs af.returns (the returns bindings); says so when they are not available.
-- Run: assetflow report performance [--from 2022]
-- Returns are measured in the main currency: every amount is converted at its day's rate,
-- so a foreign asset's return includes its currency's move.
local r = af.report.new{ title = "Performance by year (" .. af.main_currency() .. ")", params = {
  from = { type = "integer", help = "First year (default: the year of the first transaction)." },
} }
if not (af.returns and af.returns.twr) then
  r:text("Performance is not available yet: this build has no af.returns bindings.")
  return r
end
-- af.performance{} starts at the first transaction: its `from` is that date, without reading
-- every asset's transactions. When it fails (no transaction, or a rate it lacks), the
-- assets' first transactions say.
local ok_all, all = pcall(af.performance, {})
local first = ok_all and all.from or nil
if not ok_all then
  for _, a in ipairs(af.assets()) do
    local t = a:transactions()[1]
    if t and (first == nil or t.date < first) then first = t.date end
  end
end
if not first then
  r:text("No transactions yet.")
  return r
end
local this_year = tonumber(os.date("%Y"))
-- An asset held without any price counts as 0: say so (and which rates were earlier ones).
local ok_total, _, notices = pcall(af.net_worth)
if ok_total and #notices > 0 then r:text("Note: " .. table.concat(notices, "; ")) end
local rows = {}
for year = math.max(tonumber(first:sub(1, 4)), r.params.from or 0), this_year do
  local from, to = year .. "-01-01", year .. "-12-31"
  if year == this_year then to = os.date("%Y-%m-%d") end
  local ok, twr, reason = pcall(af.returns.twr, { scope = af, from = from, to = to })
  if ok and twr then
    rows[#rows + 1] = { year = tostring(year), twr = twr * 100 }
  else
    rows[#rows + 1] = { year = tostring(year), note = ok and (reason or "cannot calculate") or tostring(twr) }
  end
end
-- The gain since the first transaction, split: the assets' own price moves, the currencies'
-- moves (assets in other currencies) and income; the three add up to the gain.
if not ok_all then ok_all, all = pcall(af.performance, { from = first }) end
if ok_all then
  r:figures{
    { label = "Gain since " .. first, value = all.realized_gain + all.unrealized_change + all.income, format = "money" },
    { label = "Price effect", value = all.price_effect, format = "money" },
    { label = "Currency effect", value = all.currency_effect, format = "money" },
    { label = "Income", value = all.income, format = "money" },
  }
else
  r:text("Gain since " .. first .. ": " .. tostring(all))
end
r:chart{ kind = "bar", title = "Time-weighted return by year", series = rows, x = "year", y = "twr", names = { "TWR" }, format = "percent" }
r:table(rows, { columns = { "year", { "twr", "TWR" }, "note" }, format = { twr = "percent" } })
return r
