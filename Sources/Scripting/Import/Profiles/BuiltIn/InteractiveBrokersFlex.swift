extension BuiltInProfiles {
    /// Interactive Brokers Flex Query CSV: trades and cash transactions.
    static let ibkrFlex = ImportProfile(name: "ibkr-flex", source: #"""
-- Interactive Brokers: a Flex Query in CSV (Reporting → Flex Queries), Trades or Cash
-- Transactions section, with or without header and trailer records. Written from the
-- publisher's documented fields and open-source importers' notes, not from a real export.
-- The user picks the fields; these must be there: Trades: Buy/Sell, TradeDate, Quantity,
-- TradePrice, CurrencyPrimary (Symbol or ISIN names the security; IBCommission,
-- NetCash and TransactionID are read when present). Cash Transactions: Type, Amount,
-- CurrencyPrimary, Description, and SettleDate or DateTime. Dates are yyyyMMdd (a time
-- after ";" is ignored). Cash moves in each row's own currency (an IB account holds several).
--
-- Trades: BUY → buy, SELL → sell (commission negative in the file: the fees; NetCash the
-- cash when given). Cash: Dividends, Payment In Lieu Of Dividends → dividend (gross);
-- Withholding Tax, 871(m) Withholding → tax on the symbol (a positive one is a refund);
-- Broker/Bond Interest Received → interest; … Paid → fee; Deposits/Withdrawals → by sign;
-- Other Fees, Advisor Fees, Broker Fees, Commission Adjustments → fee (a positive one is a
-- refund, booked as interest). BOF/BOA/BOS/EOS/EOA/EOF records are skipped.

local function day(text) return (text or ""):sub(1, 8) end

local function asset(r)
  local s = r["Symbol"]
  if s ~= nil and s ~= "" then return s end
  return r["ISIN"]
end

local records = { BOF = true, BOA = true, BOS = true, EOS = true, EOA = true, EOF = true, HEADER = true }

local function trade(r)
  local side = r["Buy/Sell"]:upper()
  if side ~= "BUY" and side ~= "SELL" then error("unknown Buy/Sell '" .. r["Buy/Sell"] .. "'") end
  local q = num(r["Quantity"])
  local commission = num(r["IBCommission"] or "0") or D(0)
  local op = { kind = side == "BUY" and "buy" or "sell", date = day(r["TradeDate"]), asset = asset(r), quantity = q,
               price = r["TradePrice"], fees = commission, currency = r["CurrencyPrimary"], cash_currency = r["CurrencyPrimary"],
               id = r["TransactionID"] or r["TradeID"], note = r["Description"] }
  local cc = r["IBCommissionCurrency"]
  if cc ~= nil and cc ~= "" and cc ~= r["CurrencyPrimary"] then error("the commission is in " .. cc .. ", not the trade's " .. r["CurrencyPrimary"]) end
  if r["NetCash"] ~= nil and r["NetCash"] ~= "" then op.amount = num(r["NetCash"]) end
  return op
end

local function cash(r)
  local t, amount = r["Type"], num(r["Amount"])
  local date = day(r["SettleDate"] ~= nil and r["SettleDate"] ~= "" and r["SettleDate"] or r["DateTime"] or r["Date/Time"])
  local op = { date = date, cash_currency = r["CurrencyPrimary"], amount = amount, note = r["Description"], id = r["TransactionID"] }
  if t == "Dividends" or t == "Payment In Lieu Of Dividends" then
    op.kind, op.asset, op.net, op.amount = "dividend", asset(r), amount, nil
  elseif t == "Withholding Tax" or t == "871(m) Withholding" then
    if amount > D(0) then op.kind, op.asset, op.net, op.amount = "dividend", asset(r), amount, nil else op.kind, op.asset = "tax", asset(r) end
  elseif t == "Broker Interest Received" or t == "Bond Interest Received" then op.kind = "interest"
  elseif t == "Broker Interest Paid" or t == "Bond Interest Paid" then op.kind = "fee"
  elseif t == "Deposits/Withdrawals" or t == "Deposits & Withdrawals" then op.kind = amount > D(0) and "deposit" or "withdrawal"
  elseif t == "Other Fees" or t == "Advisor Fees" or t == "Broker Fees" or t == "Commission Adjustments" then
    op.kind = amount > D(0) and "interest" or "fee"
  else
    error("unknown cash transaction type '" .. tostring(t) .. "'")
  end
  return op
end

return {
  name = "ibkr-flex",
  title = "Interactive Brokers (Flex Query)",
  platform = "Interactive Brokers",
  summary = "Flex Query CSV: Trades or Cash Transactions",
  headers = {
    { "Buy/Sell", "TradeDate", "Quantity", "TradePrice", "CurrencyPrimary" },
    { "Type", "Amount", "CurrencyPrimary", "Description" },
  },
  decimal = "point",
  date_format = "YYYYMMDD",
  row = function(r)
    if records[r[1]] then return nil, "a Flex header or trailer record" end
    if r["Buy/Sell"] ~= nil then return { trade(r) } end
    return { cash(r) }
  end,
}
"""#)
}
