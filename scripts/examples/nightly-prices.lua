-- Nightly: fetch the prices each asset's quote source is missing, then print or save a small report.
--
-- Each asset names its source once:  af.asset("Apple"):update{ quote = { provider = "stooq", symbol = "AAPL.US" } }
-- Run from cron (the hosts are the providers' ones; nothing else is reachable). Cron mails what
-- a job prints, so the report (Markdown) is e-mailed; or send it to a file:
--   assetflow run --allow-net stooq.com --allow-net api.coingecko.com scripts/examples/nightly-prices.lua
--   assetflow run --allow-net stooq.com scripts/examples/nightly-prices.lua > ~/prices-$(date +\%F).md
-- With a file name the report is saved there instead (format from its extension), which a
-- script may do with --trusted only; in the sandbox it is printed, and the prices kept:
--   assetflow run --trusted --allow-net stooq.com scripts/examples/nightly-prices.lua ~/prices.html
-- The built-in overview is `assetflow report overview --output overview.html` right after.

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

-- A report that cannot be saved must not undo the fetch: the error is said, the report printed.
local saved, where = false, nil
if arg and arg[1] then saved, where = pcall(r.save, r, arg[1]) end
if saved then
  print("Saved " .. where)
else
  if where then print("Not saved (" .. tostring(where):gsub("^.-: ", "", 1) .. "); the report follows.") end
  print(r:render("markdown"))
end
