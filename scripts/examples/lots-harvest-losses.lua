-- Harvest losses: sell the lots standing at a loss, once together they lose more than a
-- threshold (500 by default), so the loss can offset gains.
--
-- Every lot of the asset whose price is below its cost per unit is sold; lots at a gain
-- are kept. Below the threshold nothing is sold (small losses are not worth the trades).
--
-- Run:  assetflow run scripts/examples/lots-harvest-losses.lua [asset] [threshold] [apply]

local name = arg and arg[1] or "World ETF"
local threshold = D(arg and arg[2] or "500")
local apply = false
for _, a in ipairs(arg or {}) do if a == "apply" then apply = true end end

local asset = af.asset(name) or error("No asset named '" .. name .. "'.", 0)
local plan = asset:plan_sale{ order = "hifo", rule = function(lot)
  if lot.gain_per_unit < 0 then return true end   -- all of a losing lot
  return 0                                        -- keep the winners
end }

local loss = -plan.gain
if plan.quantity <= 0 or loss <= threshold then
  print(string.format("No harvest: the lots at a loss lose %s, not more than %s.", loss:format(2), threshold:format(2)))
  return
end
print(string.format("Harvest %s of %s at %s: loss %s", tostring(plan.quantity), asset.name, plan.price:format(2), loss:format(2)))
for _, piece in ipairs(plan.pieces) do
  print(string.format("  %s of the lot of %s: %s", tostring(piece.quantity), piece.acquired, piece.gain:format(2)))
end
if apply then
  asset:sell{ quantity = plan.quantity, price = plan.price, lots = plan.lots }
  print("Recorded.")
end
