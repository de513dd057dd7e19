-- Allocation over time: the value held in each asset type at the end of each month.
-- Run: assetflow report allocation-history [--by platform] [--months 24]
local main = af.main_currency()
local r = af.report.new{ title = "Allocation over time (" .. main .. ")", params = {
  by = { type = "string", choices = { "asset_type", "category", "platform", "currency", "asset" }, default = "asset_type", help = "What to split by." },
  months = { type = "integer", default = 24, help = "How many months back." },
} }
local p = r.params
local today = af.today()
local y, m = tonumber(today:sub(1, 4)), tonumber(today:sub(6, 7))
local points = {}
for back = p.months - 1, 0, -1 do
  local yy, mm = y, m - back
  while mm < 1 do yy, mm = yy - 1, mm + 12 end
  local day = back == 0 and today or os.date("%Y-%m-%d", os.time{ year = yy, month = mm + 1, day = 0 })
  local ok, held = pcall(function() return af.query.holdings{ date = day }:convert(main):group_by(p.by):sum("value"):rows() end)
  if not ok then return r:text("Values in " .. main .. " are not available: " .. tostring(held)) end
  for _, row in ipairs(held) do points[#points + 1] = { date = day, key = row[p.by] ~= "" and row[p.by] or "(none)", value = row.value } end
end
local table_rows = af.query.rows(points):pivot("date", "key", "value")
r:chart{ kind = "stacked", title = "Value by " .. p.by:gsub("_", " "), series = table_rows, x = "date", y = table_rows:columns(), format = "money" }
r:table(table_rows, { title = "Value at each month end", format = "money" })
return r
