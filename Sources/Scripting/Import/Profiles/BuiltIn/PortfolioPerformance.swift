extension BuiltInProfiles {
    /// Portfolio Performance's CSV export of account transactions.
    static let portfolioPerformance = ImportProfile(name: "portfolio-performance", source: #"""
-- Portfolio Performance: the CSV export of all transactions (File → Export → CSV), with
-- English labels. Written from the publisher's documented columns, not from a real export.
-- The delimiter and the number format follow the user's locale, so each cell is read by
-- its own marks ("1.234,50" and "1,234.50" both work; an ambiguous "1,234" is refused).
-- Value is the cash moved, fees and taxes included; signs are dropped once the type is known.
-- Dates are yyyy-MM-dd, with or without a time.
--
-- Row kinds: Buy / Sell (also Delivery (Inbound) / (Outbound) → transfer in / out at
-- its value) → buy / sell (price = (Value ∓ fees ∓ taxes) ÷ Shares, exact); Deposit →
-- deposit; Removal → withdrawal; Interest → interest; Interest Charge, Fees → fee; Fees
-- Refund → interest; Dividend → dividend (Value is net; Taxes the tax withheld); Taxes →
-- tax; Tax Refund → dividend. A transfer between PP's own accounts is skipped.

local function blank(v) return v == nil or v == "" end
local function amount(v) if blank(v) then return D(0) end local x = num(v) if x < D(0) then return -x end return x end

return {
  name = "portfolio-performance",
  title = "Portfolio Performance",
  platform = "Portfolio Performance",
  summary = "CSV export of transactions (English labels)",
  headers = { "Date", "Type", "Value", "Transaction Currency", "Shares", "Security Name" },
  decimal = "auto",
  row = function(r)
    local t, date, cur = r["Type"], (r["Date"] or ""):sub(1, 10), r["Transaction Currency"]
    local value, fees, taxes = amount(r["Value"]), amount(r["Fees"]), amount(r["Taxes"])
    local security = not blank(r["Ticker Symbol"]) and r["Ticker Symbol"] or r["Security Name"]
    if t == "Buy" or t == "Sell" then
      local q = amount(r["Shares"])
      return { { kind = t:lower(), date = date, asset = security, currency = cur, cash_currency = cur, quantity = q,
                 fees = fees + taxes, amount = value, note = r["Note"] } }
    end
    if t == "Delivery (Inbound)" or t == "Delivery (Outbound)" then
      local q = amount(r["Shares"])
      return { { kind = t == "Delivery (Inbound)" and "transfer_in" or "transfer_out", date = date, asset = security, currency = cur,
                 quantity = q, cost_basis = t == "Delivery (Inbound)" and value or nil, price = round(value / q, 8) } }
    end
    if t == "Dividend" then
      return { { kind = "dividend", date = date, asset = security, currency = cur, cash_currency = cur, net = value, tax = taxes, note = r["Note"] } }
    end
    local simple = { Deposit = "deposit", Removal = "withdrawal", Interest = "interest", ["Interest Charge"] = "fee", Fees = "fee",
                     ["Fees Refund"] = "interest", Taxes = "tax" }
    if simple[t] then
      local op = { kind = simple[t], date = date, cash_currency = cur, amount = value, note = r["Note"] }
      if (t == "Fees" or t == "Taxes") and not blank(security) then op.asset = security end
      return { op }
    end
    if t == "Tax Refund" then return { { kind = "dividend", date = date, asset = security, currency = cur, cash_currency = cur, net = value, note = "Tax refund" } } end
    if t == "Transfer (Inbound)" or t == "Transfer (Outbound)" then return nil, "a move between Portfolio Performance's own accounts" end
    error("unknown Portfolio Performance type '" .. tostring(t) .. "'")
  end,
}
"""#)
}
