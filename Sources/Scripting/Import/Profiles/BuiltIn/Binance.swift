extension BuiltInProfiles {
    /// Binance transaction history (the account statement, one row per ledger leg).
    static let binance = ImportProfile(name: "binance", source: #"""
-- Binance: the transaction history (Orders → Transaction History → Generate all statements,
-- CSV): User_ID (older files lack it), UTC_Time, Account, Operation, Coin, Change, Remark.
-- Written from the publisher's documented columns and open-source importers' notes, not
-- from a real export. One row per ledger leg, Change signed; the legs of one trade share
-- their UTC_Time (Buy/Sell/Fee, or Transaction Buy/Spend/Sold/Revenue/Fee), and several
-- fills in one second are paired in order. Coins are crypto assets; a fiat currency
-- (EUR, USD, GBP, …) is the account's cash of that currency. The statement gives no
-- prices: a trade's price is its cash ÷ its units, and what has no cash leg is at 0.
--
-- Row kinds: the two legs of a trade → a buy of the coin against the currency (the price
-- exact to 8 places, the cost the cash paid) or a sell; a fee leg met before its trade's
-- pair is complete is part of the trade (in the coin bought: fewer units arrive; in the
-- currency: a fee on top; in a third coin such as BNB: a sale of it at 0, a realized loss
-- of its cost), one met after its trade is a fee of the currency or such a sale at 0. Two
-- currencies → a conversion. Two coins (BTC for USDT, Binance Convert, Small Assets
-- Exchange BNB) → a swap of the coin given for the coin received (a fee in the coin given:
-- more is given; in the coin received: less arrives; in a third coin: a sale of it at 0);
-- the statement gives no price, so the swap is at cost: the cost basis and the lots' dates
-- go with the coins, and the gain is realized when the coin received is sold for money.
-- Deposit, Fiat Deposit of a currency → deposit; of a coin → transfer in at
-- 0; Withdraw, Fiat Withdraw, Send → withdrawal or transfer out. Staking, savings, earn,
-- launchpool interest and rewards, distributions, airdrops, referral commissions and
-- rebates → reward of the coin at 0 (of a currency: interest). Moves between the user's
-- own wallets (Transfer Between Main and Funding Wallet, transfer_in/out, Earn or Staking
-- subscriptions and redemptions) and every row of a futures or margin account → skipped.
-- A trade leg left without its pair is an error at the end of the file.

local fiat = { EUR = true, USD = true, GBP = true, AUD = true, BRL = true, TRY = true, PLN = true, RUB = true, UAH = true, ZAR = true,
               NGN = true, CHF = true, CZK = true, RON = true, SEK = true, JPY = true }
local legs = { ["Buy"] = true, ["Sell"] = true, ["Transaction Buy"] = true, ["Transaction Spend"] = true, ["Transaction Sold"] = true,
               ["Transaction Revenue"] = true, ["Transaction Related"] = true, ["Binance Convert"] = true, ["Large OTC trading"] = true,
               ["Small Assets Exchange BNB"] = true }
local feeLegs = { ["Fee"] = true, ["Transaction Fee"] = true, ["BNB Fee Deduction"] = true }
local deposits = { ["Deposit"] = true, ["Fiat Deposit"] = true }
local withdrawals = { ["Withdraw"] = true, ["Fiat Withdraw"] = true, ["Fiat Withdrawal"] = true, ["Send"] = true }
local rewards = { ["Staking Rewards"] = true, ["POS savings interest"] = true, ["Savings Interest"] = true, ["Launchpool Interest"] = true,
                  ["Distribution"] = true, ["Airdrop Assets"] = true, ["HODLer Airdrops Distribution"] = true, ["Megadrop Rewards"] = true,
                  ["Referral Commission"] = true, ["Commission Rebate"] = true, ["Simple Earn Flexible Interest"] = true,
                  ["Simple Earn Locked Rewards"] = true, ["Simple Earn Flexible Airdrop"] = true, ["Simple Earn Locked Interest"] = true,
                  ["Simple Earn Flexible Rewards"] = true, ["ETH 2.0 Staking Rewards"] = true }
local internal = { ["Transfer Between Main and Funding Wallet"] = true, ["transfer_in"] = true, ["transfer_out"] = true,
                   ["Simple Earn Flexible Subscription"] = true, ["Simple Earn Flexible Redemption"] = true,
                   ["Simple Earn Locked Subscription"] = true, ["Simple Earn Locked Redemption"] = true, ["Staking Purchase"] = true,
                   ["Staking Redemption"] = true, ["Transfer Between Spot Account and UM Futures Account"] = true }
local leveraged = { ["USD-M Futures"] = true, ["COIN-M Futures"] = true, ["Cross Margin"] = true, ["Isolated Margin"] = true }

local function abs(x) if x < D(0) then return -x end return x end

-- "2024-01-03 10:15:20", or with a 2-digit year "24-01-03 10:15:20".
local function day(t)
  local y, m, d = (t or ""):match("^(%d%d%d%d)-(%d%d)-(%d%d)")
  if y then return y .. "-" .. m .. "-" .. d end
  y, m, d = (t or ""):match("^(%d%d)-(%d%d)-(%d%d)[ T]")
  if y then return "20" .. y .. "-" .. m .. "-" .. d end
  error("cannot read the time '" .. tostring(t) .. "' (expected YYYY-MM-DD HH:MM:SS)")
end

local group = nil   -- the legs of the trade(s) at one UTC_Time, and what the last of them was

local function unpaired(g) return #g.plus + #g.minus > 0 end

local function open(time)
  if group ~= nil and group.time ~= time then
    if unpaired(group) then error("a trade leg at " .. group.time .. " without its pair") end
    if #group.fees > 0 then error("a fee at " .. group.time .. " without its trade") end
  end
  if group == nil or group.time ~= time then group = { time = time, plus = {}, minus = {}, fees = {}, done = false } end
end

-- A fee leg as an operation of its own: a fee of the currency, or the coin sold at 0 (a
-- realized loss of its cost) on the books of `cur`, the trade's currency.
local function feeOp(date, fee, about, cur)
  if fiat[fee.coin] then
    local op = { kind = "fee", date = date, cash_currency = fee.coin, amount = fee.amount, note = "Trading fee" }
    if about then op.asset = about end
    return op
  end
  return { kind = "sell", date = date, asset = fee.coin, asset_type = "crypto", currency = cur, cash_currency = cur,
           quantity = fee.amount, price = 0, cash = false, note = "Fee paid in " .. fee.coin }
end

-- Two coins: a swap at cost (the statement gives no price), fees in either coin folded
-- into the units, a fee in a third coin sold at 0.
local function swap(date, plus, minus, fees)
  local give, get, ops = minus.amount, plus.amount, {}
  for _, f in ipairs(fees) do
    if f.coin == plus.coin then get = get - f.amount
    elseif f.coin == minus.coin then give = give + f.amount
    else ops[#ops + 1] = feeOp(date, f, nil, nil) end
  end
  table.insert(ops, 1, { kind = "swap", date = date, asset = minus.coin, asset_type = "crypto", quantity = give, to_asset = plus.coin,
                         to_quantity = get })
  return ops
end

local function trade(date, plus, minus, fees)
  if fiat[plus.coin] and fiat[minus.coin] then
    local ops = { { kind = "conversion", date = date, cash_currency = minus.coin, amount = minus.amount, to_currency = plus.coin,
                    to_amount = plus.amount } }
    for _, f in ipairs(fees) do ops[#ops + 1] = feeOp(date, f, nil, minus.coin) end
    return ops
  end
  if not fiat[plus.coin] and not fiat[minus.coin] then return swap(date, plus, minus, fees) end
  local buying = not fiat[plus.coin]
  local coin, cash = buying and plus or minus, buying and minus or plus
  local units, money, cashFee, ops = coin.amount, cash.amount, D(0), {}
  for _, f in ipairs(fees) do
    if f.coin == coin.coin then units = buying and units - f.amount or units + f.amount
    elseif f.coin == cash.coin then cashFee = cashFee + f.amount
    else ops[#ops + 1] = feeOp(date, f, coin.coin, cash.coin) end
  end
  local op = { kind = buying and "buy" or "sell", date = date, asset = coin.coin, asset_type = "crypto", currency = cash.coin,
               cash_currency = cash.coin, quantity = units }
  if buying then
    op.price = round(money / units, 8, "down")
    op.fees, op.amount = money - units * op.price + cashFee, money + cashFee
  else
    op.price = round(money / units, 8, "up")
    op.fees, op.amount = units * op.price - money + cashFee, money - cashFee
  end
  table.insert(ops, 1, op)
  return ops
end

local function leg(r, time, date, coin, change)
  open(time)
  local side = change > D(0) and group.plus or group.minus
  side[#side + 1] = { coin = coin, amount = abs(change) }
  if #group.plus == 0 or #group.minus == 0 then return nil, "a trade leg: booked with its other leg" end
  local plus, minus, fees = table.remove(group.plus, 1), table.remove(group.minus, 1), group.fees
  group.fees, group.done = {}, true
  group.about = (fiat[plus.coin] and not fiat[minus.coin] and minus.coin) or (fiat[minus.coin] and not fiat[plus.coin] and plus.coin) or nil
  group.cash = (fiat[plus.coin] and plus.coin) or (fiat[minus.coin] and minus.coin) or nil
  return trade(date, plus, minus, fees)
end

local function fee(r, time, date, coin, change)
  open(time)
  local f = { coin = coin, amount = abs(change) }
  if unpaired(group) or not group.done then
    group.fees[#group.fees + 1] = f
    return nil, "a trade's fee: booked with the trade"
  end
  return { feeOp(date, f, group.about, group.cash) }
end

return {
  name = "binance",
  title = "Binance",
  platform = "Binance",
  summary = "transaction history statement (one row per ledger leg)",
  headers = { "UTC_Time", "Account", "Operation", "Coin", "Change", "Remark" },
  decimal = "point",
  row = function(r)
    local op, account, coin, time = r["Operation"] or "", r["Account"] or "", r["Coin"] or "", r["UTC_Time"] or ""
    if leveraged[account] then return nil, "a " .. account .. " row: AssetFlow keeps no futures or margin positions" end
    local date, change = day(time), num(r["Change"])
    if change == nil then error("no Change") end
    local note = r["Remark"] ~= "" and r["Remark"] or nil
    if legs[op] then return leg(r, time, date, coin, change) end
    if feeLegs[op] then return fee(r, time, date, coin, change) end
    if internal[op] then return nil, "a move between the user's own Binance wallets" end
    if deposits[op] or withdrawals[op] then
      local into = deposits[op] ~= nil
      if (change > D(0)) ~= into then error("a " .. op .. " of " .. r["Change"] .. " " .. coin .. " (its sign says the other way)") end
      if fiat[coin] then return { { kind = into and "deposit" or "withdrawal", date = date, cash_currency = coin, amount = abs(change), note = note } } end
      return { { kind = into and "transfer_in" or "transfer_out", date = date, asset = coin, asset_type = "crypto",
                 quantity = abs(change), price = 0, note = note } }
    end
    if rewards[op] then
      if fiat[coin] then return { { kind = "interest", date = date, cash_currency = coin, amount = change, note = op } } end
      return { { kind = "reward", date = date, asset = coin, asset_type = "crypto", quantity = change, price = 0, note = op } }
    end
    error("unknown Binance operation '" .. op .. "'")
  end,
  finish = function()
    if group ~= nil and unpaired(group) then error("a trade leg at " .. group.time .. " without its pair") end
    if group ~= nil and #group.fees > 0 then error("a fee at " .. group.time .. " without its trade") end
  end,
}
"""#)
}
