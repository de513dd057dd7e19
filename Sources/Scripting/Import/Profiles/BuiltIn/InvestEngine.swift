extension BuiltInProfiles {
    /// InvestEngine trading statement.
    static let investEngine = ImportProfile(name: "investengine", source: #"""
-- InvestEngine: the trading statement (Reports & statements → CSV). Written from the
-- publisher's documented columns and open-source importers' notes, not from a real export.
-- Only trades are in this file (no cash rows), so they move no cash. The first column is
-- "Name / ISIN code"; prices carry "£"; dates are DD/MM/YY with a time. The account is in GBP.
--
-- Row kinds: Buy → buy; Sell → sell, at the share price (Total Trade Value is quantity ×
-- price). Anything else is an error.

return {
  name = "investengine",
  title = "InvestEngine",
  platform = "InvestEngine",
  summary = "trading statement",
  headers = { "Security / ISIN", "Transaction Type", "Quantity", "Share Price", "Total Trade Value", "Trade Date/Time" },
  currency = "GBP",
  decimal = "point",
  date_format = "DD/MM/YY",
  row = function(r)
    local t = r["Transaction Type"]
    if t ~= "Buy" and t ~= "Sell" then error("unknown InvestEngine transaction type '" .. tostring(t) .. "'") end
    local name = r["Security / ISIN"]:match("^(.-)%s*/%s*ISIN") or r["Security / ISIN"]
    return { { kind = t:lower(), date = r["Trade Date/Time"]:sub(1, 8), asset = name, asset_type = "etf", quantity = r["Quantity"],
               price = r["Share Price"], cash = false, note = r["Security / ISIN"] } }
  end,
}
"""#)
}
