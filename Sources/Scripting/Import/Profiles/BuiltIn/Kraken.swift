extension BuiltInProfiles {
    /// Kraken ledgers.csv.
    static let kraken = ImportProfile(name: "kraken", source: #"""
-- Kraken: ledgers.csv (History → Export → Ledgers). Written from the publisher's documented
-- columns and open-source importers' notes, not from a real export. One row per asset leg;
-- the two legs of a trade share a refid and follow each other. Assets use Kraken's codes
-- (XXBT and XBT are BTC, XETH ETH, ZEUR EUR, ZUSD USD; staking suffixes .S, .M, .P, .HOLD
-- are dropped). A row with an empty txid is unconfirmed and skipped. Coins are crypto
-- assets priced in the currency they were traded against.
--
-- Row kinds: trade, spend, receive → the two legs of one trade: a coin bought with a
-- currency is a buy (the currency leg's fee is the trade's fee), sold for one a sell;
-- deposit / withdrawal of a currency → deposit / withdrawal (its fee: a fee); of a coin
-- → transfer in / out (no price in the file: at 0); staking, earn rewards, dividend →
-- reward (at 0: the ledger gives no price); transfers between Kraken's own wallets and
-- earn allocations → skipped. A trade between two coins → a swap of the coin given
-- (|amount| + its fee) for the coin received (amount − its fee); the ledger gives no value
-- to record it at, so it is at cost: the cost basis and the lots' dates go with the coins,
-- and the gain is realized when the coin received is sold for money. Two currencies are
-- refused (record the conversion by hand).

local names = { XXBT = "BTC", XBT = "BTC", XETH = "ETH", XXDG = "DOGE", XLTC = "LTC", XXRP = "XRP", XXLM = "XLM", XXMR = "XMR",
                ZEUR = "EUR", ZUSD = "USD", ZGBP = "GBP", ZCAD = "CAD", ZJPY = "JPY", ZCHF = "CHF" }
local fiat = { EUR = true, USD = true, GBP = true, CAD = true, JPY = true, CHF = true, AUD = true }

local function code(asset)
  local base = asset:gsub("%.%a+$", ""):gsub("%d+$", "")
  return names[base] or base
end

local pending = nil

-- Two coin legs: the one leaving is given with its fee, the one arriving received less its.
local function swap(r, a, b)
  local give, get = a, b
  if a.amount > D(0) then give, get = b, a end
  if give.amount >= D(0) or get.amount <= D(0) then error("a trade between " .. a.asset .. " and " .. b.asset .. " whose legs do not go opposite ways") end
  return { { kind = "swap", date = r["time"], asset = give.asset, asset_type = "crypto", quantity = -give.amount + give.fee, to_asset = get.asset,
             to_quantity = get.amount - get.fee, id = r["refid"] } }
end

local function trade(r, leg)
  if pending == nil or pending.refid ~= r["refid"] then
    if pending ~= nil then error("a trade leg without its pair (refid " .. pending.refid .. ")") end
    pending = leg
    return nil, "the first leg of a trade: booked with its other leg"
  end
  local a, b = pending, leg
  pending = nil
  if not fiat[a.asset] and not fiat[b.asset] then return swap(r, a, b) end
  local money, coin = a, b
  if fiat[a.asset] == nil then money, coin = b, a end
  if fiat[money.asset] == nil or fiat[coin.asset] ~= nil then error("a trade between " .. a.asset .. " and " .. b.asset .. ": record it by hand") end
  local units = coin.amount < D(0) and -coin.amount or coin.amount
  local cash = money.amount < D(0) and -money.amount or money.amount
  if coin.amount > D(0) then
    units = units - coin.fee   -- a fee in the coin arrives less
    return { { kind = "buy", date = r["time"], asset = coin.asset, asset_type = "crypto", currency = money.asset, cash_currency = money.asset,
               quantity = units, price = round(cash / units, 8, "down"), fees = cash - units * round(cash / units, 8, "down") + money.fee,
               amount = cash + money.fee, id = r["refid"] } }
  end
  return { { kind = "sell", date = r["time"], asset = coin.asset, asset_type = "crypto", currency = money.asset, cash_currency = money.asset,
             quantity = units + coin.fee, price = round(cash / (units + coin.fee), 8, "up"),
             fees = (units + coin.fee) * round(cash / (units + coin.fee), 8, "up") - cash + money.fee, amount = cash - money.fee, id = r["refid"] } }
end

return {
  name = "kraken",
  title = "Kraken",
  platform = "Kraken",
  summary = "ledgers.csv",
  headers = { "txid", "refid", "time", "type", "subtype", "aclass", "asset", "amount", "fee", "balance" },
  decimal = "point",
  row = function(r)
    if r["txid"] == "" then return nil, "unconfirmed (no txid)" end
    local t, asset = r["type"], code(r["asset"])
    local amount, fee = num(r["amount"]), num(r["fee"]) or D(0)
    local leg = { refid = r["refid"], asset = asset, amount = amount, fee = fee }
    if t == "trade" or t == "spend" or t == "receive" then return trade(r, leg) end
    if t == "deposit" or t == "withdrawal" then
      local ops = {}
      if fiat[asset] then
        ops[1] = { kind = t, date = r["time"], cash_currency = asset, amount = amount, id = r["txid"] }
        if fee > D(0) then ops[2] = { kind = "fee", date = r["time"], cash_currency = asset, amount = fee, note = t .. " fee" } end
      else
        local units = amount < D(0) and -amount or amount
        ops[1] = { kind = t == "deposit" and "transfer_in" or "transfer_out", date = r["time"], asset = asset, asset_type = "crypto",
                   quantity = t == "deposit" and units - fee or units + fee, price = 0, id = r["txid"] }
      end
      return ops
    end
    if t == "staking" or t == "dividend" or (t == "earn" and r["subtype"] == "reward") then
      return { { kind = "reward", date = r["time"], asset = asset, asset_type = "crypto", quantity = amount - fee, price = 0,
                 id = r["txid"], note = "Staking reward" } }
    end
    if t == "transfer" or t == "earn" then return nil, "a move between Kraken's own wallets" end
    error("unknown Kraken ledger type '" .. tostring(t) .. "/" .. tostring(r["subtype"]) .. "'")
  end,
  finish = function()
    if pending ~= nil then error("a trade leg without its pair (refid " .. pending.refid .. ")") end
  end,
}
"""#)
}
