extension BuiltInProfiles {
    /// Coinbase (retail) transaction history.
    static let coinbase = ImportProfile(name: "coinbase", source: #"""
-- Coinbase: the retail transaction history (Profile → Statements → CSV), the current
-- layout with an ID column. Written from the publisher's documented columns and
-- open-source importers' notes, not from a real export. The file may open with a
-- disclaimer, "Transactions" and "User,…" lines before the header; rows are newest
-- first; money cells may carry a currency symbol ("€3343.11", "-€597.49"). Coins are
-- crypto assets priced in the row's Price Currency, which is also the cash they are paid with.
--
-- Row kinds: Buy, Advanced Trade Buy → buy (Total is the cash paid, Fees the fees); Sell,
-- Advanced Trade Sell → sell (Total is the cash received); Convert → a swap of the coin for
-- the one in Notes ("Converted 0.5 ETH to 900 USDC") at the row's price: a sale of the coin
-- at Price at Transaction and a purchase of the other costing what it brought, no cash;
-- Send → transfer out; Receive → transfer in at the row's price; Deposit / Withdrawal of
-- a currency → deposit / withdrawal; Staking Income, Rewards Income, Learning Reward,
-- Coinbase Earn, Inflation Reward, Interest payout → reward at the row's price; staking
-- transfers between Coinbase's own wallets → skipped.

local rewards = { ["Staking Income"] = true, ["Rewards Income"] = true, ["Reward Income"] = true, ["Learning Reward"] = true,
                  ["Coinbase Earn"] = true, ["Inflation Reward"] = true, ["Interest payout"] = true, ["Subscription Rebate"] = true,
                  ["Subscription Rebates"] = true }
local internal = { ["Retail Staking Transfer"] = true, ["Retail Unstaking Transfer"] = true, ["Retail Eth2 Deprecation"] = true,
                   ["Asset Migration"] = true }

return {
  name = "coinbase",
  title = "Coinbase",
  platform = "Coinbase",
  summary = "retail transaction history (with ID column)",
  headers = { "ID", "Timestamp", "Transaction Type", "Asset", "Quantity Transacted", "Price Currency", "Price at Transaction", "Subtotal" },
  decimal = "point",
  id = "ID",
  row = function(r)
    local t, date, coin, cur = r["Transaction Type"], r["Timestamp"], r["Asset"], r["Price Currency"]
    local q = r["Quantity Transacted"]
    local total = r["Total (inclusive of fees and/or spread)"] or r["Total (inclusive of fees)"]
    local fees = r["Fees and/or Spread"] or r["Fees"] or "0"
    if t == "Buy" or t == "Advanced Trade Buy" or t == "Advance Trade Buy" or t == "Sell" or t == "Advanced Trade Sell" then
      return { { kind = t:match("Buy$") and "buy" or "sell", date = date, asset = coin, asset_type = "crypto", currency = cur,
                 cash_currency = cur, quantity = q, price = r["Price at Transaction"], fees = fees, amount = total, note = r["Notes"] } }
    end
    if t == "Convert" then
      local toQty, toCoin = (r["Notes"] or ""):match("to ([%d%.,]+) (%w+)")
      if not toQty then error("a Convert row without 'to QUANTITY COIN' in its Notes") end
      return { { kind = "swap", date = date, asset = coin, asset_type = "crypto", currency = cur, cash_currency = cur, quantity = q,
                 price = r["Price at Transaction"], to_asset = toCoin, to_quantity = toQty, note = r["Notes"] } }
    end
    if t == "Send" or t == "Receive" then
      return { { kind = t == "Send" and "transfer_out" or "transfer_in", date = date, asset = coin, asset_type = "crypto", currency = cur,
                 quantity = q, price = r["Price at Transaction"], note = r["Notes"] } }
    end
    if t == "Deposit" or t == "Withdrawal" then
      return { { kind = t:lower(), date = date, cash_currency = coin, amount = q, note = r["Notes"] } }
    end
    if rewards[t] then
      return { { kind = "reward", date = date, asset = coin, asset_type = "crypto", currency = cur, quantity = q,
                 price = r["Price at Transaction"], note = t } }
    end
    if internal[t] then return nil, "a move between Coinbase's own wallets" end
    error("unknown Coinbase transaction type '" .. tostring(t) .. "'")
  end,
}
"""#)
}
