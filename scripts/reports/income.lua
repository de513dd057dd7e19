-- Income by year: dividends and interest received, summed per calendar year.
-- Run: assetflow report income
-- Each payment is converted into the main currency at the rate of its day (else the
-- latest earlier one) before it is added.
local main = af.main_currency()
local r = af.report.new{ title = "Income by year (" .. main .. ")" }
local by_year = {}
local ok, problem = pcall(function()
  for _, a in ipairs(af.assets()) do
    for _, t in ipairs(a:transactions()) do
      if t.type == "dividend" or t.type == "interest" then
        local year = t.date:sub(1, 4)
        by_year[year] = by_year[year] or { year = year, dividend = D"0", interest = D"0" }
        by_year[year][t.type] = by_year[year][t.type] + af.convert(t.total, a.currency, main, t.date)
      end
    end
  end
end)
if not ok then
  r:text("Income in " .. main .. " is not available: " .. tostring(problem))
  return r
end
local rows = {}
for _, row in pairs(by_year) do
  row.total = row.dividend + row.interest
  rows[#rows + 1] = row
end
table.sort(rows, function(x, y) return x.year < y.year end)
if #rows == 0 then r:text("No dividends or interest recorded yet.") end
r:chart{ kind = "bar", title = "Income by year", series = rows, x = "year", y = { "dividend", "interest" },
         names = { "Dividends", "Interest" }, format = "money" }
r:table(rows, { columns = { "year", "dividend", "interest", "total" }, format = { dividend = "money", interest = "money", total = "money" } })
return r
