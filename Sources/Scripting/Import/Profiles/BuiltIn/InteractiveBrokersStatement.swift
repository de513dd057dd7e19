extension BuiltInProfiles {
    /// Interactive Brokers activity statement, CSV.
    static let ibkrStatement = ImportProfile(name: "ibkr-statement", source: #"""
-- Interactive Brokers: the activity statement in CSV. Written from the publisher's
-- documented sections and open-source importers' notes, not from a real export. Every
-- line is "Section,Header|Data|SubTotal|Total|Notes,…"; a Header line names the columns of
-- the Data lines after it (a section may restart its header), so the rows are read raw.
-- Cash moves in each row's own currency.
--
-- Sections: Trades (Stocks; Order rows only: Trade and ClosedLot rows detail them) → buy or
-- sell by the quantity's sign, Comm/Fee the fees, Proceeds the cash; Trades (Forex, such as
-- EUR.USD) → conversion, its commission a fee; Dividends → dividend on the symbol before "("; Withholding Tax →
-- tax (positive: refund); Deposits & Withdrawals → by sign; Fees → fee (positive: refund);
-- Interest → interest (negative: fee); Corporate Actions "… Split N for M" → split by the
-- quantity added. Other sections (Statement, Net Asset Value, Open Positions, …) and
-- SubTotal, Total and Notes lines are skipped. Anything else in a booked section is an error.

local columns = {}   -- section → { column name → position }

local booked = { Trades = true, Dividends = true, ["Withholding Tax"] = true, ["Deposits & Withdrawals"] = true, Fees = true,
                 Interest = true, ["Corporate Actions"] = true }

local function symbol(description) return (description or ""):match("^([%w%.%- ]+)%(") end

return {
  name = "ibkr-statement",
  title = "Interactive Brokers (activity statement)",
  platform = "Interactive Brokers",
  summary = "activity statement CSV (sections)",
  headers = { "Statement", "Header", "Field Name", "Field Value" },
  raw = true,
  decimal = "point",
  row = function(r)
    local section, kind = r[1], r[2]
    if kind == "Header" then
      local map = {}
      for i = 3, #r do map[r[i]] = i end
      columns[section] = map
      return nil, "the columns of " .. section
    end
    if kind ~= "Data" or not booked[section] then return nil, section .. " " .. tostring(kind) end
    local c = columns[section] or error("a " .. section .. " row before its header")
    local function f(name) local i = c[name] return i and r[i] or nil end
    local currency = f("Currency")
    if r[3] == "Total" or currency == "Total" or (currency or ""):match("^Total") then return nil, "a total line" end
    if section == "Trades" then
      if f("DataDiscriminator") ~= nil and f("DataDiscriminator") ~= "Order" then return nil, "detail of an Order row" end
      local date = (f("Date/Time") or ""):sub(1, 10)
      local q, category = num(f("Quantity")), f("Asset Category")
      if category == "Forex" then
        local base, quote = f("Symbol"):match("^(%a%a%a)%.(%a%a%a)$")
        local proceeds, fee = num(f("Proceeds")), num(f("Comm/Fee") or "0") or D(0)
        local ops
        if q > D(0) then
          ops = { { kind = "conversion", date = date, cash_currency = quote, amount = proceeds, to_currency = base, to_amount = q } }
        else
          ops = { { kind = "conversion", date = date, cash_currency = base, amount = q, to_currency = quote, to_amount = proceeds } }
        end
        if fee ~= D(0) then ops[2] = { kind = "fee", date = date, cash_currency = currency, amount = fee, note = "Forex commission" } end
        return ops
      end
      if category ~= "Stocks" then error("trades in " .. tostring(category) .. " are not supported: leave that section out") end
      local proceeds, fee = num(f("Proceeds")), num(f("Comm/Fee")) or D(0)
      if fee < D(0) then fee = -fee end
      if proceeds < D(0) then proceeds = -proceeds end
      return { { kind = q > D(0) and "buy" or "sell", date = date, asset = f("Symbol"), currency = currency, cash_currency = currency,
                 quantity = q, price = f("T. Price"), fees = fee, amount = q > D(0) and proceeds + fee or proceeds - fee } }
    end
    local date, amount, description = f("Date") or f("Settle Date") or (f("Date/Time") or ""):sub(1, 10), num(f("Amount")), f("Description")
    if section == "Dividends" then
      return { { kind = "dividend", date = date, asset = symbol(description), cash_currency = currency, currency = currency, net = amount, note = description } }
    end
    if section == "Withholding Tax" then
      if amount > D(0) then
        return { { kind = "dividend", date = date, asset = symbol(description), cash_currency = currency, currency = currency, net = amount, note = "Tax refund: " .. description } }
      end
      return { { kind = "tax", date = date, asset = symbol(description), cash_currency = currency, amount = amount, note = description } }
    end
    if section == "Deposits & Withdrawals" then
      return { { kind = amount > D(0) and "deposit" or "withdrawal", date = date, cash_currency = currency, amount = amount, note = description } }
    end
    if section == "Fees" then
      return { { kind = amount > D(0) and "interest" or "fee", date = date, cash_currency = currency, amount = amount, note = description } }
    end
    if section == "Interest" then
      return { { kind = amount > D(0) and "interest" or "fee", date = date, cash_currency = currency, amount = amount, note = description } }
    end
    if section == "Corporate Actions" then
      if (description or ""):match("[Ss]plit") then
        return { { kind = "split", date = (f("Date/Time") or f("Report Date") or ""):sub(1, 10), asset = symbol(description),
                   quantity = f("Quantity"), note = description } }
      end
      error("corporate action not supported: " .. tostring(description))
    end
  end,
}
"""#)
}
