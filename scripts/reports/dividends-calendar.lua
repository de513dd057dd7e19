-- Dividends calendar: dividends and interest paid each month, years down, months across.
-- Run: assetflow report dividends-calendar [--currency EUR] [--from 2024-01-01]
-- Each payment is converted at its day's rate before it is added (af.query's :convert).
local r = af.report.new{ title = "Income calendar", params = {
  currency = { type = "string", default = af.main_currency(), help = "The currency payments are shown in." },
  from = { type = "date", help = "First day (default: the first payment)." },
  to = { type = "date", help = "Last day (default: today)." },
} }
local p = r.params
local ok, income = pcall(function() return af.query.income{ from = p.from, to = p.to }:convert(p.currency):rows() end)
if not ok then return r:text("Income in " .. p.currency .. " is not available: " .. tostring(income)) end
local paid = af.query.rows(income, { "amount" })
r:figures{ { label = "Paid (" .. p.currency .. ")", value = paid:sum("amount"), format = "money" },
           { label = "Payments", value = paid:count(), format = "integer" } }
r:chart{ kind = "calendar", title = "Paid per month (" .. p.currency .. ")", series = paid:group_by("month"):sum("amount"),
         x = "month", y = "amount", format = "money" }
r:table(paid:pivot("month", "payer", "amount"), { title = "Per month and payer", format = "money" })
return r
