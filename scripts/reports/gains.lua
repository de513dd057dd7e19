-- Realized gains by lot: one row per lot piece a sale closed, for tax forms and spreadsheets.
-- Run: assetflow report gains --year 2025 --method fifo [--currency EUR] [--format csv --output gains.csv]
-- Options: --year YYYY, --from YYYY-MM-DD, --to YYYY-MM-DD, --method M, --currency CODE
-- They go after the report name. Defaults: every year, method fifo (or lifo, hifo, average,
-- specific), the main currency. Proceeds are after the sale's fees (shared over its pieces)
-- and converted at the sale day's rate; costs include buy fees and are converted at the
-- acquisition day's rate. See Documentation/Lots.md.
local options = { method = "fifo" }
local given = arg or {}
local i = 1
while i <= #given do
  local name = given[i]:match("^%-%-([%w_]+)$")
  if not name or given[i + 1] == nil then error("gains report: expected --name value, got '" .. tostring(given[i]) .. "'", 0) end
  options[name] = given[i + 1]
  i = i + 2
end
for name in pairs(options) do
  if name ~= "year" and name ~= "from" and name ~= "to" and name ~= "method" and name ~= "currency" then
    error("gains report: unknown option --" .. name .. " (use --year, --from, --to, --method, --currency)", 0)
  end
end
if options.year then
  if not options.year:match("^%d%d%d%d$") then error("gains report: --year takes a year like 2025, not '" .. options.year .. "'", 0) end
  options.from = options.from or (options.year .. "-01-01")
  options.to = options.to or (options.year .. "-12-31")
end
local currency = options.currency or af.main_currency()
local period = options.year or ((options.from or "…") .. " to " .. (options.to or "…"))
local r = af.report.new{ title = "Realized gains " .. period .. " (" .. options.method .. ", " .. currency .. ")" }
local gains = af.realized_gains{ method = options.method, from = options.from, to = options.to, currency = currency }
local rows = {}
for _, g in ipairs(gains) do
  rows[#rows + 1] = {
    description = tostring(g.quantity) .. " " .. g.asset, acquired = g.acquired, sold = g.sold,
    proceeds = g.proceeds, cost = g.cost, gain = g.gain, term = g.term,
  }
end
if #rows == 0 then r:text("No sales in this period.") end
r:table(rows, { columns = { "description", "acquired", "sold", "proceeds", "cost", "gain", "term" },
                format = { proceeds = "money", cost = "money", gain = "money" } })
local t = gains.totals
r:text(string.format("Short term: proceeds %s, cost %s, gain %s. Long term: proceeds %s, cost %s, gain %s. Total gain %s %s.",
  t.short.proceeds:format(2), t.short.cost:format(2), t.short.gain:format(2),
  t.long.proceeds:format(2), t.long.cost:format(2), t.long.gain:format(2), t.all.gain:format(2), currency))
return r
