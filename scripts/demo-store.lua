-- Fills an empty store with a small, deterministic demo portfolio: three years of monthly
-- prices, a few trades, dividends and interest, and targets. Used by the report tests and
-- by scripts/screenshot. Not a report: run it with
--   assetflow run --store /tmp/demo.sqlite scripts/demo-store.lua
local p = af.create_portfolio{ name = "Core", description = "Demo portfolio" }
local cash = af.create_asset{ name = "Cash", type = "cash", currency = "USD", portfolio = p,
  quantity = 20000, cost_basis = "1", date = "2023-01-02" }
local specs = {
  { name = "World ETF", type = "stock", quantity = 400, price = "95", drift = "1.2" },
  { name = "Bond Fund", type = "bond", quantity = 300, price = "100", drift = "0.2" },
  { name = "Gold", type = "commodity", quantity = 20, price = "1800", drift = "0.8" },
}
local assets = {}
for i, s in ipairs(specs) do
  local a = af.create_asset{ name = s.name, type = s.type, currency = "USD", portfolio = p,
    quantity = s.quantity, cost_basis = s.price, date = "2023-01-02" }
  assets[i] = a
  -- Monthly prices: a steady drift with a small deterministic wobble.
  local price = D(s.price)
  for m = 0, 35 do
    local year, month = 2023 + m // 12, m % 12 + 1
    local wobble = ((m * 7 + i * 3) % 5 - 2) * D"0.6"
    price = (price * (100 + D(s.drift) + wobble) / 100):round(2)
    a:record_price{ price = price, date = string.format("%04d-%02d-28", year, month) }
  end
end
assets[1]:buy{ quantity = 50, price = "101", date = "2023-06-01" }
assets[1]:sell{ quantity = 30, price = "118", date = "2024-09-02" }
assets[2]:buy{ quantity = 40, price = "99", date = "2024-02-01" }
for year = 2023, 2025 do
  af.dividend{ asset = cash, source = assets[1], amount = 600 + (year - 2023) * 150, date = year .. "-12-15" }
  af.interest{ asset = cash, source = assets[2], amount = 420 + (year - 2023) * 40, date = year .. "-06-30" }
end
p:set_targets{ stock = 50, bond = 25, commodity = 10, cash = 15 }
af.set_financial_goal(250000)
