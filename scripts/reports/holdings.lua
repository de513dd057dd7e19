-- Holdings: every asset with its quantity, price, value, cost and gains.
-- Run: assetflow report holdings [--portfolio Core] [--format csv --output holdings.csv]
-- Amounts are in each asset's own currency; "value (main)" converts the value at today's
-- rate so that assets can be compared (a missing rate is shown, never a silent 1:1).
local main = af.main_currency()
local r = af.report.new{ title = "Holdings", params = {
  portfolio = { type = "string", help = "Only the assets of this portfolio (default: every asset)." },
} }
local only = r.params.portfolio
if only and not af.portfolio(only) then return r:text("No portfolio named '" .. only .. "'.") end
local rows = {}
for _, a in ipairs(af.assets()) do if not only or (a.portfolio and a.portfolio.name == only) then
  local ok, value_main = pcall(a.value_in, a, main)
  if not ok then r:text(tostring(value_main)) end
  rows[#rows + 1] = {
    name = a.name, type = a.type, portfolio = a.portfolio and a.portfolio.name or "", currency = a.currency,
    value_main = ok and value_main or D"0",
    quantity = a.quantity, price = a.current_price, value = a.current_value,
    average_cost = a.average_cost, cost_basis = a.cost_basis,
    unrealized_gain = a.unrealized_gain, gain_percent = a.unrealized_gain_percent,
  }
end end
table.sort(rows, function(x, y) return x.value_main > y.value_main end)
-- An asset held without any price counts as 0: say so (and which rates were earlier ones).
local ok_total, _, notices = pcall(af.net_worth)
if ok_total and #notices > 0 then r:text("Note: " .. table.concat(notices, "; ")) end
r:table(rows, {
  columns = { "name", "type", "portfolio", "currency", "quantity", "price", "value", { "value_main", "Value (" .. main .. ")" }, "average_cost", "cost_basis", "unrealized_gain", { "gain_percent", "Gain %" } },
  -- Money is labelled with the report's (main) currency: amounts in each asset's own
  -- currency are plain numbers beside the currency column.
  format = { price = "number", value = "number", value_main = "money", average_cost = "number", cost_basis = "number", unrealized_gain = "number", gain_percent = "percent" },
})
if #rows > 0 then
  r:chart{ kind = "bar", title = "Value by asset (" .. main .. ")", series = rows, x = "name", y = "value_main", format = "money" }
end
return r
