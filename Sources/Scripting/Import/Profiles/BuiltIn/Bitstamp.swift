extension BuiltInProfiles {
    /// Bitstamp transaction history (the current layout).
    static let bitstamp = ImportProfile(name: "bitstamp", source: #"""
-- Bitstamp: the transaction history export, current layout (ID, Account, Type, Subtype,
-- Datetime, Amount and its currency, Value and its currency, Rate, Fee…). Written from
-- the publisher's documented columns and open-source importers' notes, not from a real
-- export. Dates are RFC 3339; ID is the broker id. Coins are crypto assets priced in the
-- Value currency, which is also the cash they are paid with.
--
-- Row kinds: Market Buy / Sell → buy / sell of Amount at Rate, the fee (in the Value
-- currency) on top; Deposit / Withdrawal of a currency → deposit / withdrawal (a fee: a
-- fee); of a coin → transfer in / out (no price: at 0); Staking reward → reward (at 0).
-- The old layout (Type,Datetime,Account,Amount,Value,Rate,Fee,Sub Type) is not read.

local fiat = { EUR = true, USD = true, GBP = true, CHF = true }

return {
  name = "bitstamp",
  title = "Bitstamp",
  platform = "Bitstamp",
  summary = "transaction history (current layout)",
  headers = { "ID", "Account", "Type", "Subtype", "Datetime", "Amount", "Amount currency", "Value", "Value currency", "Rate" },
  decimal = "point",
  id = "ID",
  row = function(r)
    local t, sub, date = r["Type"], r["Subtype"], r["Datetime"]
    local coin, amount = r["Amount currency"], r["Amount"]
    local fee = r["Fee"] ~= nil and r["Fee"] ~= "" and num(r["Fee"]) or D(0)
    if t == "Market" or t == "Limit" or t == "Instant" then
      if sub ~= "Buy" and sub ~= "Sell" then error("unknown Bitstamp trade subtype '" .. tostring(sub) .. "'") end
      local cur = r["Value currency"]
      if fee > D(0) and r["Fee currency"] ~= cur then error("a fee in " .. r["Fee currency"] .. " on a trade in " .. cur) end
      local value = num(r["Value"])
      return { { kind = sub:lower(), date = date, asset = coin, asset_type = "crypto", currency = cur, cash_currency = cur,
                 quantity = amount, price = r["Rate"], fees = fee, amount = sub == "Buy" and value + fee or value - fee } }
    end
    if t == "Deposit" or t == "Withdrawal" then
      if fiat[coin] then
        local ops = { { kind = t:lower(), date = date, cash_currency = coin, amount = amount } }
        if fee > D(0) then ops[2] = { kind = "fee", date = date, cash_currency = r["Fee currency"] or coin, amount = fee, note = t .. " fee" } end
        return ops
      end
      return { { kind = t == "Deposit" and "transfer_in" or "transfer_out", date = date, asset = coin, asset_type = "crypto", quantity = amount, price = 0 } }
    end
    if t == "Staking reward" then
      return { { kind = "reward", date = date, asset = coin == "ETH2R" and "ETH2" or coin, asset_type = "crypto", quantity = amount, price = 0, note = "Staking reward" } }
    end
    error("unknown Bitstamp type '" .. tostring(t) .. "'")
  end,
}
"""#)
}
