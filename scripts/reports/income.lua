-- Income by year: dividends and interest received, summed per calendar year.
-- Run: assetflow report income [--currency EUR] [--from 2020-01-01] [--to 2024-12-31]
-- Each payment is converted into the currency at the rate of its day (else the latest
-- earlier one) before it is added.
local r = af.report.new{ title = "Income by year ({currency})", params = {
  currency = { type = "string", default = af.main_currency(), help = "The currency income is shown in." },
  from = { type = "date", help = "First day (default: the first payment)." },
  to = { type = "date", help = "Last day (default: today)." },
} }
local cur = r.params.currency
local ok, rows = pcall(function()
  return af.query.income{ from = r.params.from, to = r.params.to }:convert(cur):pivot("year", "type", "amount"):rows()
end)
if not ok then
  r:text("Income in " .. cur .. " is not available: " .. tostring(rows))
  return r
end
for _, row in ipairs(rows) do
  row.dividend, row.interest = row.dividend or D"0", row.interest or D"0"
  row.total = row.dividend + row.interest
end
if #rows == 0 then r:text("No dividends or interest recorded yet.") end
r:chart{ kind = "bar", title = "Income by year (" .. cur .. ")", series = rows, x = "year", y = { "dividend", "interest" },
         names = { "Dividends", "Interest" }, format = "money" }
r:table(rows, { columns = { "year", "dividend", "interest", "total" }, format = { dividend = "money", interest = "money", total = "money" } })
return r
