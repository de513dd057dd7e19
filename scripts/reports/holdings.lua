-- Holdings: every asset with its quantity, price, value, cost and gains.
-- Run: assetflow report holdings [--format csv --output holdings.csv]
local r = af.report.new{ title = "Holdings" }
local rows = {}
for _, a in ipairs(af.assets()) do
  rows[#rows + 1] = {
    name = a.name, type = a.type, portfolio = a.portfolio and a.portfolio.name or "",
    quantity = a.quantity, price = a.current_price, value = a.current_value,
    average_cost = a.average_cost, cost_basis = a.cost_basis,
    unrealized_gain = a.unrealized_gain, gain_percent = a.unrealized_gain_percent,
  }
end
table.sort(rows, function(x, y) return x.value > y.value end)
r:table(rows, {
  columns = { "name", "type", "portfolio", "quantity", "price", "value", "average_cost", "cost_basis", "unrealized_gain", { "gain_percent", "Gain %" } },
  format = { price = "money", value = "money", average_cost = "money", cost_basis = "money", unrealized_gain = "money", gain_percent = "percent" },
})
if #rows > 0 then
  r:chart{ kind = "bar", title = "Value by asset", series = rows, x = "name", y = "value", format = "money" }
end
return r
