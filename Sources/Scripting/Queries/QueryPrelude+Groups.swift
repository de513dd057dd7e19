extension QueryPrelude {
    /// Grouping and aggregates, pivots, and the sources (`af.query.transactions`, …); the
    /// second half of the chunk `source` runs (it uses the locals of `rowSets`).
    static let groupsAndSources = #"""
-- rs:group_by("month", "asset"): a grouping; its sum/count/min/max/avg/aggregate give one
-- row per group, ordered by the keys. Keys are fields, the periods day, month, quarter
-- and year of the row's date, or {name = function(row) … end}.
function RowSet:group_by(...)
  local keys = {}
  for _, arg in ipairs({ ... }) do
    if type(arg) == "string" then keys[#keys + 1] = { arg, arg }
    elseif type(arg) == "table" then
      for _, f in ipairs(arg) do keys[#keys + 1] = { f, f } end
      for name, f in pairs(arg) do if type(name) == "string" then keys[#keys + 1] = { name, f } end end
    else fail("group_by takes field names or {name = function(row)}, got " .. type(arg)) end
  end
  if #keys == 0 then fail("group_by needs at least one key, as :group_by(\"month\")") end
  return setmetatable({ set = self, keys = keys }, { __index = Grouping })
end

-- Sorts groups by their key values (`n` of them).
local function sortGroups(list, n)
  table.sort(list, function(a, b)
    for i = 1, n do
      local x, y = a.values[i], b.values[i]
      if x ~= y then return less(x, y) end
    end
    return false
  end)
  return list
end

-- The groups of `rows`: a list of {values = {key values}, rows = {…}} in key order.
local function groups(rows, keys)
  local byKey, list = {}, {}
  for _, row in ipairs(rows) do
    local values, parts = {}, {}
    for i, k in ipairs(keys) do
      local v = keyValue(row, k[2])
      values[i] = v
      parts[i] = type(v) .. ":" .. tostring(v)
    end
    local id = table.concat(parts, "\0")
    local g = byKey[id]
    if not g then
      g = { values = values, rows = {} }
      byKey[id] = g
      list[#list + 1] = g
    end
    g.rows[#g.rows + 1] = row
  end
  return sortGroups(list, #keys)
end

-- The groups of rows given one at a time (`nextRow`), as `groups` makes them but each with
-- `accs`: an accumulator per part ({name, how, field}) instead of its rows.
local function streamGroups(nextRow, keys, parts, money)
  local byKey, list = {}, {}
  local nk, np = #keys, #parts
  for row in nextRow do
    local values, ids = {}, {}
    for i = 1, nk do
      local v = keyValue(row, keys[i][2])
      values[i] = v
      ids[i] = type(v) .. ":" .. tostring(v)
    end
    local id = table.concat(ids, "\0")
    local g = byKey[id]
    if not g then
      g = { values = values, accs = {} }
      for j = 1, np do g.accs[j] = accumulator(parts[j][2], parts[j][3], money) end
      byKey[id] = g
      list[#list + 1] = g
    end
    for j = 1, np do g.accs[j].push(row) end
  end
  return sortGroups(list, nk)
end

-- g:aggregate{ total = { "sum", "amount" }, n = "count", biggest = { "max", "amount" } }.
function Grouping:aggregate(spec)
  if type(spec) ~= "table" then fail("aggregate takes {name = {\"sum\", \"field\"}, …}") end
  local parts, money = {}, {}
  for name, how in pairs(spec) do
    local fn, field = how, nil
    if type(how) == "table" then fn, field = how[1], how[2] end
    if not aggregates[fn] then fail("unknown aggregate '" .. tostring(fn) .. "' (use sum, count, min, max or avg)") end
    parts[#parts + 1] = { name, fn, field }
    if fn ~= "count" and self.set._money[field] then money[name] = true end
  end
  table.sort(parts, function(a, b) return a[1] < b[1] end)
  local set, keys = self.set, self.keys
  local names = {}
  for _, k in ipairs(keys) do names[#names + 1] = k[1] end
  for _, p in ipairs(parts) do names[#names + 1] = p[1] end
  local hasCurrency = false
  for _, k in ipairs(keys) do if k[1] == "currency" then hasCurrency = true end end
  local result
  result = new(function()
    -- Rows not yet read are streamed into each group's running aggregates.
    local streamedRows = streamed(set, function(nextRow)
      local out = {}
      for i, g in ipairs(streamGroups(nextRow, keys, parts, set._money)) do
        local row = {}
        for j, k in ipairs(keys) do row[k[1]] = g.values[j] end
        for j, p in ipairs(parts) do
          row[p[1]] = g.accs[j].result()
          if not hasCurrency and money[p[1]] then row.currency = row.currency or g.accs[j].currency end
        end
        out[i] = row
      end
      return out
    end)
    if streamedRows then return streamedRows end
    local out = {}
    for i, g in ipairs(groups(materialize(set), keys)) do
      local row = {}
      for j, k in ipairs(keys) do row[k[1]] = g.values[j] end
      for _, p in ipairs(parts) do
        row[p[1]] = aggregate(g.rows, p[2], p[3], set._money)
        if not hasCurrency and money[p[1]] then row.currency = row.currency or oneCurrency(g.rows, p[3], set._money, p[2]) end
      end
      out[i] = row
    end
    return out
  end, money)
  -- keys, aggregates, then the currency the amounts are in
  return ordered(result, function()
    local rows = materialize(result)
    local list = { table.unpack(names) }
    if not hasCurrency and rows[1] and rows[1].currency then list[#list + 1] = "currency" end
    return list
  end)
end

-- g:sum("amount"), g:sum("amount", "total"), g:count(), g:count("n"), …: one aggregate,
-- named after its field (count: "count") unless a name is given.
for how in pairs(aggregates) do
  Grouping[how] = function(self, field, as)
    if how == "count" then return self:aggregate{ [field or "count"] = "count" } end
    return self:aggregate{ [as or field or how] = { how, field } }
  end
end

-- rs:pivot("month", "asset", "amount"): one row per month with a field per asset, each
-- the sum of amount (0 where there is none); rs:columns() lists the new fields in order.
function RowSet:pivot(rowKey, columnKey, valueField, how)
  how = how or "sum"
  if not aggregates[how] then fail("unknown aggregate '" .. tostring(how) .. "' (use sum, count, min, max or avg)") end
  if type(valueField) ~= "string" and how ~= "count" then fail("pivot takes a row key, a column key and a value field, as :pivot(\"month\", \"asset\", \"amount\")") end
  local set, columns = self, {}
  -- Rows not yet read are streamed: each row key's group keeps a running aggregate per column.
  local function streamPivot(nextRow)
    local seen, names, byKey, list = {}, {}, {}, {}
    for row in nextRow do
      local c = keyValue(row, columnKey)
      local name = c ~= nil and tostring(c) or nil
      if name ~= nil and not seen[name] then seen[name] = true names[#names + 1] = name end
      local v = keyValue(row, rowKey)
      local id = type(v) .. ":" .. tostring(v)
      local g = byKey[id]
      if not g then
        g = { values = { v }, cells = {} }
        byKey[id] = g
        list[#list + 1] = g
      end
      if name ~= nil then
        local acc = g.cells[name]
        if not acc then
          acc = accumulator(how, valueField, set._money)
          g.cells[name] = acc
        end
        acc.push(row)
      end
    end
    table.sort(names)
    local out = {}
    for i, g in ipairs(sortGroups(list, 1)) do
      local row = { [rowKey] = g.values[1] }
      for _, n in ipairs(names) do row[n] = how == "sum" and D"0" or nil end
      for name, acc in pairs(g.cells) do row[name] = acc.result() end
      out[i] = row
    end
    return { names = names, rows = out }
  end
  local result = new(function()
    local pivoted = streamed(set, streamPivot)
    if pivoted then
      for i, n in ipairs(pivoted.names) do columns[i] = n end
      return pivoted.rows
    end
    local rows = materialize(set)
    local seen, names = {}, {}
    for _, row in ipairs(rows) do
      local c = keyValue(row, columnKey)
      if c ~= nil and not seen[tostring(c)] then seen[tostring(c)] = true names[#names + 1] = tostring(c) end
    end
    table.sort(names)
    for i, n in ipairs(names) do columns[i] = n end
    local out = {}
    for i, g in ipairs(groups(rows, { { rowKey, rowKey } })) do
      local row = { [rowKey] = g.values[1] }
      for _, n in ipairs(names) do row[n] = how == "sum" and D"0" or nil end
      for _, cell in ipairs(groups(g.rows, { { "c", function(r) local c = keyValue(r, columnKey) return c ~= nil and tostring(c) or nil end } })) do
        if cell.values[1] ~= nil then row[cell.values[1]] = aggregate(cell.rows, how, valueField, set._money) end
      end
      out[i] = row
    end
    return out
  end)
  rawset(result, "_columns", function() materialize(result) return columns end)
  return ordered(result, function() materialize(result) return { rowKey, table.unpack(columns) } end)
end

-- The fields of a pivot (in order), else of the first row (sorted).
function RowSet:columns()
  local pivoted = rawget(self, "_columns")
  if pivoted then return pivoted() end
  local names = {}
  for k in pairs(materialize(self)[1] or {}) do names[#names + 1] = k end
  table.sort(names)
  return names
end

local sourceMoney = {
  transactions = { price = true, total = true, fees = true },
  prices = { price = true },
  holdings = { price = true, value = true },
}

local function listOf(f, args, name)
  return function()
    local ok, rows = pcall(f, args)
    if not ok then error(tostring(rows):gsub("^af%.rows%.", "af.query."), 0) end
    return rows
  end
end

-- The iterator af.rows.each_* gives (its errors make the pass read the rows at once).
local function iteratorOf(f, args) return function() return f(args) end end

-- Derived rows: each transaction row with an `amount`.
local function derived(args, types, amountOf)
  local money = copy(sourceMoney.transactions)
  money.amount = true
  local a = {}
  for k, v in pairs(args or {}) do a[k] = v end
  a.types = a.types or types
  return new(function()
    local out, n = {}, 0
    for _, row in ipairs(af.rows.transactions(a)) do
      local amount = amountOf(row)
      if amount ~= nil then row.amount = amount n = n + 1 out[n] = row end
    end
    return out
  end, money, nil, function()
    local nextRow = af.rows.each_transaction(a)
    return function()
      while true do
        local row = nextRow()
        if row == nil then return nil end
        local amount = amountOf(row)
        if amount ~= nil then row.amount = amount return row end
      end
    end
  end)
end

local inflow = { buy = 1, transfer_in = 1, sell = -1, transfer_out = -1 }

af.query = {
  -- Every transaction, with its asset's fields: {from, to, asset, types}.
  transactions = function(args)
    return new(listOf(af.rows.transactions, args), copy(sourceMoney.transactions), nil, iteratorOf(af.rows.each_transaction, args))
  end,
  -- Every price record: {from, to, asset}.
  prices = function(args) return new(listOf(af.rows.prices, args), copy(sourceMoney.prices), nil, iteratorOf(af.rows.each_price, args)) end,
  -- What was held at the end of a day: {date}.
  holdings = function(args) return new(listOf(af.rows.holdings, args), copy(sourceMoney.holdings)) end,
  -- Every asset: {asset, asset_id, asset_type, currency, portfolio, category, platform}.
  assets = function() return new(listOf(af.rows.assets)) end,
  -- Dividends and interest, amount = total received; payer = the asset that paid (the
  -- source), else the asset paid into.
  income = function(args)
    return derived(args, { "dividend", "interest" }, function(r)
      r.payer = r.source ~= "" and r.source or r.asset
      return r.total
    end)
  end,
  -- Money into (+) or out of (−) holdings: buy total + fees, sell −(total − fees),
  -- transfers in and out at their total. On cash assets these are deposits and withdrawals.
  flows = function(args)
    return derived(args, { "buy", "sell", "transfer_in", "transfer_out" }, function(r)
      local sign = inflow[r.type]
      if sign == 1 then return r.type == "buy" and r.total + r.fees or r.total end
      return r.type == "sell" and -(r.total - r.fees) or -r.total
    end)
  end,
  -- Fees paid on transactions, amount = fees (rows without fees left out).
  fees = function(args) return derived(args, nil, function(r) if r.fees ~= D"0" then return r.fees end end) end,
  -- Any list of rows (or a function returning one) as a row set; `money` names the
  -- fields that are amounts in the row's `currency`.
  rows = function(list, money)
    if type(list) ~= "table" and type(list) ~= "function" then fail("rows takes a list of rows or a function returning one, got " .. type(list)) end
    local m = {}
    for _, f in ipairs(money or {}) do m[f] = true end
    return new(type(list) == "function" and list or function() return list end, m)
  end,
}
"""#
}
