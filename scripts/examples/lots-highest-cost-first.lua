-- Raise an amount by selling the highest-cost lots first (HIFO), which realizes the
-- smallest gain (or the largest loss) for the money raised.
--
-- Run:  assetflow run scripts/examples/lots-highest-cost-first.lua [asset] [amount] [apply]

local name = arg and arg[1] or "World ETF"
local amount = D(arg and arg[2] or "5000")
local apply = false
for _, a in ipairs(arg or {}) do if a == "apply" then apply = true end end

local asset = af.asset(name) or error("No asset named '" .. name .. "'.", 0)
local plan = asset:plan_sale{ amount = amount, order = "hifo", whole_units = true }
print(string.format("Sell %s of %s at %s to raise %s: proceeds %s, gain %s", tostring(plan.quantity), asset.name,
  plan.price:format(2), amount:format(2), plan.proceeds:format(2), plan.gain:format(2)))
for _, piece in ipairs(plan.pieces) do
  print(string.format("  %s of the lot of %s at %s a unit", tostring(piece.quantity), piece.acquired, (piece.cost / piece.quantity):format(2)))
end
-- The same proceeds under FIFO, for comparison.
local fifo = asset:plan_sale{ amount = amount, order = "fifo", whole_units = true }
print(string.format("FIFO would realize %s instead.", fifo.gain:format(2)))
if apply and plan.quantity > 0 then
  asset:sell{ quantity = plan.quantity, price = plan.price, lots = plan.lots }
  print("Recorded.")
end
