-- Fees and taxes paid: transaction fees per platform and year, and taxes withheld when
-- the store records them (transactions of a type with "tax" in its name).
-- Run: assetflow report fees-taxes [--currency EUR]
local r = af.report.new{ title = "Fees and taxes paid", params = {
  currency = { type = "string", default = af.main_currency(), help = "The currency amounts are shown in." },
} }
local cur = r.params.currency
-- One pass over the fees (read as they come, none kept): a row per platform and year, which
-- the total and the pivot by year then add up.
local per_platform = af.query.fees():convert(cur):group_by("platform", "year"):aggregate{ paid = { "sum", "amount" }, trades = "count" }
local ok, problem = pcall(function() return per_platform:rows() end)
if not ok then return r:text("Fees in " .. cur .. " are not available: " .. tostring(problem)) end
local paid = af.query.rows(per_platform:rows(), { "paid" })
local per_year = paid:pivot("year", "platform", "paid")
r:figures{ { label = "Fees paid (" .. cur .. ")", value = paid:sum("paid"), format = "money" } }
r:chart{ kind = "bar", title = "Fees per year and platform (" .. cur .. ")", series = per_year, x = "year", y = per_year:columns(), format = "money" }
r:table(per_platform, { title = "Fees per platform and year", columns = { "platform", "year", "paid", "trades" }, format = { paid = "money" } })
local taxes = af.query.transactions():where(function(t) return t.type:find("tax") ~= nil end):convert(cur):group_by("year", "type"):sum("total")
if #taxes > 0 then
  r:table(taxes, { title = "Taxes", format = { total = "money" } })
else
  r:text("No taxes recorded.")
end
return r
