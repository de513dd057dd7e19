extension BuiltInProfiles {
    /// Vanguard UK (Investor) Client Transactions Listing, saved as CSV.
    static let vanguardUK = ImportProfile(name: "vanguard-uk", source: #"""
-- Vanguard UK (Investor): the Client Transactions Listing (Documents → Report Generator),
-- one account's worksheet saved as CSV. Written from the publisher's documented layout and
-- open-source importers' notes, not from a real export. The sheet holds two tables under
-- their titles: "Cash Transactions" (Date, Details, Amount, Balance; closed by a "Balance"
-- line) and "Investment Transactions" (Date, InvestmentName, TransactionDetails, Quantity,
-- Price, Cost; closed by a "Cost" line). The cash table is the record: it books every
-- movement with its cash, and the investment table repeats its trades, so it is left out.
-- Dates are DD/MM/YYYY; the account is in GBP. A file with these columns but without the
-- "Cash Transactions" title is refused (it is someone else's file).
--
-- Row kinds (the Details text): "Bought N NAME (TICKER)" → buy of N ("1,550", ".9232") at
-- Amount ÷ N, the asset named by the ticker in the last parentheses, else by the whole
-- name; "Sold N NAME (TICKER)" → sell; "DIV: FOO.XLON.GB @ GBP 0.4106" → dividend of FOO;
-- "Cash Account Interest" → interest; "Regular Deposit", "Deposit for/via …", "Cash
-- transfer …", "Payment by …" → deposit or withdrawal by the Amount's sign; "Account Fee
-- …", "ETF dealing fee" → fee. Refused, to be recorded by hand: a "Reversal of …" row (it
-- does not say which row it reverses) and "Selling of account investments for payment of
-- Account Fee" (its units are only in the investment table).

local titled = false
local section = "cash"

local function abs(x) if x < D(0) then return -x end return x end

local function units(text)
  local plain = text:gsub(",", "")
  if plain:sub(1, 1) == "." then plain = "0" .. plain end
  return D(plain)
end

-- "Foo ETF Distributing (FOO)" → FOO; "U.S. Equity Index Fund - Accumulation" → itself.
local function assetName(name)
  local ticker = name:match("%(([%u%d%.]+)%)%s*$")
  return ticker or (name:gsub("^%s+", ""):gsub("%s+$", ""))
end

local function starts(text, prefixes)
  local lower = text:lower()
  for _, p in ipairs(prefixes) do if lower:sub(1, #p) == p then return true end end
  return false
end

local function cashRow(date, details, amount)
  local size = abs(amount)
  local verb, n, name = details:match("^(%a+) ([%d%.,]+) (.+)$")
  if verb == "Bought" or verb == "Sold" then
    return { { kind = verb == "Bought" and "buy" or "sell", date = date, asset = assetName(name), quantity = units(n), amount = size, note = details } }
  end
  local ticker = details:match("^DIV: ([%w]+)[%.%s]")
  if ticker then return { { kind = "dividend", date = date, asset = ticker, net = size, note = details } } end
  if starts(details, { "reversal of", "selling of account investments" }) then
    error("'" .. details .. "' is not read: record it by hand")
  end
  if starts(details, { "cash account interest" }) then return { { kind = "interest", date = date, amount = size, note = details } } end
  if starts(details, { "account fee", "etf dealing fee" }) then return { { kind = "fee", date = date, amount = size, note = details } } end
  if starts(details, { "regular deposit", "deposit for", "deposit via", "cash transfer", "payment by" }) then
    return { { kind = amount > D(0) and "deposit" or "withdrawal", date = date, amount = size, note = details } }
  end
  error("unknown Vanguard UK cash row '" .. details .. "'")
end

return {
  name = "vanguard-uk",
  title = "Vanguard UK",
  platform = "Vanguard UK",
  summary = "Client Transactions Listing saved as CSV (its Cash Transactions table)",
  headers = { "Date", "Details", "Amount", "Balance" },
  currency = "GBP",
  decimal = "point",
  date_format = "DD/MM/YYYY",
  raw = true,
  preamble = function(lines)
    for _, cells in ipairs(lines) do
      if (cells[1] or ""):match("^%s*Cash Transactions%s*$") then titled = true end
    end
    if not titled then
      error("this file has the columns of Vanguard UK's cash table but not its 'Cash Transactions' title; "
            .. "for another broker's file use assetflow import transactions FILE --map …")
    end
  end,
  row = function(r)
    local first = (r[1] or ""):gsub("^%s+", ""):gsub("%s+$", "")
    if first == "Investment Transactions" then section = "investments"; return nil, "the investment table's title" end
    if section == "investments" then return nil, "the investment table repeats the cash table's trades" end
    if first == "Date" then return nil, "the cash table's header" end
    if first == "Balance" then section = "after"; return nil, "the cash table's closing balance" end
    if section ~= "cash" then error("a line after the cash table's closing balance: '" .. first .. "'") end
    local amount = num(r[3])
    if amount == nil then error("no Amount") end
    return cashRow(first, r[2] or "", amount)
  end,
}
"""#)
}
