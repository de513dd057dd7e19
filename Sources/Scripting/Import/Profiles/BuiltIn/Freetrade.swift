extension BuiltInProfiles {
    /// Freetrade activity export.
    static let freetrade = ImportProfile(name: "freetrade", source: #"""
-- Freetrade: the activity export (Activity → export). Written from the publisher's
-- documented columns and open-source importers' notes, not from a real export. Amounts
-- are unsigned whatever their direction; timestamps are ISO UTC; Order ID is the broker id.
--
-- Row kinds: ORDER with Buy / Sell = BUY or SELL → buy or sell (quantity and price in the
-- instrument's currency; Total Amount is the account's cash; in the account's own currency
-- the difference is the fees); FREESHARE_ORDER → reward (a free share is income at its
-- price); DIVIDEND, PROPERTY → dividend (net = Total Amount; the tax withheld is given in the
-- instrument's currency and converted at the row's net ratio); INTEREST_FROM_CASH →
-- interest; TOP_UP → deposit; WITHDRAWAL → withdrawal; MONTHLY_STATEMENT → skipped.

local function blank(v) return v == nil or v == "" end

local function dividend(r)
  local cash, cur = r["Account Currency"], r["Instrument Currency"]
  local net = num(r["Total Amount"])
  local tax = D(0)
  if not blank(r["Dividend Withheld Tax Amount"]) then tax = num(r["Dividend Withheld Tax Amount"]) end
  if not blank(cur) and cur ~= cash and tax > D(0) then
    tax = round(tax * net / num(r["Dividend Net Distribution Amount"]), 2)
  end
  return { kind = "dividend", date = r["Timestamp"], asset = r["Ticker"], currency = blank(cur) and cash or cur,
           cash_currency = cash, net = net, tax = tax, note = r["Title"] }
end

return {
  name = "freetrade",
  title = "Freetrade",
  platform = "Freetrade",
  summary = "activity export",
  headers = { "Title", "Type", "Timestamp", "Account Currency", "Total Amount", "Buy / Sell", "Ticker" },
  decimal = "point",
  id = "Order ID",
  row = function(r)
    local t, date, cash = r["Type"], r["Timestamp"], r["Account Currency"]
    if t == "ORDER" then
      local side = r["Buy / Sell"]
      local cur = r["Instrument Currency"]
      local op = { kind = side == "BUY" and "buy" or side == "SELL" and "sell" or error("unknown Buy / Sell '" .. side .. "'"),
                   date = date, asset = r["Ticker"], quantity = r["Quantity"], price = r["Price per Share"],
                   currency = blank(cur) and cash or cur, cash_currency = cash, amount = r["Total Amount"], note = r["Title"] }
      if blank(cur) or cur == cash then
        local q, p, total = num(r["Quantity"]), num(r["Price per Share"]), num(r["Total Amount"])
        local fees = side == "BUY" and total - q * p or q * p - total
        if fees > D(0) then op.fees = fees end
      end
      return { op }
    end
    if t == "FREESHARE_ORDER" then
      return { { kind = "reward", date = date, asset = r["Ticker"], quantity = r["Quantity"], price = r["Price per Share"],
                 currency = blank(r["Instrument Currency"]) and cash or r["Instrument Currency"], note = "Free share" } }
    end
    if t == "DIVIDEND" or t == "PROPERTY" then return { dividend(r) } end
    if t == "INTEREST_FROM_CASH" then return { { kind = "interest", date = date, cash_currency = cash, amount = r["Total Amount"], note = r["Title"] } } end
    if t == "TOP_UP" then return { { kind = "deposit", date = date, cash_currency = cash, amount = r["Total Amount"] } } end
    if t == "WITHDRAWAL" then return { { kind = "withdrawal", date = date, cash_currency = cash, amount = r["Total Amount"] } } end
    if t == "MONTHLY_STATEMENT" then return nil, "a statement document, no movement" end
    error("unknown Freetrade type '" .. tostring(t) .. "'")
  end,
}
"""#)
}
