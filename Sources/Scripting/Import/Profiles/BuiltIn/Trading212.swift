extension BuiltInProfiles {
    /// Trading 212 (Invest and ISA "History" export).
    static let trading212 = ImportProfile(name: "trading212", source: #"""
-- Trading 212: the Invest / ISA account history export (History → Export → CSV).
-- Written from the publisher's documented columns and open-source importers' notes, not
-- from a real export. Columns come and go with the rows a file needs, so every column
-- but the four below is optional; "Time" became "Time (UTC)" in 2026; older files name the
-- account currency in the header ("Total (EUR)").
--
-- Row kinds: Market/Limit/Stop buy → buy; … sell → sell (Total is the net cash, in the
-- account currency; a buy's fees are Total − quantity × price when the security is in the
-- account's currency); Dividend (…) → dividend (Price / share is net of withholding; the tax
-- is in the security's currency and is converted at the row's own net ratio); Interest on
-- cash, Lending interest, Spending cashback → interest; Deposit, Card credit → deposit;
-- Withdrawal, Card debit → withdrawal; Currency conversion → conversion (from the
-- from/to columns, else from Notes "100.00 EUR -> 108.50 USD"); Stock split close/open →
-- units out and in, cost basis kept; Stock distribution, Stock dividends, Scrip stock
-- dividends → stock dividend; Transfer in/out → security transfer at its price. GBX prices
-- are pence: divided by 100 and booked in GBP. Anything else is an error.

local ZERO = D(0)  -- made once (a decimal never changes), not once per row

-- The first non-empty of the named cells: `names` is a table made once, so a call makes no
-- table and calls no function (it runs several times a row).
local function cell(r, names)
  for i = 1, #names do
    local v = r[names[i]]
    if v ~= nil and v ~= "" then return v end
  end
  return nil
end

-- The cell, nil when empty.
local function given(v)
  if v ~= "" then return v end
  return nil
end

local TIME = { "Time", "Time (UTC)" }
local TOTAL = { "Total", "Total (EUR)", "Total (GBP)", "Total (USD)", "Total (CHF)", "Total (PLN)" }

local function total(r)
  return cell(r, TOTAL)
end

local function account(r)
  return given(r["Currency (Total)"]) or (r["Total (EUR)"] and "EUR") or (r["Total (GBP)"] and "GBP")
      or (r["Total (USD)"] and "USD") or (r["Total (CHF)"] and "CHF") or (r["Total (PLN)"] and "PLN")
end

-- The price and its currency; pence become pounds.
local function price(r)
  local p, cur = num(r["Price / share"]), given(r["Currency (Price / share)"])
  if cur == "GBX" or cur == "GBp" then return p / 100, "GBP" end
  return p, cur
end

local function trade(kind, r, date)
  local p, cur = price(r)
  local q, cash = num(r["No. of shares"]), account(r)
  local amount = num(total(r))
  local op = { kind = kind, date = date, asset = r["Ticker"], quantity = q, price = p, currency = cur,
               cash_currency = cash, amount = amount, note = r["Name"] }
  if cur == nil or cur == cash then
    local fees = kind == "buy" and amount - q * p or q * p - amount
    if fees > ZERO then op.fees = fees end
    op.currency = cash
  end
  return op
end

local function dividend(r, date)
  local p, cur = price(r)
  local q, cash = num(r["No. of shares"]), account(r)
  local net = num(total(r))
  local withheld = num(given(r["Withholding tax"]) or "0") or ZERO
  if withheld < ZERO then withheld = -withheld end
  local tax = withheld
  if cur ~= nil and cur ~= cash and withheld > ZERO then
    tax = round(withheld * net / (q * p), 2)   -- the tax in the account's currency
  end
  return { kind = "dividend", date = date, asset = r["Ticker"], currency = cur or cash, cash_currency = cash,
           net = net, tax = tax, note = r["Action"] }
end

local function conversion(r, date)
  local from, fromCur = given(r["Currency conversion from amount"]), given(r["Currency (Currency conversion from amount)"])
  local to, toCur = given(r["Currency conversion to amount"]), given(r["Currency (Currency conversion to amount)"])
  if not from then
    from, fromCur, to, toCur = (r["Notes"] or ""):match("([%d%.,]+)%s*(%a%a%a)%s*%->%s*([%d%.,]+)%s*(%a%a%a)")
  end
  if not from then error("a currency conversion without its amounts (Notes: '" .. tostring(r["Notes"]) .. "')") end
  return { kind = "conversion", date = date, cash_currency = fromCur, amount = from, to_currency = toCur, to_amount = to }
end

-- "buy", "sell", "dividend" or false for an Action text, worked out once per distinct text
-- (a file repeats a few; at most 256 kept, so a file of odd texts cannot grow the memo).
local tradeKinds, tradeKindCount = {}, 0
local function tradeKind(action)
  local kind = tradeKinds[action]
  if kind ~= nil then return kind end
  local lower = action:lower()
  kind = (lower:match(" buy$") and "buy") or (lower:match(" sell$") and "sell") or (action:match("^Dividend %(") and "dividend") or false
  if tradeKindCount < 256 then tradeKinds[action], tradeKindCount = kind, tradeKindCount + 1 end
  return kind
end

local cashKinds = {
  ["Deposit"] = "deposit", ["Card credit"] = "deposit",
  ["Withdrawal"] = "withdrawal", ["Card debit"] = "withdrawal",
  ["Interest on cash"] = "interest", ["Lending interest"] = "interest", ["Spending cashback"] = "interest",
}

return {
  name = "trading212",
  title = "Trading 212",
  platform = "Trading 212",
  summary = "Invest / ISA history export",
  headers = { "Action", "Ticker", "No. of shares", "Price / share" },
  decimal = "point",
  id = "ID",
  row = function(r)
    local action = r["Action"]
    local date = cell(r, TIME)
    local traded = tradeKind(action)
    if traded == "buy" or traded == "sell" then return { trade(traded, r, date) } end
    if traded == "dividend" then return { dividend(r, date) } end
    if action == "Dividend adjustment" then
      local amount = num(total(r))
      return { { kind = amount < ZERO and "withdrawal" or "deposit", date = date, cash_currency = account(r), amount = amount,
                 note = "Dividend adjustment " .. (r["Notes"] or "") } }
    end
    local kind = cashKinds[action]
    if kind then return { { kind = kind, date = date, cash_currency = account(r), amount = total(r), note = action } } end
    if action == "Currency conversion" then return { conversion(r, date) } end
    if action == "Stock split close" then
      return { { kind = "split", date = date, asset = r["Ticker"], quantity = -num(r["No. of shares"]), note = "Stock split (old units)" } }
    end
    if action == "Stock split open" then
      return { { kind = "split", date = date, asset = r["Ticker"], quantity = num(r["No. of shares"]), note = "Stock split (new units)" } }
    end
    if action == "Stock distribution" or action == "Stock dividends" or action == "Scrip stock dividends" then
      return { { kind = "stock_dividend", date = date, asset = r["Ticker"], quantity = r["No. of shares"], note = action } }
    end
    if action == "Transfer in" or action == "Transfer out" then
      local p, cur = price(r)
      local q = num(r["No. of shares"])
      return { { kind = action == "Transfer in" and "transfer_in" or "transfer_out", date = date, asset = r["Ticker"],
                 quantity = q, price = p, currency = cur, cost_basis = action == "Transfer in" and q * p or nil } }
    end
    error("unknown Trading 212 action '" .. action .. "'")
  end,
}
"""#)
}
