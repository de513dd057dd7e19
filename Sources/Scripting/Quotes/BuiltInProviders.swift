/// The quote providers embedded in the binary, written to be read and copied: each is a
/// plain Lua script with the same rights as a user's (Documentation/Prices.md).
public enum BuiltInProviders {
    public static let all: [String: String] = ["csv": csv, "stooq": stooq, "coingecko": coingecko, "yahoo": yahoo]

    /// A CSV history at an address: the asset's symbol is the address, with `{from}` and
    /// `{to}` replaced by the dates asked (YYYY-MM-DD). Columns Date and Close (else Price);
    /// prices are in the asset's own currency.
    public static let csv = """
    -- hosts: *
    -- A CSV history at an address (the symbol): {from} and {to} become the dates asked.
    -- Columns: Date (YYYY-MM-DD) and Close (or Price), in the asset's currency.
    function fetch(request)
      local url = request.symbol:gsub("{from}", request.from):gsub("{to}", request.to)
      local response = af.http.get(url)
      if response.status ~= 200 then error("HTTP " .. response.status .. " from " .. url) end
      -- A page or a message instead of the CSV has no rows to check: its header says so.
      local header = response.body:gsub("^\\239\\187\\191", ""):match("^[^\\r\\n]*")
      if not header:find("Date", 1, true) then error("the CSV has no Date and Close (or Price) columns: " .. header:sub(1, 80)) end
      local prices = {}
      for _, row in ipairs(af.csv(response.body)) do
        local price = row.Close or row.Price
        if not row.Date or not price then error("the CSV has no Date and Close (or Price) columns") end
        prices[#prices + 1] = { date = row.Date, price = price, currency = request.currency }
      end
      return prices
    end
    """

    /// Stooq's daily history as CSV (Date,Open,High,Low,Close,Volume), from
    /// `https://stooq.com/q/d/l/?s=<symbol>&d1=YYYYMMDD&d2=YYYYMMDD&i=d`. Symbols end in a
    /// market suffix (AAPL.US); the currency follows from it. A symbol Stooq does not know
    /// answers "No data".
    public static let stooq = """
    -- hosts: stooq.com
    -- Stooq daily history: https://stooq.com/q/d/l/?s=aapl.us&d1=20240101&d2=20240131&i=d
    -- CSV columns Date,Open,High,Low,Close,Volume; the Close is stored.
    local currencies = { us = "USD", de = "EUR", jp = "JPY", hk = "HKD", pl = "PLN" }
    local base = "https://stooq.com"

    function fetch(request)
      local suffix = request.symbol:lower():match("%.(%a+)$")
      local currency = suffix and currencies[suffix]
      if not currency then
        error("stooq: cannot tell the currency of " .. request.symbol .. " (known suffixes: .US .DE .JP .HK .PL)")
      end
      local url = base .. "/q/d/l/?s=" .. request.symbol:lower() .. "&d1=" .. request.from:gsub("%-", "")
        .. "&d2=" .. request.to:gsub("%-", "") .. "&i=d"
      local response = af.http.get(url)
      if response.status ~= 200 then error("stooq: HTTP " .. response.status) end
      if response.body:match("^%s*No data") then return {} end
      -- Anything else without the CSV's header (a page, "Exceeded the daily hits limit") is not prices.
      local header = response.body:gsub("^\\239\\187\\191", ""):match("^[^\\r\\n]*")
      if not header:match("^Date,") then error("stooq: the response is not Date,Open,High,Low,Close,Volume CSV: " .. header:sub(1, 80)) end
      local prices = {}
      for _, row in ipairs(af.csv(response.body)) do
        if not row.Date or not row.Close then error("stooq: the response is not Date,Open,High,Low,Close,Volume CSV") end
        prices[#prices + 1] = { date = row.Date, price = row.Close, currency = currency }
      end
      return prices
    end
    """

    /// CoinGecko's market chart over a range, as JSON
    /// (`/api/v3/coins/<id>/market_chart/range?vs_currency=<cur>&from=<unix>&to=<unix>`,
    /// `{"prices": [[milliseconds, price], …]}`), read with `af.json` so each price is the
    /// exact decimal of its digits. The symbol is CoinGecko's coin id ("bitcoin"); prices are
    /// asked in the asset's currency. CoinGecko answers every 5 minutes for a day, hourly up
    /// to 90 days, daily beyond: a day's price is the last point of that UTC day. A demo API
    /// key, when set (`COINGECKO_API_KEY` or providers.conf), is sent in `x-cg-demo-api-key`.
    public static let coingecko = """
    -- hosts: api.coingecko.com
    -- key: COINGECKO_API_KEY
    -- CoinGecko: https://api.coingecko.com/api/v3/coins/bitcoin/market_chart/range?vs_currency=usd&from=1704067200&to=1706745599
    -- JSON {"prices": [[milliseconds, price], ...]}; a day's price is its last point (UTC).
    local base = "https://api.coingecko.com"

    -- Seconds since 1970 at 00:00 UTC of a YYYY-MM-DD date (days from the civil calendar).
    local function epoch(date)
      local y, m, d = date:match("^(%d+)-(%d+)-(%d+)$")
      y, m, d = tonumber(y), tonumber(m), tonumber(d)
      if m <= 2 then y = y - 1 end
      local era = y // 400
      local yoe = y - era * 400
      local doy = (153 * (m > 2 and m - 3 or m + 9) + 2) // 5 + d - 1
      local doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
      return (era * 146097 + doe - 719468) * 86400
    end

    function fetch(request)
      local url = base .. "/api/v3/coins/" .. request.symbol .. "/market_chart/range?vs_currency="
        .. request.currency:lower() .. "&from=" .. epoch(request.from) .. "&to=" .. (epoch(request.to) + 86399)
      -- A demo key (optional) goes in CoinGecko's header; without one the public rate limit applies.
      local headers = { Accept = "application/json", ["x-cg-demo-api-key"] = request.key }
      local response = af.http.get(url, { headers = headers })
      if response.status ~= 200 then error("coingecko: HTTP " .. response.status) end
      local data = af.json(response.body)
      if type(data) ~= "table" or type(data.prices) ~= "table" then
        error('coingecko: the response has no "prices" list')
      end
      local byDay, days = {}, {}
      for i, point in ipairs(data.prices) do
        local ms, price = point[1], point[2]
        if ms == nil or price == nil then error("coingecko: point " .. i .. " is not [milliseconds, price]") end
        local day = os.date("!%Y-%m-%d", tonumber(tostring(ms)) // 1000)
        if not byDay[day] then days[#days + 1] = day end
        byDay[day] = price  -- points come oldest first: the last one of the day wins
      end
      local prices = {}
      for _, day in ipairs(days) do
        prices[#prices + 1] = { date = day, price = byDay[day], currency = request.currency }
      end
      return prices
    end
    """

