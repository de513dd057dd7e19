-- Rebalancing plan: for every portfolio with targets, the drift and the trades that
-- would bring it back to its targets.
-- Run: assetflow report rebalancing [--portfolio Core]
-- Drift and trade amounts are in the main currency (assets in other currencies are
-- converted at today's rate); the trades are recorded at each asset's own price.
local main = af.main_currency()
local r = af.report.new{ title = "Rebalancing plan (" .. main .. ")", params = {
  portfolio = { type = "string", help = "Only this portfolio (default: every portfolio with targets)." },
} }
local only = r.params.portfolio
if only and not af.portfolio(only) then return r:text("No portfolio named '" .. only .. "'.") end
local any = false
-- An asset held without any price counts as 0: say so (and which rates were earlier ones).
local ok_total, _, notices = pcall(af.net_worth)
if ok_total and #notices > 0 then r:text("Note: " .. table.concat(notices, "; ")) end
for _, p in ipairs(af.portfolios()) do
  local drift, warning = p:drift{}
  if #drift > 0 and (not only or p.name == only) then
    any = true
    r:table(drift, { title = p.name .. ": drift", columns = { { "key", "Type" }, "actual", "target", "difference", "status" },
                     format = { actual = "percent", target = "percent", difference = "percent" } })
    if warning then r:text(warning) end
    local plan = p:rebalance{}
    r:table(plan, { title = p.name .. ": trades", columns = { { "key", "Type" }, "action", "amount" }, format = { amount = "money" } })
    if #plan.trades > 0 then
      -- Each trade at the asset's own price and in its own currency (numbers beside the
      -- currency column), and its amount in the main currency (money).
      r:table(plan.trades, { title = p.name .. ": trades by asset",
        columns = { "name", "side", "quantity", { "local_price", "Price" }, { "local_amount", "Amount" }, "currency", { "main_amount", "Amount (" .. main .. ")" } },
        format = { quantity = "number", local_price = "number", local_amount = "number", main_amount = "money" } })
    end
    if #plan.summary > 0 then r:text(table.concat(plan.summary, "\n")) end
  end
end
if not any then
  r:text("No portfolio has targets yet: set them with p:set_targets{ stock = 60, bond = 40 }.")
end
return r
