extension BuiltInProfiles {
    /// Charles Schwab brokerage "History" export.
    static let schwab = ImportProfile(name: "schwab", source: #"""
-- Charles Schwab: the brokerage account's History → Export (CSV). Written from the
-- publisher's documented columns and open-source importers' notes, not from a real
-- export. Older files start with a title line ("Transactions for account … as of …") and
-- end with a "Transactions Total" footer; both are left out. Dates are MM/DD/YYYY, also
-- "04/27/2023 as of 04/26/2023" (the first date counts); money is "$1,234.56", "-$5" or
-- "$-5". The account is in USD.
--
-- Row kinds: Buy, Reinvest Shares → buy; Sell → sell (Fees & Comm are the fees, Amount the
-- cash); Qualified Dividend, Cash Dividend, Non-Qualified Div, Special Qual Div, Reinvest
-- Dividend, Qual Div Reinvest, Pr Yr Div Reinvest, Div Adjustment, Short/Long Term Cap Gain
-- (and Reinvest) → dividend; NRA Tax Adj, NRA Withholding, Foreign Tax Paid → tax (on the
-- symbol's income; a positive one is a refund, booked as a dividend); Credit Interest, Bank
-- Interest, Bond Interest → interest; ADR Mgmt Fee, Service Fee → fee; MoneyLink, wire,
-- journal, bank transfer and misc cash rows → deposit or withdrawal by the amount's sign;
-- Stock Split → the units added; Security Transfer, Journaled Shares → units in or out.
-- Spin-offs, mergers and redemptions are errors: write those rows by hand.

local dividends = {
  ["Qualified Dividend"] = true, ["Cash Dividend"] = true, ["Non-Qualified Div"] = true, ["Special Qual Div"] = true,
  ["Reinvest Dividend"] = true, ["Qual Div Reinvest"] = true, ["Pr Yr Div Reinvest"] = true, ["Div Adjustment"] = true,
  ["Short Term Cap Gain"] = true, ["Long Term Cap Gain"] = true, ["Reinvest Short Term Cap Gain"] = true,
  ["Reinvest Long Term Cap Gain"] = true, ["Special Dividend"] = true,
}
local taxes = { ["NRA Tax Adj"] = true, ["NRA Withholding"] = true, ["Foreign Tax Paid"] = true, ["IRS Withhold Adj"] = true }
local interest = { ["Credit Interest"] = true, ["Bank Interest"] = true, ["Bond Interest"] = true }
local fees = { ["ADR Mgmt Fee"] = true, ["Service Fee"] = true }
local moves = {
  ["MoneyLink Transfer"] = true, ["MoneyLink Deposit"] = true, ["MoneyLink Adj"] = true, ["Wire Funds"] = true, ["Wire Sent"] = true,
  ["Wire Funds Received"] = true, ["Wire Received"] = true, ["Funds Received"] = true, ["Funds Paid"] = true, ["Journal"] = true,
  ["Bank Transfer"] = true, ["Misc Cash Entry"] = true, ["Misc Credits"] = true, ["Visa Purchase"] = true, ["Wire Funds Adj"] = true,
}

return {
  name = "schwab",
  title = "Charles Schwab",
  platform = "Charles Schwab",
  summary = "brokerage History export (with or without its title line)",
  headers = { "Date", "Action", "Symbol", "Description", "Quantity", "Price", "Fees & Comm", "Amount" },
  currency = "USD",
  decimal = "point",
  date_format = "MM/DD/YYYY",
  row = function(r)
    local action, date = r["Action"], (r["Date"] or ""):sub(1, 10)
    if (r["Date"] or ""):match("^Transactions Total") then return nil, "the file's total line" end
    local amount = num(r["Amount"])
    local symbol = r["Symbol"] ~= "" and r["Symbol"] or nil
    if action == "Buy" or action == "Reinvest Shares" or action == "Sell" then
      return { { kind = action == "Sell" and "sell" or "buy", date = date, asset = symbol, quantity = r["Quantity"], price = r["Price"],
                 fees = r["Fees & Comm"], amount = amount, note = r["Description"] } }
    end
    if dividends[action] then
      return { { kind = "dividend", date = date, asset = symbol or r["Description"], net = amount, note = action } }
    end
    if taxes[action] then
      if amount > D(0) then return { { kind = "dividend", date = date, asset = symbol or r["Description"], net = amount, note = "Tax refund" } } end
      return { { kind = "tax", date = date, asset = symbol, amount = amount, note = action .. ": " .. r["Description"] } }
    end
    if interest[action] then return { { kind = "interest", date = date, amount = amount, note = action } } end
    if fees[action] then return { { kind = "fee", date = date, asset = symbol, amount = amount, note = action } } end
    if moves[action] then
      return { { kind = amount > D(0) and "deposit" or "withdrawal", date = date, amount = amount, note = action .. ": " .. r["Description"] } }
    end
    if action == "Stock Split" then return { { kind = "split", date = date, asset = symbol, quantity = r["Quantity"], note = r["Description"] } } end
    if action == "Security Transfer" or action == "Journaled Shares" then
      local q = num(r["Quantity"])
      return { { kind = q < D(0) and "transfer_out" or "transfer_in", date = date, asset = symbol, quantity = q,
                 price = r["Price"] ~= "" and r["Price"] or "0", note = action } }
    end
    error("unknown Schwab action '" .. tostring(action) .. "'")
  end,
}
"""#)
}
