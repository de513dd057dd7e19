extension BuiltInProfiles {
    /// Coinbase Pro / Coinbase Exchange fills and account reports.
    static let coinbasePro = ImportProfile(name: "coinbase-pro", source: #"""
-- Coinbase Pro / Coinbase Exchange (discontinued; its reports are still in circulation):
-- the fills report and the account report (Statements → Generate report → Fills or
-- Account, CSV). Written from the publisher's documented columns and open-source importers'
-- notes, not from a real export. Older files lack the portfolio column. Times are ISO 8601
-- (UTC); amounts carry up to 16 decimals. Coins are crypto assets priced in the product's
-- quote currency (BTC-EUR: BTC in EUR), which is also the cash they are paid with.
--
-- Fills (portfolio, trade id, product, side, created at, size, size unit, price, fee, total,
-- price/fee/total unit), one row per fill: BUY → buy of size at price, the fee its fees,
-- |total| the cash paid (size × price + fee); SELL → sell, total the cash received (size ×
-- price − fee). A fill between two coins (ETH-BTC, a USDC quote) → a swap: BUY gives
-- |total| of the quote coin (size × price + fee) for size of the base coin, SELL gives size
-- for total (size × price − fee). Its price is in a coin, not in money, so the swap is at
-- cost: the cost basis and the lots' dates go with the coins, and the gain is realized when
-- the coin received is sold for money. The product's id with the trade id is the broker id.
--
-- Account (portfolio, type, time, amount, balance, amount/balance unit, transfer id, trade
-- id, order id), one row per ledger leg: deposit / withdrawal of a currency → deposit /
-- withdrawal; of a coin → transfer in / out (the report gives no price: at 0); rebate →
-- interest (a fee refund); the two legs of a conversion (USD → USDC) → a buy of the coin
-- with the currency at their ratio (a sell the other way; two currencies: a conversion;
-- two coins: a swap at cost);
-- match and fee legs → skipped: trades are read from the fills report, which gives each
-- fill's price and fee (import both files; the trades are counted once).

local fiat = { EUR = true, USD = true, GBP = true }

local function abs(x) if x < D(0) then return -x end return x end

-- A fill between two coins: the quote coin given for the base coin (BUY), or the other way.
local function swap(r, side, coin, cur)
  local size, total = num(r["size"]), abs(num(r["total"]))
  local op = { kind = "swap", date = r["created at"], asset_type = "crypto", id = r["product"] .. ":" .. r["trade id"],
               note = r["product"] .. " " .. side .. " " .. r["size"] .. " @ " .. r["price"] .. " " .. cur .. " (at cost: the price is in a coin)" }
  if side == "BUY" then
    op.asset, op.quantity, op.to_asset, op.to_quantity = cur, total, coin, size
  else
    op.asset, op.quantity, op.to_asset, op.to_quantity = coin, size, cur, total
  end
  return { op }
end

local function fill(r)
  local side, coin, cur = r["side"], r["size unit"], r["price/fee/total unit"]
  if r["product"] ~= coin .. "-" .. cur then
    error("product " .. tostring(r["product"]) .. " is not " .. tostring(coin) .. "-" .. tostring(cur))
  end
  if side ~= "BUY" and side ~= "SELL" then error("unknown side '" .. tostring(side) .. "'") end
  if not fiat[cur] then return swap(r, side, coin, cur) end
  return { { kind = side == "BUY" and "buy" or "sell", date = r["created at"], asset = coin, asset_type = "crypto", currency = cur,
             cash_currency = cur, quantity = r["size"], price = r["price"], fees = r["fee"], amount = abs(num(r["total"])),
             id = r["product"] .. ":" .. r["trade id"] } }
end

local pending = nil   -- the first leg of a conversion

-- The two legs of a conversion (USD → USDC: −100 USD, +100 USDC), in either order: a buy
-- of the coin with the currency (a sell the other way), at the legs' ratio.
local function conversion(r, unit, amount)
  local leg = { unit = unit, amount = amount, time = r["time"] }
  if pending == nil then
    pending = leg
    return nil, "a conversion leg: booked with its other leg"
  end
  local a, b = pending, leg
  pending = nil
  if a.time ~= b.time or (a.amount < D(0)) == (b.amount < D(0)) then error("a conversion leg of " .. a.unit .. " without its pair") end
  local from, to = a, b
  if a.amount > D(0) then from, to = b, a end
  local paid, got = abs(from.amount), to.amount
  if fiat[from.unit] and fiat[to.unit] then
    return { { kind = "conversion", date = r["time"], cash_currency = from.unit, amount = paid, to_currency = to.unit, to_amount = got } }
  end
  if not fiat[from.unit] and not fiat[to.unit] then
    return { { kind = "swap", date = r["time"], asset = from.unit, asset_type = "crypto", quantity = paid, to_asset = to.unit, to_quantity = got,
               note = "Conversion" } }
  end
  if fiat[from.unit] then
    local price = round(paid / got, 8, "down")
    return { { kind = "buy", date = r["time"], asset = to.unit, asset_type = "crypto", currency = from.unit, cash_currency = from.unit,
               quantity = got, price = price, fees = paid - got * price, amount = paid, note = "Conversion" } }
  end
  local price = round(got / paid, 8, "up")
  return { { kind = "sell", date = r["time"], asset = from.unit, asset_type = "crypto", currency = to.unit, cash_currency = to.unit,
             quantity = paid, price = price, fees = paid * price - got, amount = got, note = "Conversion" } }
end

local function ledger(r)
  local t, unit, amount = r["type"], r["amount/balance unit"], num(r["amount"])
  local id = r["transfer id"] ~= "" and r["transfer id"] or nil
  if t == "match" or t == "fee" then return nil, "a trade leg: trades are read from the fills report" end
  if t == "deposit" or t == "withdrawal" then
    if fiat[unit] then return { { kind = t, date = r["time"], cash_currency = unit, amount = abs(amount), id = id } } end
    return { { kind = t == "deposit" and "transfer_in" or "transfer_out", date = r["time"], asset = unit, asset_type = "crypto",
               quantity = abs(amount), price = 0, id = id } }
  end
  if t == "rebate" then
    if not fiat[unit] then error("a rebate in " .. unit) end
    return { { kind = "interest", date = r["time"], cash_currency = unit, amount = amount, note = "Fee rebate", id = id } }
  end
  if t == "conversion" then return conversion(r, unit, amount) end
  error("unknown Coinbase Pro account type '" .. tostring(t) .. "'")
end

return {
  name = "coinbase-pro",
  title = "Coinbase Pro",
  platform = "Coinbase Pro",
  summary = "fills report or account report (Coinbase Exchange)",
  headers = {
    { "trade id", "product", "side", "created at", "size", "size unit", "price", "fee", "total", "price/fee/total unit" },
    { "type", "time", "amount", "balance", "amount/balance unit", "transfer id", "trade id", "order id" },
  },
  decimal = "point",
  row = function(r)
    if r["side"] ~= nil then return fill(r) end
    return ledger(r)
  end,
  finish = function()
    if pending ~= nil then error("a conversion leg of " .. pending.unit .. " without its pair") end
  end,
}
"""#)
}