    /// Yahoo Finance's chart JSON (`/v8/finance/chart/<symbol>?period1=<unix>&period2=<unix>&interval=1d`):
    /// `chart.result[1]` holds `timestamp` (each session's start, seconds), `indicators.quote[1].close`
    /// (null on a day without a close), `meta.currency` and `meta.gmtoffset` (the exchange's
    /// offset from UTC, seconds), so a close's day is its session's day at the exchange. A
    /// refused symbol answers `chart.error`. Prices come as Yahoo sends them (af.json's digits).
    /// London (GBp), Johannesburg (ZAc) and Tel Aviv (ILA) quote in minor units: divided by 100.
    public static let yahoo = """
    -- hosts: query1.finance.yahoo.com
    -- Yahoo Finance chart: https://query1.finance.yahoo.com/v8/finance/chart/AAPL?period1=1704067200&period2=1706745599&interval=1d
    -- JSON chart.result[1]: timestamp, indicators.quote[1].close, meta.currency, meta.gmtoffset.
    local base = "https://query1.finance.yahoo.com"
    -- Currencies Yahoo gives in minor units, and their major unit.
    local minor = { GBp = "GBP", GBX = "GBP", ZAc = "ZAR", ILA = "ILS" }

    -- Seconds since 1970 at 00:00 UTC of a YYYY-MM-DD date (days from the civil calendar).
    local function epoch(date)
      local y, m, d = date:match("^(%d+)-(%d+)-(%d+)$")
      y, m, d = tonumber(y), tonumber(m), tonumber(d)
      if m <= 2 then y = y - 1 end
      local era = y // 400
      local yoe = y - era * 400
      local doy = (153 * (m > 2 and m - 3 or m + 9) + 2) // 5 + d - 1
      local doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
      return (era * 146097 + doe - 719468) * 86400
    end

    local function field(t, ...)
      for _, key in ipairs({ ... }) do
        if type(t) ~= "table" then return nil end
        t = t[key]
      end
      return t
    end

    function fetch(request)
      -- A day more on each side: a session's start is in UTC, and east of Greenwich it falls
      -- on the day before (Sydney opens at 23:00 UTC); days outside the range are left out.
      local url = base .. "/v8/finance/chart/" .. request.symbol .. "?period1=" .. (epoch(request.from) - 86400)
        .. "&period2=" .. (epoch(request.to) + 2 * 86400 - 1) .. "&interval=1d"
      local response = af.http.get(url, { headers = { Accept = "application/json" } })
      local ok, data = pcall(af.json, response.body)
      local problem = ok and field(data, "chart", "error")
      if problem then error("yahoo: " .. tostring(field(problem, "description") or field(problem, "code") or "an error")) end
      if response.status ~= 200 then error("yahoo: HTTP " .. response.status) end
      local result = ok and field(data, "chart", "result", 1)
      local currency = field(result, "meta", "currency")
      local quote = field(result, "indicators", "quote", 1)
      if type(currency) ~= "string" or type(quote) ~= "table" then
        error("yahoo: the response has no chart.result[1] with meta.currency and indicators.quote[1]")
      end
      local times = result.timestamp
      if times == nil and next(quote) == nil then return {} end  -- no session in the range
      if type(times) ~= "table" or type(quote.close) ~= "table" then
        error("yahoo: the response has no timestamp and indicators.quote[1].close lists")
      end
      local offset = tonumber(tostring(field(result, "meta", "gmtoffset") or 0))
      local divide = minor[currency] and 100 or 1
      currency = minor[currency] or currency
      local prices = {}
      for i, t in ipairs(times) do
        local close = quote.close[i]
        if close ~= nil then  -- null: no close that day
          local day = os.date("!%Y-%m-%d", tonumber(tostring(t)) + offset)
          prices[#prices + 1] = { date = day, price = close / divide, currency = currency }
        end
      end
      return prices
    end
    """
}
