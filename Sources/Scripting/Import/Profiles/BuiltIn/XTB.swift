extension BuiltInProfiles {
    /// XTB (xStation 5) cash operations export.
    static let xtb = ImportProfile(name: "xtb", source: #"""
-- XTB: xStation 5's cash operations export (Account history → Cash operations → Export,
-- report "Cash Operations"). Written from the publisher's documented columns and
-- open-source importers' notes, not from a real export. Two layouts are read, by header
-- name: the classic CSV (ID, Type, Time, Comment, Symbol, Amount, in either order of Comment
-- and Symbol; semicolons, trailing empty columns, DD.MM.YYYY HH:MM:SS) and the 2025 sheet
-- saved as CSV (Type, Ticker, Instrument, Time, Amount, ID, Comment, Product under a title
-- block, ISO times, numbers in the user's locale, a "Total" line at the end). One file is
-- one account in one currency and has no currency column: Amount is always in the account's
-- currency, which the title block names ("Currency;EUR") or --currency gives. Types follow
-- the user's language (EN, PL, DE, PT are read); ID is the broker id.
--
-- Row kinds: Stocks/ETF purchase (Stock purchase, ETF purchase, Zakup akcji/ETF, Kauf
-- Aktien/ETFs, Ações/ETF compra) → buy, the quantity before "/" in the Comment ("OPEN BUY
-- 34/42.5658 @ 11.7480": 34 of an order of 42.5658). The price after "@" is in the
-- instrument's currency, which the file does not give: the asset is kept in the account's
-- currency at Amount ÷ quantity (the cost exact), the Comment as its note. Stocks/ETF sale
-- (Stock sale, Stock sell, ETF sale, Sprzedaż akcji/ETF, Aktien/ETF Verkauf, Ações/ETF
-- vende) → sell ("CLOSE BUY 2/5 @ 150.10"). Dividend (Divident, Dywidenda) → dividend, its
-- Amount gross; Withholding tax (Podatek od dywidend) → tax on the symbol (positive: a
-- refund). Free funds interest(s) (Free-funds Interest, Odsetki od wolnych środków) →
-- interest (a negative correction: fee); its tax (Podatek od odsetek…) → tax. Deposit
-- (Wpłata, IKE deposit, IKE cash transfer in), Withdrawal (Wypłata), Transfer, Subaccount
-- transfer → deposit or withdrawal by the Amount's sign. SEC fee, Commission → fee on the
-- symbol (positive: a refund, as interest); Tax IFTT and other transaction taxes → tax on
-- the symbol. Skipped with the reason: CFD and FX rows (Swap, Rollover, Profit/Loss,
-- Zysk/Strata, Dividend equivalent, any row of a symbol without an exchange suffix such as
-- US500, GOLD, EURUSD: AssetFlow keeps no CFD positions, so their cash is not booked), a
-- spin-off's cash (record the spin-off itself) and the "Total" line. The 2025 sheet's
-- "close trade" row of a stock (the P/L of a sale, paired with it) is refused: not read yet.

local account = nil   -- the account's currency, from the title block

local buys = { ["stocks/etf purchase"] = true, ["stock purchase"] = true, ["etf purchase"] = true, ["zakup akcji/etf"] = true,
               ["kauf aktien/etfs"] = true, ["ações/etf compra"] = true }
local sells = { ["stocks/etf sale"] = true, ["stock sale"] = true, ["stocks sale"] = true, ["stock sell"] = true, ["etf sale"] = true,
                ["sprzedaż akcji/etf"] = true, ["aktien/etf verkauf"] = true, ["ações/etf vende"] = true }
local dividends = { ["dividend"] = true, ["divident"] = true, ["dywidenda"] = true }
local withholding = { ["withholding tax"] = true, ["podatek od dywidend"] = true }
local interest = { ["free funds interests"] = true, ["free funds interest"] = true, ["free-funds interest"] = true,
                   ["odsetki od wolnych środków"] = true }
local interestTax = { ["free funds interests tax"] = true, ["free funds interest tax"] = true, ["free-funds interest tax"] = true,
                      ["podatek od odsetek od wolnych środków"] = true }
local cashMoves = { ["deposit"] = true, ["wpłata"] = true, ["ike deposit"] = true, ["ike cash transfer in"] = true,
                    ["withdrawal"] = true, ["wypłata"] = true, ["transfer"] = true, ["subaccount transfer"] = true }
local fees = { ["sec fee"] = true, ["commission"] = true }
local cfd = { ["swap"] = true, ["rollover"] = true, ["profit/loss (fx/cfd)"] = true, ["profit/loss"] = true, ["zysk/strata"] = true,
              ["dividend equivalent"] = true }

local function trim(s) return ((s or ""):gsub("^%s+", ""):gsub("%s+$", "")) end

-- "12.04.2024 13:01:45", "02/03/2025 13:19:00" (day first) or "2025-10-01 10:00:00" → ISO.
local function day(t)
  t = trim(t)
  local y, m, d = t:match("^(%d%d%d%d)-(%d%d)-(%d%d)")
  if y then return y .. "-" .. m .. "-" .. d end
  d, m, y = t:match("^(%d%d)[./](%d%d)[./](%d%d%d%d)")
  if d then return y .. "-" .. m .. "-" .. d end
  error("cannot read the time '" .. t .. "' (expected DD.MM.YYYY HH:MM:SS or YYYY-MM-DD HH:MM:SS)")
end

-- A stock or ETF carries an exchange suffix (AAPL.US, CDR.PL, SPYL.DE); a CFD does not
-- (US500, GOLD, EURUSD, OIL.WTI, US30.cash).
local function isCFD(symbol, product)
  if product == "CFD" then return true end
  return symbol ~= "" and not symbol:match("%.%u%u$")
end

local function trade(kind, r, date, symbol, amount)
  local comment = trim(r["Comment"])
  local q = comment:match("BUY%s+([%d%.]+)[^@]*@%s*[%d%.]+")
  if not q then error("cannot read the quantity in the comment '" .. comment .. "' (expected OPEN BUY N @ PRICE)") end
  if amount < D(0) then amount = -amount end
  return { { kind = kind, date = date, asset = symbol, cash_currency = account, quantity = D(q), amount = amount, note = comment } }
end

return {
  name = "xtb",
  title = "XTB",
  platform = "XTB",
  summary = "cash operations export (classic CSV or the 2025 sheet), in EN, PL, DE or PT",
  headers = {
    { "ID", "Type", "Time", "Comment", "Symbol", "Amount" },
    { "Type", "Instrument", "Time", "Amount", "ID", "Comment" },
  },
  decimal = "auto",
  id = "ID",
  preamble = function(lines)
    for _, cells in ipairs(lines) do
      for i, cell in ipairs(cells) do
        local label, code = trim(cell):match("^(%a+)%s*:?%s*(%a*)$")
        if label and (label:lower() == "currency" or label:lower() == "waluta") then
          if code == "" then code = trim(cells[i + 1]) end
          if not code:match("^%a%a%a$") then error("the title block's currency '" .. code .. "' is not a currency code") end
          account = code:upper()
        end
      end
    end
  end,
  row = function(r)
    local t = trim(r["Type"]):lower()
    if t == "total" or t == "razem" then return nil, "the total line" end
    local symbol = trim(r["Symbol"] or r["Ticker"])
    if symbol == "" then symbol = trim(r["Instrument"]) end
    local product = trim(r["Product"])
    if cfd[t] or isCFD(symbol, product) then
      return nil, "a CFD or FX row (" .. trim(r["Type"]) .. " " .. symbol .. ", " .. trim(r["Amount"]) .. "): AssetFlow keeps no CFD positions; its cash is not booked"
    end
    local date, amount = day(r["Time"]), num(r["Amount"])
    if amount == nil then error("no Amount") end
    local positive = amount > D(0)
    local size = positive and amount or -amount
    local comment = trim(r["Comment"])
    if buys[t] then return trade("buy", r, date, symbol, amount) end
    if sells[t] then return trade("sell", r, date, symbol, amount) end
    if dividends[t] then
      if not positive then error("a negative dividend (" .. comment .. "): record its reversal by hand") end
      return { { kind = "dividend", date = date, asset = symbol, cash_currency = account, net = size, note = comment } }
    end
    if withholding[t] or t:sub(1, 6) == "tax if" then
      if positive then
        return { { kind = "dividend", date = date, asset = symbol, cash_currency = account, net = size, note = "Tax refund: " .. comment } }
      end
      return { { kind = "tax", date = date, asset = symbol, cash_currency = account, amount = size, note = comment } }
    end
    if interest[t] then return { { kind = positive and "interest" or "fee", date = date, cash_currency = account, amount = size, note = comment } } end
    -- The tax on the cash's interest names the cash as what it is about (when the title block gave its
    -- currency), so the income figures net it.
    if interestTax[t] then
      return { { kind = positive and "interest" or "tax", date = date, asset = account and "XTB " .. account or nil, cash_currency = account, amount = size, note = comment } }
    end
    if cashMoves[t] then return { { kind = positive and "deposit" or "withdrawal", date = date, cash_currency = account, amount = size, note = comment } } end
    if fees[t] then
      local op = { kind = positive and "interest" or "fee", date = date, cash_currency = account, amount = size, note = comment }
      if symbol ~= "" then op.asset = symbol end
      return { op }
    end
    if t == "spin off" then
      return nil, "a spin-off's cash (" .. comment .. ", " .. trim(r["Amount"]) .. "): record the spin-off itself; its cash is not booked"
    end
    if t == "close trade" then error("a 'close trade' row of " .. symbol .. " (the P/L of a sale in the 2025 sheet) is not read yet: export the classic CSV") end
    error("unknown XTB type '" .. trim(r["Type"]) .. "'")
  end,
}
"""#)
}
