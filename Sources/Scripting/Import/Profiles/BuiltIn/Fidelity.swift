extension BuiltInProfiles {
    /// Fidelity (US) "Activity & Orders" download.
    static let fidelity = ImportProfile(name: "fidelity", source: #"""
-- Fidelity (US): Accounts → Activity & Orders → download (History_for_Account_….csv), the
-- single-account layout and the brokerage one (Description, Type, Cash Balance). Written
-- from the publisher's documented columns and open-source importers' notes, not from a
-- real export. Blank lines come before the header and disclaimer text and "Date downloaded"
-- after the rows (skipped: their first cell is no date). Dates are MM/DD/YYYY; Action is
-- free text, with leading spaces, read by how it starts. The account is in USD.
--
-- Row kinds: YOU BOUGHT, REINVESTMENT, PURCHASE INTO → buy; YOU SOLD, REDEMPTION FROM →
-- sell (Commission and Fees the fees, Amount the cash); DIVIDEND RECEIVED, SHORT-/LONG-TERM
-- CAP GAIN → dividend; FOREIGN TAX PAID → tax; INTEREST EARNED → interest; FEE CHARGED,
-- ADVISOR FEE → fee; transfers in and out of cash (ELECTRONIC FUNDS TRANSFER, DIRECT
-- DEPOSIT, WIRE TRANSFER, TRANSFERRED FROM/TO, CHECK …) → deposit or withdrawal by sign.
-- Mergers, distributions and other corporate actions are errors: write those by hand.

local function starts(text, prefixes)
  for _, p in ipairs(prefixes) do if text:sub(1, #p) == p then return true end end
  return false
end

local function money(v) if v == nil or v == "" then return D(0) end local x = num(v) if x < D(0) then return -x end return x end

return {
  name = "fidelity",
  title = "Fidelity",
  platform = "Fidelity",
  summary = "Activity & Orders download (single account or brokerage layout)",
  headers = {
    { "Run Date", "Action", "Symbol", "Security Description", "Quantity", "Price ($)", "Amount ($)" },
    { "Run Date", "Action", "Symbol", "Description", "Quantity", "Price ($)", "Amount ($)" },
  },
  currency = "USD",
  decimal = "point",
  date_format = "MM/DD/YYYY",
  row = function(r)
    local date = r["Run Date"] or ""
    if not date:match("^%d%d/%d%d/%d%d%d%d") then return nil, "text after the table" end
    local action = (r["Action"] or ""):gsub("^%s+", "")
    local symbol = (r["Symbol"] or ""):gsub("^%s+", "")
    if symbol == "" then symbol = nil end
    local amount = money(r["Amount ($)"])
    local fees = money(r["Commission ($)"]) + money(r["Fees ($)"])
    if starts(action, { "YOU BOUGHT", "REINVESTMENT", "PURCHASE INTO" }) then
      return { { kind = "buy", date = date, asset = symbol, quantity = r["Quantity"], price = r["Price ($)"], fees = fees, amount = amount, note = action } }
    end
    if starts(action, { "YOU SOLD", "REDEMPTION FROM" }) then
      return { { kind = "sell", date = date, asset = symbol, quantity = r["Quantity"], price = r["Price ($)"], fees = fees, amount = amount, note = action } }
    end
    if starts(action, { "DIVIDEND RECEIVED", "SHORT-TERM CAP GAIN", "LONG-TERM CAP GAIN" }) then
      return { { kind = "dividend", date = date, asset = symbol, net = amount, note = action } }
    end
    if starts(action, { "FOREIGN TAX PAID", "ADJ FOREIGN TAX" }) then
      return { { kind = "tax", date = date, asset = symbol, amount = amount, note = action } }
    end
    if starts(action, { "INTEREST EARNED" }) then return { { kind = "interest", date = date, asset = symbol, amount = amount, note = action } } end
    if starts(action, { "FEE CHARGED", "ADVISOR FEE" }) then return { { kind = "fee", date = date, amount = amount, note = action } } end
    if starts(action, { "ELECTRONIC FUNDS TRANSFER", "DIRECT DEPOSIT", "WIRE TRANSFER", "TRANSFERRED FROM", "TRANSFERRED TO",
                        "CHECK RECEIVED", "CHECK PAID", "DIRECT DEBIT", "BILL PAYMENT", "DEBIT CARD" }) then
      return { { kind = num(r["Amount ($)"]) > D(0) and "deposit" or "withdrawal", date = date, amount = amount, note = action } }
    end
    error("unknown Fidelity action '" .. action .. "'")
  end,
}
"""#)
}
