extension BuiltInProfiles {
    /// DEGIRO account statement (Account.csv).
    static let degiro = ImportProfile(name: "degiro", source: #"""
-- DEGIRO: the account statement (Inbox/Activity → Account statement → CSV, "Account.csv";
-- NL "Rekeningoverzicht"). Written from the publisher's documented columns and open-source
-- importers' notes, not from a real export. The header and the descriptions follow the
-- user's language (NL, EN, DE, FR, ES, PT, IT are read); the rows are newest first; each
-- money column is followed by an unnamed one, so cells are read by position: 1 date,
-- 6 description, 8 currency of the movement, 9 signed amount, 12 order id. Numbers are in
-- the user's locale and DEGIRO mixes both styles: the last mark is the decimal mark.
--
-- Row kinds: "Koop/Buy/Kauf/Achat/Compra/Acquisto N … @ P CUR" → buy (the amount is the
-- trade's value in its currency, paid from that currency's cash); Verkoop/Sell/Verkauf/
-- Vente/Venda/Venta/Vendita → sell; Dividend/Dividende/Dividendo → dividend (gross); the
-- dividend taxes → tax on that product; transaction and connection fees → fee; the two FX
-- legs of an automatic conversion (Valuta Creditering/Debitering, FX Credit/Debit, …) →
-- one conversion, booked on the second leg; deposits, withdrawals, interest and promotions
-- → deposit, withdrawal, interest; cash sweeps between DEGIRO and flatex, reservations and
-- money-market fund bookkeeping → skipped with the reason; an Order Id wrapped onto its
-- own line → skipped. A row the profile does not know is an error.

local trade = {
  koop = "buy", buy = "buy", kauf = "buy", achat = "buy", compra = "buy", acquisto = "buy",
  verkoop = "sell", sell = "sell", verkauf = "sell", vente = "sell", venda = "sell", venta = "sell", vendita = "sell",
}

local function has(text, words)
  local lower = text:lower()
  for _, w in ipairs(words) do if lower:find(w, 1, true) then return true end end
  return false
end

local dividendTax = { "dividendbelasting", "dividend tax", "dividendensteuer", "impôts sur dividende", "imposto sobre dividendo",
                      "retención del dividendo", "ritenuta", "quellensteuer" }
local dividends = { "dividend", "dividende", "dividendo", "fund distribution" }
local fees = { "transactiekosten", "transaction and/or third party", "transaktionsgebühr", "frais de courtage", "comissões de transação",
               "comisiones de transacción", "commissioni", "aansluitingskosten", "connection fee", "verbindungskosten",
               "frais de connexion", "custo de conectividade", "costes de conexión", "costi di connessione", "corporate action kosten",
               "kosten", "fees" }
local fx = { "valuta creditering", "valuta debitering", "fx credit", "fx debit", "währungswechsel", "opération de change",
             "crédito de divisa", "levantamento de divisa", "cambio de divisa", "cambio valuta" }
local deposits = { "ideal deposit", "deposit", "storting", "einzahlung", "versement de fonds", "depósito", "ingreso", "deposito" }
local withdrawals = { "terugstorting", "withdrawal", "auszahlung", "retrait", "retirada", "levantamento", "prelievo" }
local interest = { "interest", "rente", "zinsen", "intérêts", "juros", "intereses", "interessi", "courtesy", "promotie", "promotion" }
local skips = { "cash sweep", "overboeking", "reservation", "reservering", "geldmarktfonds", "money market", "fonds monétaires",
                "geldmarkt", "flatex bank" }

local pending = nil   -- the first FX leg, waiting for its pair

local function fxLeg(r, date)
  local leg = { currency = r[8], amount = num(r[9]), order = r[12] or "", date = date }
  if pending == nil then
    pending = leg
    return nil, "currency conversion leg: booked with its other leg"
  end
  local a, b = pending, leg
  pending = nil
  if a.date ~= b.date or a.order ~= b.order or (a.amount < D(0)) == (b.amount < D(0)) then
    error("a currency conversion leg without its pair (" .. a.date .. " " .. a.currency .. ")")
  end
  local from, to = a, b
  if a.amount > D(0) then from, to = b, a end
  return { { kind = "conversion", date = date, cash_currency = from.currency, amount = -from.amount,
             to_currency = to.currency, to_amount = to.amount } }
end

return {
  name = "degiro",
  title = "DEGIRO",
  platform = "DEGIRO",
  summary = "account statement (Account.csv), in NL, EN, DE, FR, ES, PT or IT",
  headers = {
    { "Datum", "Tijd", "Valutadatum", "Product", "ISIN", "Omschrijving", "FX", "Mutatie", "Saldo", "Order Id" },
    { "Date", "Time", "Value date", "Product", "ISIN", "Description", "FX", "Change", "Balance", "Order Id" },
    { "Datum", "Uhrzeit", "Valutadatum", "Produkt", "ISIN", "Beschreibung", "FX", "Änderung", "Saldo", "Order-ID" },
    { "Date", "Heure", "Date de valeur", "Produit", "ISIN", "Description", "FX", "Mouvements", "Solde", "ID Ordre" },
    { "Fecha", "Hora", "Fecha valor", "Producto", "ISIN", "Descripción", "Tipo", "Variación", "Saldo", "ID Orden" },
    { "Data", "Hora", "Data Valor", "Produto", "ISIN", "Descrição", "T.", "Mudança", "Saldo", "ID da Ordem" },
    { "Data", "Ora", "Data valuta", "Prodotto", "ISIN", "Descrizione", "Tasso di cambio", "Variazioni", "Saldo", "ID Ordine" },
  },
  decimal = "last_mark",
  date_format = "DD-MM-YYYY",
  row = function(r)
    local date, product, description = r[1], r[4], r[6] or ""
    if (date == nil or date == "") and (r[12] or "") ~= "" then return nil, "the rest of the previous line's Order Id" end
    if has(description, skips) then return nil, "not a movement of this account: " .. description end
    if (r[9] or "") == "" then return nil, "no amount: " .. description end
    local amount, currency = num(r[9]), r[8]
    local verb, rest = description:match("^(%a+) (.*)$")
    local side = verb and trade[verb:lower()]
    if side then
      local qty, price, cur = rest:match("^([%d][%d%.,%s]*)%s.-@%s*([%d][%d%.,]*)%s+(%a%a%a)")
      if not qty then qty, price, cur = rest:match("^([%d][%d%.,%s]*)@%s*([%d][%d%.,]*)%s+(%a%a%a)") end
      if not qty then error("cannot read the quantity and price of '" .. description .. "'") end
      local isin = r[5]
      return { { kind = side, date = date, asset = product, currency = cur, cash_currency = currency,
                 quantity = qty, price = price, amount = amount, note = isin } }
    end
    if has(description, dividendTax) then
      if amount > D(0) then   -- a refund of tax
        return { { kind = "dividend", date = date, asset = product, cash_currency = currency, currency = currency, net = amount,
                   note = "Tax refund: " .. description } }
      end
      return { { kind = "tax", date = date, asset = product, cash_currency = currency, amount = amount, note = description } }
    end
    if has(description, fx) then return fxLeg(r, date) end
    if has(description, dividends) then
      return { { kind = "dividend", date = date, asset = product, cash_currency = currency, currency = currency, net = amount, note = description } }
    end
    if has(description, fees) then
      if amount > D(0) then return { { kind = "interest", date = date, cash_currency = currency, amount = amount, note = "Refund: " .. description } } end
      local op = { kind = "fee", date = date, cash_currency = currency, amount = amount, note = description }
      if product ~= nil and product ~= "" then op.asset = product end
      return { op }
    end
    if has(description, withdrawals) or has(description, deposits) then
      return { { kind = amount > D(0) and "deposit" or "withdrawal", date = date, cash_currency = currency, amount = amount, note = description } }
    end
    if has(description, interest) then
      return { { kind = amount > D(0) and "interest" or "fee", date = date, cash_currency = currency, amount = amount, note = description } }
    end
    error("unknown DEGIRO row '" .. description .. "'")
  end,
  finish = function()
    if pending ~= nil then error("a currency conversion leg without its pair (" .. pending.date .. " " .. pending.currency .. ")") end
  end,
}
"""#)
}
