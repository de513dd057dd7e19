-- Fees and taxes paid: transaction fees per platform and year, and taxes withheld when
-- the store records them (transactions of a type with "tax" in its name).
-- Run: assetflow report fees-taxes [--currency EUR]
local r = af.report.new{ title = "Fees and taxes paid", params = {
  currency = { type = "string", default = af.main_currency(), help = "The currency amounts are shown in." },
} }
local cur = r.params.currency
local ok, fees = pcall(function() return af.query.fees():convert(cur):rows() end)
if not ok then return r:text("Fees in " .. cur .. " are not available: " .. tostring(fees)) end
fees = af.query.rows(fees, { "amount" })
local per_year = fees:pivot("year", "platform", "amount")
r:figures{ { label = "Fees paid (" .. cur .. ")", value = fees:sum("amount"), format = "money" } }
r:chart{ kind = "bar", title = "Fees per year and platform (" .. cur .. ")", series = per_year, x = "year", y = per_year:columns(), format = "money" }
r:table(fees:group_by("platform", "year"):aggregate{ paid = { "sum", "amount" }, trades = "count" },
        { title = "Fees per platform and year", columns = { "platform", "year", "paid", "trades" }, format = { paid = "money" } })
local taxes = af.query.transactions():where(function(t) return t.type:find("tax") ~= nil end)
if taxes:count() > 0 then
  r:table(taxes:convert(cur):group_by("year", "type"):sum("total"), { title = "Taxes", format = { total = "money" } })
else
  r:text("No taxes recorded.")
end
return r
