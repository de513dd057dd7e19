extension BuiltInProfiles {
    /// Trade Republic transaction export.
    static let tradeRepublic = ImportProfile(name: "traderepublic", source: #"""
-- Trade Republic: the transaction export (Profile → Documents → Transaction export).
-- Written from the publisher's documented columns and open-source importers' notes, not
-- from a real export. Every field quoted, dot decimals; shares negative on a sell; symbol
-- holds the ISIN, name the security's name; transaction_id is the broker id. For a trade,
-- amount is shares × price and the fee and tax (negative) come on top; for income, amount
-- is the cash received and tax what was withheld before it (not confirmed by a real file).
--
-- Row kinds: TRADING BUY / SELL (also SAVINGS_PLAN_EXECUTION) → buy / sell (the fee into the
-- cost; a sell's tax a tax); CASH DIVIDEND → dividend (tax withheld from the tax column);
-- INTEREST_PAYMENT → interest, gross, and its tax; CUSTOMER_INBOUND, CUSTOMER_INPAYMENT,
-- TRANSFER_INSTANT_INBOUND → deposit; CUSTOMER_OUTBOUND_REQUEST, TRANSFER_INSTANT_OUTBOUND,
-- CARD_TRANSACTION → withdrawal; BENEFITS_SAVEBACK, BONUS, STOCKPERK → interest (a cash
-- reward). Anything else is an error.

local function abs(x) if x < D(0) then return -x end return x end
local function n(v) if v == nil or v == "" then return D(0) end return abs(num(v)) end

local deposits = { CUSTOMER_INBOUND = true, CUSTOMER_INPAYMENT = true, TRANSFER_INSTANT_INBOUND = true }
local withdrawals = { CUSTOMER_OUTBOUND_REQUEST = true, TRANSFER_INSTANT_OUTBOUND = true, CARD_TRANSACTION = true,
                      CARD_TRANSACTION_INTERNATIONAL = true }
local bonuses = { BENEFITS_SAVEBACK = true, BONUS = true, STOCKPERK = true }

return {
  name = "traderepublic",
  title = "Trade Republic",
  platform = "Trade Republic",
  summary = "transaction export",
  headers = { "datetime", "date", "category", "type", "name", "symbol", "shares", "price", "amount", "fee", "tax", "currency", "transaction_id" },
  decimal = "point",
  id = "transaction_id",
  row = function(r)
    local t, date, cur = r["type"], r["date"], r["currency"]
    local amount, fee, tax = n(r["amount"]), n(r["fee"]), n(r["tax"])
    if r["category"] == "TRADING" and (t == "BUY" or t == "SELL" or t == "SAVINGS_PLAN_EXECUTION") then
      local buy = t ~= "SELL"
      local ops = { { kind = buy and "buy" or "sell", date = date, asset = r["name"], currency = cur, cash_currency = cur,
                      quantity = r["shares"], price = r["price"], fees = fee, amount = buy and amount + fee or amount - fee, note = r["symbol"] } }
      if tax > D(0) then ops[2] = { kind = "tax", date = date, cash_currency = cur, amount = tax, note = "Tax on the sale of " .. r["name"] } end
      return ops
    end
    if t == "DIVIDEND" then
      return { { kind = "dividend", date = date, asset = r["name"], currency = cur, cash_currency = cur, net = amount, tax = tax, note = r["symbol"] } }
    end
    if t == "INTEREST_PAYMENT" then
      local ops = { { kind = "interest", date = date, cash_currency = cur, amount = amount + tax } }
      -- The tax names the cash that earned the interest, so the income figures net it.
      if tax > D(0) then ops[2] = { kind = "tax", date = date, asset = "Trade Republic " .. cur, cash_currency = cur, amount = tax, note = "Tax on interest" } end
      return ops
    end
    if deposits[t] then return { { kind = "deposit", date = date, cash_currency = cur, amount = amount } } end
    if withdrawals[t] then return { { kind = "withdrawal", date = date, cash_currency = cur, amount = amount, note = t } } end
    if bonuses[t] then return { { kind = "interest", date = date, cash_currency = cur, amount = amount, note = t } } end
    error("unknown Trade Republic type '" .. tostring(r["category"]) .. " / " .. tostring(t) .. "'")
  end,
}
"""#)
}
