extension BuiltInProfiles {
    /// Revolut stocks (Invest) account statement.
    static let revolut = ImportProfile(name: "revolut", source: #"""
-- Revolut: the stocks account statement (Invest → Documents → Account statement, saved as
-- CSV). Written from the publisher's documented columns and open-source importers' notes,
-- not from a real export. Money carries its symbol ("$52.07", "-$30.93", "€88.94") and the
-- Currency column gives the code; quantities are sometimes written with a decimal comma
-- ("0,76672417") among dot decimals, so each cell is read by its own marks (an ambiguous
-- "1,234" is refused). Rows have no id: identical rows are separate trades, and a re-import
-- matches them by content and count.
--
-- Row kinds: BUY - … → buy; SELL - … → sell (Total Amount is the cash, positive either
-- way); DIVIDEND → dividend (net: Revolut shows no tax); CASH TOP-UP → deposit; CASH
-- WITHDRAWAL → withdrawal; CUSTODY FEE → fee; STOCK SPLIT → the units added; transfers
-- between Revolut's own companies → skipped (the units stay).

return {
  name = "revolut",
  title = "Revolut",
  platform = "Revolut",
  summary = "stocks account statement",
  headers = { "Date", "Ticker", "Type", "Quantity", "Price per share", "Total Amount", "Currency", "FX Rate" },
  decimal = "auto",
  row = function(r)
    local t, date, cur = r["Type"], r["Date"], r["Currency"]
    local ticker = r["Ticker"] ~= "" and r["Ticker"] or nil
    if t:match("^BUY") or t:match("^SELL") then
      return { { kind = t:match("^BUY") and "buy" or "sell", date = date, asset = ticker, currency = cur, cash_currency = cur,
                 quantity = r["Quantity"], price = r["Price per share"], amount = r["Total Amount"], note = t } }
    end
    if t == "DIVIDEND" then return { { kind = "dividend", date = date, asset = ticker, currency = cur, cash_currency = cur, net = r["Total Amount"] } } end
    if t == "CASH TOP-UP" then return { { kind = "deposit", date = date, cash_currency = cur, amount = r["Total Amount"] } } end
    if t == "CASH WITHDRAWAL" then return { { kind = "withdrawal", date = date, cash_currency = cur, amount = r["Total Amount"] } } end
    if t == "CUSTODY FEE" then return { { kind = "fee", date = date, cash_currency = cur, amount = r["Total Amount"], note = "Custody fee" } } end
    if t == "STOCK SPLIT" then return { { kind = "split", date = date, asset = ticker, quantity = r["Quantity"], note = "Stock split" } } end
    if t:match("^TRANSFER FROM REVOLUT") then return nil, "a move between Revolut's own companies: the units stay" end
    error("unknown Revolut type '" .. t .. "'")
  end,
}
"""#)
}
