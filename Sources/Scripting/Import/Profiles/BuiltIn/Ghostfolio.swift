extension BuiltInProfiles {
    /// Ghostfolio's activities CSV.
    static let ghostfolio = ImportProfile(name: "ghostfolio", source: #"""
-- Ghostfolio: the activities CSV its import reads (Date, Code, DataSource, Currency,
-- Price, Quantity, Action, Fee, Note). Written from the publisher's documented columns,
-- not from a real export. Dates are dd-MM-yyyy, dd/MM/yyyy, dd.MM.yyyy, yyyy-MM-dd,
-- yyyy/MM/dd, yyyy.MM.dd or yyyyMMdd (never MM/dd/yyyy). Ghostfolio has no deposits or
-- withdrawals, so trades move no cash; dividends, interest and fees are paid into (out of)
-- the platform's cash in the row's currency.
--
-- Row kinds (Action, any case): buy → buy; sell → sell; dividend → dividend of quantity ×
-- price; interest → interest of quantity × price; fee → fee (the Fee column); liability → refused.

local function iso(text)
  local y, m, d = text:match("^(%d%d%d%d)[%-/%.](%d%d)[%-/%.](%d%d)")
  if y then return y .. "-" .. m .. "-" .. d end
  d, m, y = text:match("^(%d%d)[%-/%.](%d%d)[%-/%.](%d%d%d%d)")
  if y then return y .. "-" .. m .. "-" .. d end
  y, m, d = text:match("^(%d%d%d%d)(%d%d)(%d%d)$")
  if y then return y .. "-" .. m .. "-" .. d end
  error("cannot read the date '" .. text .. "' (Ghostfolio's formats: dd-MM-yyyy, yyyy-MM-dd, yyyyMMdd …)")
end

return {
  name = "ghostfolio",
  title = "Ghostfolio",
  platform = "Ghostfolio",
  summary = "activities CSV",
  headers = { "Date", "Code", "Currency", "Price", "Quantity", "Action", "Fee" },
  decimal = "point",
  row = function(r)
    local action, date, cur = (r["Action"] or ""):lower(), iso(r["Date"]), r["Currency"]
    local note = r["Note"]
    if action == "buy" or action == "sell" then
      return { { kind = action, date = date, asset = r["Code"], currency = cur, cash_currency = cur, quantity = r["Quantity"],
                 price = r["Price"], fees = r["Fee"], cash = false, note = note } }
    end
    if action == "dividend" or action == "interest" then
      local amount = num(r["Quantity"]) * num(r["Price"])
      if action == "dividend" then
        return { { kind = "dividend", date = date, asset = r["Code"], currency = cur, cash_currency = cur, net = amount, note = note } }
      end
      return { { kind = "interest", date = date, cash_currency = cur, amount = amount, note = note } }
    end
    if action == "fee" then return { { kind = "fee", date = date, cash_currency = cur, amount = r["Fee"], note = note } } end
    error("Ghostfolio action '" .. tostring(r["Action"]) .. "' is not something a holding can record")
  end,
}
"""#)
}
