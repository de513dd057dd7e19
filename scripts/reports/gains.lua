-- Realized gains by lot: one row per lot piece a sale closed, for tax forms and spreadsheets.
-- Run: assetflow report gains --year 2025 --method fifo [--currency EUR] [--format csv --output gains.csv]
-- Parameters: --year, --from/--to, --method, --currency (assetflow report gains --help). Proceeds are after the sale's fees (shared over its pieces) and converted at the
-- sale day's rate; costs include buy fees and are converted at the acquisition day's rate.
-- See Documentation/Lots.md.
local r = af.report.new{ title = "Realized gains ({method}, {currency})", params = {
  year = { type = "integer", help = "Only sales in this year (default: every year)." },
  from = { type = "date", help = "First sale day (default: the first)." },
  to = { type = "date", help = "Last sale day (default: the last)." },
  method = { type = "string", default = "fifo", choices = { "fifo", "lifo", "hifo", "average", "specific" }, help = "How sales close lots." },
  currency = { type = "string", default = af.main_currency(), help = "The currency amounts are shown in." },
} }
local options = r.params
local from, to = options.from, options.to
if options.year then
  from = from or string.format("%04d-01-01", options.year)
  to = to or string.format("%04d-12-31", options.year)
end
local currency = options.currency
local period = options.year and tostring(options.year) or ((from or "the first") .. " to " .. (to or "the last"))
r:text(options.year and ("Sales in " .. period .. ".") or ("Sales from " .. period .. "."))
-- The rows come from an iterator and go into the table as they come (af.each_realized_gain,
-- r:table(function)): a store's 100,000 sales are never a Lua list (Documentation/Reports.md).
local next_gain = af.each_realized_gain{ method = options.method, from = from, to = to, currency = currency }
local function sums() return { proceeds = D(0), cost = D(0), gain = D(0) } end
local t = { short = sums(), long = sums(), all = sums() }
local first = next_gain()
if first == nil then r:text("No sales in this period.") end
local g = first
r:table(function()
  if g == nil then return nil end
  local row = {
    description = tostring(g.quantity) .. " " .. g.asset, acquired = g.acquired, sold = g.sold,
    proceeds = g.proceeds, cost = g.cost, gain = g.gain, term = g.term,
  }
  for _, s in ipairs({ t[g.term], t.all }) do
    s.proceeds, s.cost, s.gain = s.proceeds + g.proceeds, s.cost + g.cost, s.gain + g.gain
  end
  g = next_gain()
  return row
end, { columns = { "description", "acquired", "sold", "proceeds", "cost", "gain", "term" },
       format = { proceeds = "money", cost = "money", gain = "money" } })
r:text(string.format("Short term: proceeds %s, cost %s, gain %s. Long term: proceeds %s, cost %s, gain %s. Total gain %s %s.",
  t.short.proceeds:format(2), t.short.cost:format(2), t.short.gain:format(2),
  t.long.proceeds:format(2), t.long.cost:format(2), t.long.gain:format(2), t.all.gain:format(2), currency))
return r
