extension BuiltInProfiles {
    /// Scalable Capital broker transactions export.
    static let scalable = ImportProfile(name: "scalable", source: #"""
-- Scalable Capital: the broker's Transactions CSV export. Written from the publisher's
-- documented columns and open-source importers' notes, not from a real export.
-- Semicolons; German numbers (1.000,00); amount is the signed cash without fee and tax,
-- which are positive; reference is the broker id (exports are cumulative: a re-import
-- adds only the new rows). Rows not Executed are skipped.
--
-- Row kinds: Buy, Savings plan → buy (fee into the cost); Sell → sell (a tax on it a
-- tax); Distribution → dividend (the tax column withheld); Interest → interest; Deposit
-- → deposit; Withdrawal → withdrawal; Fee → fee. Anything else is an error.

local function abs(x) if x < D(0) then return -x end return x end
local function n(v) if v == nil or v == "" then return D(0) end return abs(num(v)) end

return {
  name = "scalable",
  title = "Scalable Capital",
  platform = "Scalable Capital",
  summary = "broker Transactions export",
  headers = { "date", "time", "status", "reference", "description", "assetType", "type", "isin", "shares", "price", "amount", "fee", "tax", "currency" },
  decimal = "comma",
  id = "reference",
  row = function(r)
    if r["status"] ~= "Executed" then return nil, "not executed (" .. r["status"] .. ")" end
    local t, date, cur = r["type"], r["date"], r["currency"]
    local amount, fee, tax = n(r["amount"]), n(r["fee"]), n(r["tax"])
    if t == "Buy" or t == "Savings plan" or t == "Sell" then
      local buy = t ~= "Sell"
      local ops = { { kind = buy and "buy" or "sell", date = date, asset = r["description"], currency = cur, cash_currency = cur,
                      quantity = r["shares"], price = r["price"], fees = fee, amount = buy and amount + fee or amount - fee, note = r["isin"] } }
      if tax > D(0) then ops[2] = { kind = "tax", date = date, cash_currency = cur, amount = tax, note = "Tax on the trade of " .. r["description"] } end
      return ops
    end
    if t == "Distribution" then
      return { { kind = "dividend", date = date, asset = r["description"], currency = cur, cash_currency = cur, net = amount, tax = tax, note = r["isin"] } }
    end
    local simple = { Interest = "interest", Deposit = "deposit", Withdrawal = "withdrawal", Fee = "fee" }
    if simple[t] then return { { kind = simple[t], date = date, cash_currency = cur, amount = amount, note = r["description"] } } end
    error("unknown Scalable Capital type '" .. tostring(t) .. "'")
  end,
}
"""#)
}
