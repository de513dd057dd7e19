extension BuiltInProfiles {
    /// eToro account statement, "Account Activity" sheet saved as CSV.
    static let etoro = ImportProfile(name: "etoro", source: #"""
-- eToro: the account statement's "Account Activity" sheet (Portfolio → History → Account
-- statement → Excel), saved as CSV. Written from the publisher's documented columns and
-- open-source importers' notes, not from a real export. The account is in USD. Dates are
-- DD/MM/YYYY HH:MM:SS. The spreadsheet program decides the number format, so each cell is
-- read by its own marks: "4,581.91", " 1 757,95 ", "(6.97)" and "(0,10)" all work, and an
-- ambiguous "1,234" is refused. "-" is an empty cell. Details is "TICKER/CURRENCY".
--
-- Row kinds: Open Position → buy (Amount is the USD invested; the price is Amount ÷ Units);
-- a negative interest is a fee;
-- Position closed → sell (Amount is the USD returned); Dividend → dividend (net: the tax is
-- only on the Dividends sheet); Interest Payment, Overnight refund → interest; Overnight
-- fee, SDRT, Withdraw Fee, Withdrawal Conversion Fee → fee; Deposit → deposit; Withdraw
-- Request → withdrawal; Edit Stop Loss / Take Profit → skipped. CFD rows are refused:
-- they are not shares held.

local function ticker(details) return (details or ""):match("^([^/]+)/") or details end
local function value(v) if v == nil or v == "-" or v == "" then return nil end return v end

local kinds = {
  ["Interest Payment"] = "interest", ["Overnight refund"] = "interest",
  ["Overnight fee"] = "fee", ["SDRT"] = "fee", ["Withdraw Fee"] = "fee", ["Withdrawal Conversion Fee"] = "fee",
  ["Deposit"] = "deposit", ["Withdraw Request"] = "withdrawal",
}

return {
  name = "etoro",
  title = "eToro",
  platform = "eToro",
  summary = "account statement, Account Activity sheet",
  headers = { "Date", "Type", "Details", "Amount", "Units", "Position ID" },
  currency = "USD",
  decimal = "auto",
  date_format = "DD/MM/YYYY",
  row = function(r)
    local t, date = r["Type"], (r["Date"] or ""):sub(1, 10)
    if (r["Asset type"] or ""):upper() == "CFD" then error("a CFD row: eToro CFDs are not shares held; leave them out of the file") end
    if t == "Open Position" or t == "Position closed" then
      local units = value(r["Units"])
      if not units then error("a " .. t .. " row without its units") end
      return { { kind = t == "Open Position" and "buy" or "sell", date = date, asset = ticker(r["Details"]), quantity = units,
                 amount = r["Amount"], id = t .. " " .. r["Position ID"], note = r["Details"] } }
    end
    if t == "Dividend" then return { { kind = "dividend", date = date, asset = ticker(r["Details"]), net = r["Amount"], note = r["Details"] } } end
    if t == "Edit Stop Loss" or t == "Edit Take Profit" then return nil, "an order change, no movement" end
    local kind = kinds[t]
    if kind then
      if kind == "interest" and num(r["Amount"]) < D(0) then kind = "fee" end   -- interest charged
      return { { kind = kind, date = date, amount = r["Amount"], note = t .. " " .. (r["Details"] or "") } }
    end
    error("unknown eToro type '" .. tostring(t) .. "'")
  end,
}
"""#)
}
