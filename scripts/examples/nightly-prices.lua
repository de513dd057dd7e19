-- Nightly: fetch the prices each asset's quote source is missing, then save a small report.
--
-- Each asset names its source once:  af.asset("Apple"):update{ quote = { provider = "stooq", symbol = "AAPL.US" } }
-- Run from cron (the hosts are the providers' ones; nothing else is reachable):
--   assetflow run --allow-net stooq.com --allow-net api.coingecko.com scripts/examples/nightly-prices.lua [report.html]
-- With a file name, the report goes to the reports folder (or the --output file); the
-- built-in overview is `assetflow report overview --output overview.html` right after.

local results = af.fetch_prices{}
local r = af.report.new{ title = "Prices fetched" }
local rows = {}
for _, x in ipairs(results) do
  rows[#rows + 1] = { asset = x.asset, source = x.provider .. " " .. x.symbol, stored = x.stored, skipped = x.skipped, failure = x.failure or "" }
  print(x.asset, x.failure and ("not fetched: " .. x.failure) or (x.stored .. " stored, " .. x.skipped .. " skipped"))
end
if #results == 0 then print("No asset names a quote source.") end
r:table(rows, { columns = { "asset", "source", "stored", "skipped", "failure" } })
r:text(("Net worth: %s"):format(af.net_worth()))   -- money prints with its currency
if arg and arg[1] then print("Saved " .. r:save(arg[1])) end
