/// The exchange-rate providers embedded in the binary: Lua scripts defining
/// `fetch_rates{ base, from, to, url }`, with the same rights and rules as the quote
/// providers (Documentation/Prices.md, "Rate providers"), written to be read and copied.
public enum BuiltInRateProviders {
    public static let all: [String: String] = ["currency-api": currencyAPI, "ecb": ecb]

    /// The public, date-stamped currency API the later app uses (fawazahmed0's currency-api
    /// on jsDelivr): one JSON file per day and base currency,
    /// `{"date": "2024-03-06", "usd": {"eur": 0.92115, "jpy": 149.83, …}}` (1 USD = 0.92115
    /// EUR that day). Asked one day at a time (`-- span: day`); a missing day answers 404. The
    /// numbers come through `af.json`, from their digits. The messages are the app's (S55).
    public static let currencyAPI = """
    -- hosts: cdn.jsdelivr.net
    -- url: https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@{date}/v1/currencies/{base}.min.json
    -- span: day
    -- One JSON file per day and base: {"date": "2024-03-06", "usd": {"eur": 0.92115, ...}}
    -- means 1 USD = 0.92115 EUR that day. request.url is the address above, or --url's.
    local invalid = "Invalid response from exchange rate service."

    function fetch_rates(request)
      local base = request.base:lower()
      local url = request.url:gsub("{date}", request.from):gsub("{base}", base)
      local response = af.http.get(url, { headers = { Accept = "application/json" } })
      if response.status == 404 then error("Exchange rates not found for the requested date.", 0) end
      if response.status < 200 or response.status > 299 then error(invalid, 0) end
      local ok, data = pcall(af.json, response.body)
      if not ok or type(data) ~= "table" or type(data[base]) ~= "table" then error(invalid, 0) end
      -- The day the file states (the API's "latest" may be another day than asked).
      local date = data.date or request.from
      if type(date) ~= "string" or not date:match("^%d%d%d%d%-%d%d%-%d%d$") then error(invalid, 0) end
      local rates = {}
      for code, rate in pairs(data[base]) do
        rates[#rates + 1] = { date = date, quote = code, rate = rate }
      end
      return rates
    end
    """

    /// The European Central Bank's euro reference rates (about 30 currencies, working days
    /// only, published around 16:00 CET) from its data API, as CSV without attributes:
    /// `https://data-api.ecb.europa.eu/service/data/EXR/D..EUR.SP00.A?startPeriod=…&endPeriod=…&detail=dataonly&format=csvdata`,
    /// one row per currency and day with `CURRENCY`, `CURRENCY_DENOM` (EUR), `TIME_PERIOD`
    /// and `OBS_VALUE` (1 EUR = OBS_VALUE CURRENCY). One request per span of missing days;
    /// a span without a working day answers 404 "No results found". Base EUR only.
    public static let ecb = """
    -- hosts: data-api.ecb.europa.eu
    -- url: https://data-api.ecb.europa.eu/service/data/EXR/D..{base}.SP00.A?startPeriod={from}&endPeriod={to}&detail=dataonly&format=csvdata
    -- The ECB's euro reference rates, working days only: CSV rows with CURRENCY, CURRENCY_DENOM,
    -- TIME_PERIOD and OBS_VALUE, meaning 1 EUR = OBS_VALUE CURRENCY on TIME_PERIOD.
    function fetch_rates(request)
      if request.base ~= "EUR" then
        error("ecb: the ECB publishes the euro's rates only: fetch them with --base EUR (other pairs convert through the euro).", 0)
      end
      local url = request.url:gsub("{from}", request.from):gsub("{to}", request.to):gsub("{base}", request.base)
      local response = af.http.get(url, { headers = { Accept = "text/csv" } })
      if response.status == 404 then return {} end  -- "No results found": no working day in the span
      if response.status ~= 200 then error("ecb: HTTP " .. response.status, 0) end
      local rates = {}
      for i, row in ipairs(af.csv(response.body)) do
        if not (row.CURRENCY and row.CURRENCY_DENOM and row.TIME_PERIOD and row.OBS_VALUE) then
          error("ecb: the response is not the data API's CSV (no CURRENCY, CURRENCY_DENOM, TIME_PERIOD and OBS_VALUE columns)", 0)
        end
        if row.CURRENCY_DENOM ~= "EUR" then
          error("ecb: row " .. i .. " is a rate against " .. row.CURRENCY_DENOM .. ", not the euro", 0)
        end
        if row.OBS_VALUE ~= "" then  -- empty: no rate that day
          rates[#rates + 1] = { date = row.TIME_PERIOD, quote = row.CURRENCY, rate = row.OBS_VALUE }
        end
      end
      return rates
    end
    """
}
