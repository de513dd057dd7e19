-- Sell as much as keeps this year's FIFO gains under a tax-free allowance.
--
-- Where sales are taxed first in, first out (in Germany, for instance), the oldest lots go
-- first and their gains count against a yearly allowance (1,000 EUR). This plans the
-- largest sale of one asset, in whole units, whose gain together with the gains already
-- realized this year stays within the allowance. Lots at a loss or no gain make room.
--
-- Run:  assetflow run scripts/examples/lots-gains-allowance.lua [asset] [allowance] [year] [apply]

local name = arg and arg[1] or "World ETF"
local allowance = D(arg and arg[2] or "1000")
local year = arg and arg[3] and arg[3] ~= "apply" and arg[3] or os.date("%Y")
local apply = false
for _, a in ipairs(arg or {}) do if a == "apply" then apply = true end end

local asset = af.asset(name) or error("No asset named '" .. name .. "'.", 0)
local main = af.main_currency()
local realized = af.realized_gains{ method = "fifo", from = year .. "-01-01", to = year .. "-12-31", currency = main }.totals.all.gain
local room = allowance - realized
print(string.format("FIFO gains realized in %s: %s %s; room left under %s: %s", year, realized:format(2), main, allowance:format(2), room:format(2)))

-- FIFO: the lots come oldest first and the rule may not skip one, so it stops at the first
-- lot that does not fit whole. (Gains here are in the asset's currency: for an asset in
-- another currency, convert room with af.convert first.)
local stopped = false
local plan = asset:plan_sale{ order = "fifo", whole_units = true, rule = function(lot, plan)
  if stopped then return 0 end
  if lot.gain_per_unit <= 0 then return true end
  local fits = ((room - plan.gain) / lot.gain_per_unit):round(0)
  if fits * lot.gain_per_unit > room - plan.gain then fits = fits - 1 end
  if fits < lot.quantity then stopped = true end
  if fits < 0 then return 0 end
  return fits
end }

print(string.format("Sell %s of %s at %s: proceeds %s, gain %s", tostring(plan.quantity), asset.name, plan.price:format(2),
  plan.proceeds:format(2), plan.gain:format(2)))
for _, piece in ipairs(plan.pieces) do
  print(string.format("  %s of the lot of %s: gain %s (%s term)", tostring(piece.quantity), piece.acquired, piece.gain:format(2), piece.term))
end
if apply and plan.quantity > 0 then
  asset:sell{ quantity = plan.quantity, price = plan.price, lots = plan.lots }
  print("Recorded.")
end
