extension BuiltInProfiles {
    /// Vanguard (US brokerage) transaction download.
    static let vanguard = ImportProfile(name: "vanguard", source: #"""
-- Vanguard (US brokerage): Balances → Download center → CSV (OfxDownload.csv). Written from
-- the publisher's documented columns and open-source importers' notes, not from a real
-- export. The file is two tables: the holdings (Account Number, Investment Name, Symbol,
-- Shares, Share Price, Total Value), then after blank lines the transactions, whose header
-- this profile recognizes; the holdings lines above it are left out. Both headers end with
-- a comma (an empty last column). Rows are newest first; dates are MM/DD/YYYY, the Trade
-- Date is the one used; Principal and Net Amount are signed; the fee column is "Commission
-- Fees" or "Commissions and Fees". The account is in USD; its cash is the settlement fund
-- (Vanguard Federal Money Market, VMFXX), so a row of that fund, or without a symbol, is a
-- movement of the account's cash.
--
-- Row kinds: Buy → buy (Shares at Share Price, the fee column its fees, Net Amount the cash
-- paid); Sell → sell (Net Amount the cash received); Reinvestment → buy of the shares the
-- dividend paid for (of the settlement fund: skipped, the cash stays cash); Dividend,
-- Capital gain (LT), Capital gain (ST) → dividend (of the settlement fund: interest on the
-- cash); Interest → interest; Funds Received → deposit; Withdrawal → withdrawal; Fee →
-- fee; Sweep in, Sweep out → skipped (moves between the settlement fund and a purchase,
-- which the trade's own row already books). Vanguard's complete list of types is not
-- published: any other type is an error naming it.

local settlement = { VMFXX = true }

local function abs(x) if x < D(0) then return -x end return x end
local function blank(v) return v == nil or v == "" end
local function money(v) if blank(v) then return D(0) end return abs(num(v)) end

return {
  name = "vanguard",
  title = "Vanguard",
  platform = "Vanguard",
  summary = "US brokerage download (OfxDownload.csv, the transactions table)",
  headers = { "Account Number", "Trade Date", "Settlement Date", "Transaction Type", "Transaction Description", "Investment Name",
              "Symbol", "Shares", "Share Price", "Principal Amount", "Net Amount" },
  currency = "USD",
  decimal = "point",
  date_format = "MM/DD/YYYY",
  row = function(r)
    local t, date = r["Transaction Type"] or "", r["Trade Date"]
    local symbol = (r["Symbol"] or ""):gsub("^%s+", ""):gsub("%s+$", "")
    local cash = symbol == "" or settlement[symbol:upper()]
    local net = money(r["Net Amount"])
    local note = r["Transaction Description"]
    if t == "Buy" or t == "Sell" or (t == "Reinvestment" and not cash) then
      if cash then error("a " .. t .. " without a symbol") end
      return { { kind = t == "Sell" and "sell" or "buy", date = date, asset = symbol, quantity = abs(num(r["Shares"])),
                 price = r["Share Price"], fees = money(r["Commission Fees"] or r["Commissions and Fees"]), amount = net, note = note } }
    end
    if t == "Reinvestment" then return nil, "reinvested in the settlement fund, which is the account's cash" end
    if t == "Dividend" or t == "Capital gain (LT)" or t == "Capital gain (ST)" then
      if cash then return { { kind = "interest", date = date, amount = net, note = note } } end
      return { { kind = "dividend", date = date, asset = symbol, net = net, note = note } }
    end
    if t == "Interest" then return { { kind = "interest", date = date, amount = net, note = note } } end
    if t == "Funds Received" then return { { kind = "deposit", date = date, amount = net, note = note } } end
    if t == "Withdrawal" then return { { kind = "withdrawal", date = date, amount = net, note = note } } end
    if t == "Fee" then
      local op = { kind = "fee", date = date, amount = net, note = note }
      if not cash then op.asset = symbol end
      return { op }
    end
    if t == "Sweep in" or t == "Sweep out" then return nil, "a sweep of the settlement fund: the trade's own row books the cash" end
    error("unknown Vanguard transaction type '" .. t .. "'")
  end,
}
"""#)
}
