/// The quote providers embedded in the binary, written to be read and copied: each is a
/// plain Lua script with the same rights as a user's (Documentation/Prices.md).
public enum BuiltInProviders {
    public static let all: [String: String] = ["csv": csv, "stooq": stooq]

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
      local prices = {}
      for _, row in ipairs(af.csv(response.body)) do
        if not row.Date or not row.Close then error("stooq: the response is not Date,Open,High,Low,Close,Volume CSV") end
        prices[#prices + 1] = { date = row.Date, price = row.Close, currency = currency }
      end
      return prices
    end
    """
}
