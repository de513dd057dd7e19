/// `af.query`: row sets over the store, written in Lua over the `af.rows` bindings (one
/// query per source), run in every environment after the bindings are installed.
///
///     af.query.income{ from = "2024-01-01" }:group_by("month", "asset"):sum("amount")
///
/// A row set is a recipe: nothing is read until its rows are asked for (`rows`, `each`,
/// `#rs`, `rs[i]`, an aggregate, or `r:table`/`r:chart`, which take a row set as rows), and
/// each step returns a new row set, so a shared one is never changed. Sums are exact
/// (decimals), and money fields (a row's amounts in its `currency`) are never added across
/// two currencies: group by currency, or `convert` first. Documented in
/// Documentation/Reports.md ("Queries") and REPL.md.
enum QueryPrelude {
    /// LuaLS annotations of `af.query` (written in Lua, so not in the registry), appended
    /// to `assetflow docs --format luals`: editors complete the sources and the steps.
    static let luaLSStubs = """
    ---Rows read lazily from the store, grouped and summed exactly (Documentation/Reports.md, "Queries").
    ---@class RowSet
    local RowSet = {}
    ---@param test (fun(row: table): boolean)|table
    ---@return RowSet
    function RowSet:where(test) end
    ---@param ... string|table
    ---@return RowSet
    function RowSet:select(...) end
    ---@param ... string|table
    ---@return Grouping
    function RowSet:group_by(...) end
    ---@param row_key string
    ---@param column_key string
    ---@param value_field string
    ---@param aggregate? "sum"|"count"|"min"|"max"|"avg"
    ---@return RowSet
    function RowSet:pivot(row_key, column_key, value_field, aggregate) end
    ---@param ... string "field" or "field desc"
    ---@return RowSet
    function RowSet:order_by(...) end
    ---@param n integer
    ---@return RowSet
    function RowSet:limit(n) end
    ---@param other RowSet|table[]
    ---@param on string
    ---@return RowSet
    function RowSet:join(other, on) end
    ---@param currency string
    ---@return RowSet
    function RowSet:convert(currency) end
    ---@param field string
    ---@return decimal
    function RowSet:sum(field) end
    ---@return integer
    function RowSet:count() end
    ---@param field string
    ---@return decimal?
    function RowSet:min(field) end
    ---@param field string
    ---@return decimal?
    function RowSet:max(field) end
    ---@param field string
    ---@return decimal?
    function RowSet:avg(field) end
    ---@return table[]
    function RowSet:rows() end
    ---@return fun(): table?
    function RowSet:each() end
    ---@return table?
    function RowSet:first() end
    ---@return string[]
    function RowSet:columns() end

    ---A row set split by keys: each aggregate gives one row per group.
    ---@class Grouping
    local Grouping = {}
    ---@param field string
    ---@param as? string
    ---@return RowSet
    function Grouping:sum(field, as) end
    ---@param as? string
    ---@return RowSet
    function Grouping:count(as) end
    ---@param field string
    ---@param as? string
    ---@return RowSet
    function Grouping:min(field, as) end
    ---@param field string
    ---@param as? string
    ---@return RowSet
    function Grouping:max(field, as) end
    ---@param field string
    ---@param as? string
    ---@return RowSet
    function Grouping:avg(field, as) end
    ---@param spec table<string, string|string[]>
    ---@return RowSet
    function Grouping:aggregate(spec) end

    af.query = {}
    ---@param args? {from?: date, to?: date, asset?: Asset|string, types?: string[]}
    ---@return RowSet
    function af.query.transactions(args) end
    ---@param args? {from?: date, to?: date, asset?: Asset|string}
    ---@return RowSet
    function af.query.income(args) end
    ---@param args? {from?: date, to?: date, asset?: Asset|string}
    ---@return RowSet
    function af.query.flows(args) end
    ---@param args? {from?: date, to?: date, asset?: Asset|string}
    ---@return RowSet
    function af.query.fees(args) end
    ---@param args? {from?: date, to?: date, asset?: Asset|string}
    ---@return RowSet
    function af.query.prices(args) end
    ---@param args? {date?: date}
    ---@return RowSet
    function af.query.holdings(args) end
    ---@return RowSet
    function af.query.assets() end
    ---@param list table[]|fun(): table[]
    ---@param money? string[]
    ---@return RowSet
    function af.query.rows(list, money) end

    """

    static let source = #"""
local D, convert = af.D, af.convert
local RowSet, Grouping = {}, {}
local periods = {
  day = function(d) return d end,
  month = function(d) return d:sub(1, 7) end,
  quarter = function(d) return d:sub(1, 4) .. "-Q" .. ((tonumber(d:sub(6, 7)) - 1) // 3 + 1) end,
  year = function(d) return d:sub(1, 4) end,
}

-- Raises at the caller of the step (level 3), or with no position (level 0) from deep
-- inside an evaluation, whose traceback shows the script's line.
local function fail(message, level) error("af.query: " .. message, level or 3) end

local function materialize(self)
  local rows = rawget(self, "_cache")
  if rows then return rows end
  rows = self._source()
  for _, stage in ipairs(self._stages) do rows = stage(rows) end
  rawset(self, "_cache", rows)
  return rows
end

local meta = {
  __index = function(self, key)
    if type(key) == "number" then return materialize(self)[key] end
    return RowSet[key]
  end,
  __len = function(self) return #materialize(self) end,
  __tostring = function(self) return "RowSet (" .. #materialize(self) .. " rows)" end,
}

local function copy(set) local t = {} for k in pairs(set or {}) do t[k] = true end return t end

-- A row set reading `source()` (a function returning a list of rows); `money` names the
-- fields that are amounts in the row's currency.
local function new(source, money, stages)
  return setmetatable({ _source = source, _stages = stages or {}, _money = money or {}, _rows = materialize }, meta)
end

local function with(self, stage, money)
  local stages = {}
  for i, s in ipairs(self._stages) do stages[i] = s end
  stages[#stages + 1] = stage
  return new(self._source, money or self._money, stages)
end

-- The value of `key` in `row`: the field, else a period of its date (day, month, quarter,
-- year), else the result of `key` when it is a function.
local function keyValue(row, key)
  if type(key) == "function" then return key(row) end
  local v = row[key]
  if v == nil and periods[key] then
    local day = row.date or (key ~= "day" and row.month and row.month .. "-01")  -- a month "2024-03" has a quarter and a year
    if day then return periods[key](day) end
  end
  return v
end

-- Marks `set` as having the fields `names()` in that order: r:table shows them so.
local function ordered(set, names)
  rawset(set, "_fields", names)
  return set
end

local function less(a, b)
  if a == nil then return false end
  if b == nil then return true end
  local ta, tb = type(a), type(b)
  if ta == "string" and tb == "string" or (ta ~= "string" and tb ~= "string") then return a < b end
  return tostring(a) < tostring(b)
end

-- Checks that the money field `field` of `rows` is in one currency; returns it.
local function oneCurrency(rows, field, money, what)
  if not money[field] then return nil end
  local currency
  for _, row in ipairs(rows) do
    local c = row.currency
    if row[field] ~= nil and c ~= nil then
      if currency == nil then currency = c
      elseif c ~= currency then
        local a, b = currency, c
        if b < a then a, b = b, a end
        fail(what .. " of '" .. field .. "' mixes " .. a .. " and " .. b .. ": group by currency, or convert first with :convert(\"" .. a .. "\")", 0)
      end
    end
  end
  return currency
end

local aggregates = {
  sum = function(rows, field)
    local total = D"0"
    for _, row in ipairs(rows) do local v = row[field] if v ~= nil then total = total + v end end
    return total
  end,
  count = function(rows, field)
    if not field then return #rows end
    local n = 0
    for _, row in ipairs(rows) do if row[field] ~= nil then n = n + 1 end end
    return n
  end,
  min = function(rows, field)
    local m
    for _, row in ipairs(rows) do local v = row[field] if v ~= nil and (m == nil or v < m) then m = v end end
    return m
  end,
  max = function(rows, field)
    local m
    for _, row in ipairs(rows) do local v = row[field] if v ~= nil and (m == nil or v > m) then m = v end end
    return m
  end,
  avg = function(rows, field)
    local total, n = D"0", 0
    for _, row in ipairs(rows) do local v = row[field] if v ~= nil then total, n = total + v, n + 1 end end
    if n == 0 then return nil end
    return total / n
  end,
}

local function aggregate(rows, how, field, money)
  if how ~= "count" then
    if type(field) ~= "string" then fail(how .. " needs a field name, as :" .. how .. "(\"amount\")", 0) end
    oneCurrency(rows, field, money, how)
  end
  return aggregates[how](rows, field)
end

-- Whole-set aggregates: rs:sum("amount") is one decimal (0 for no rows), rs:count() the
-- number of rows, min/max/avg nil for no rows.
for how in pairs(aggregates) do
  RowSet[how] = function(self, field) return aggregate(materialize(self), how, field, self._money) end
end

function RowSet:rows() return materialize(self) end
function RowSet:each() local rows, i = materialize(self), 0 return function() i = i + 1 return rows[i] end end
function RowSet:first() return materialize(self)[1] end

-- rs:where(function(row) return … end) or rs:where{ type = "dividend", asset = { "A", "B" } }.
function RowSet:where(test)
  if type(test) == "table" then
    local fields = test
    test = function(row)
      for k, want in pairs(fields) do
        local v = keyValue(row, k)
        if type(want) == "table" then
          local found = false
          for _, w in ipairs(want) do if v == w then found = true break end end
          if not found then return false end
        elseif v ~= want then return false end
      end
      return true
    end
  elseif type(test) ~= "function" then
    fail("where takes a function(row) or a table of fields, got " .. type(test))
  end
  return with(self, function(rows)
    local out, n = {}, 0
    for i = 1, #rows do local row = rows[i] if test(row) then n = n + 1 out[n] = row end end
    return out
  end)
end

-- rs:select("date", "asset", { amount = "total", month = function(r) … end }): the named
-- fields, renamed ones and computed ones. A money field keeps its row's currency.
function RowSet:select(...)
  local specs, money = {}, {}
  for _, arg in ipairs({ ... }) do
    if type(arg) == "string" then specs[#specs + 1] = { arg, arg }
    elseif type(arg) == "table" then
      for _, f in ipairs(arg) do specs[#specs + 1] = { f, f } end
      for name, from in pairs(arg) do if type(name) == "string" then specs[#specs + 1] = { name, from } end end
    else fail("select takes field names or {name = field or function}, got " .. type(arg)) end
  end
  local keepCurrency = false
  for _, s in ipairs(specs) do
    if type(s[2]) == "string" and self._money[s[2]] then money[s[1]] = true keepCurrency = true end
  end
  local names = {}
  for i, s in ipairs(specs) do names[i] = s[1] end
  return ordered(with(self, function(rows)
    local out = {}
    for i, row in ipairs(rows) do
      local r = {}
      for _, s in ipairs(specs) do r[s[1]] = keyValue(row, s[2]) end
      if keepCurrency and r.currency == nil then r.currency = row.currency end
      out[i] = r
    end
    return out
  end, money), function() return names end)
end

-- rs:order_by("month", "amount desc"): sorted by each key in turn; ties keep their order.
function RowSet:order_by(...)
  local keys = {}
  for _, spec in ipairs({ ... }) do
    local field, dir = tostring(spec):match("^%s*(%S+)%s*(%a*)%s*$")
    dir = (dir or ""):lower()
    if not field or (dir ~= "" and dir ~= "asc" and dir ~= "desc") then fail("order_by takes \"field\" or \"field desc\", got '" .. tostring(spec) .. "'") end
    keys[#keys + 1] = { field, dir == "desc" }
  end
  return with(self, function(rows)
    local order = {}
    for i, row in ipairs(rows) do order[i] = { row, i } end
    table.sort(order, function(a, b)
      for _, k in ipairs(keys) do
        local x, y = keyValue(a[1], k[1]), keyValue(b[1], k[1])
        if x ~= y then
          if k[2] then return less(y, x) else return less(x, y) end
        end
      end
      return a[2] < b[2]
    end)
    local out = {}
    for i, o in ipairs(order) do out[i] = o[1] end
    return out
  end)
end

function RowSet:limit(n)
  if math.type(n) ~= "integer" or n < 0 then fail("limit takes a whole number ≥ 0, got " .. tostring(n)) end
  return with(self, function(rows)
    local out = {}
    for i = 1, math.min(n, #rows) do out[i] = rows[i] end
    return out
  end)
end

-- rs:convert("EUR"): every money field in EUR at its row's date (else the latest earlier
-- rate; af.convert's rule), so rows in several currencies can be added.
function RowSet:convert(to)
  if type(to) ~= "string" then fail("convert takes a currency code, got " .. type(to)) end
  local money = self._money
  return with(self, function(rows)
    local out = {}
    for i, row in ipairs(rows) do
      local r = {}
      for k, v in pairs(row) do r[k] = v end
      if row.currency and row.currency ~= to then
        for field in pairs(money) do
          if r[field] ~= nil then r[field] = (convert(r[field], row.currency, to, row.date)) end
        end
      end
      r.currency = to
      out[i] = r
    end
    return out
  end)
end

-- rs:join(other, "asset_id"): each row gains the fields of the first row of `other` (a
-- row set or a list) with the same key that it does not have yet (a left join).
function RowSet:join(other, on)
  if type(on) ~= "string" then fail("join takes the rows to join and the key field, as :join(af.query.assets(), \"asset_id\")") end
  return with(self, function(rows)
    local index = {}
    local list = getmetatable(other) == meta and materialize(other) or other
    for _, o in ipairs(list) do if index[o[on]] == nil then index[o[on]] = o end end
    local out = {}
    for i, row in ipairs(rows) do
      local r = {}
      for k, v in pairs(row) do r[k] = v end
      local o = index[row[on]]
      if o then for k, v in pairs(o) do if r[k] == nil then r[k] = v end end end
      out[i] = r
    end
    return out
  end)
end

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
  table.sort(list, function(a, b)
    for i = 1, #keys do
      local x, y = a.values[i], b.values[i]
      if x ~= y then return less(x, y) end
    end
    return false
  end)
  return list
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
  local result = new(function()
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
  end, money)
end

local inflow = { buy = 1, transfer_in = 1, sell = -1, transfer_out = -1 }

af.query = {
  -- Every transaction, with its asset's fields: {from, to, asset, types}.
  transactions = function(args) return new(listOf(af.rows.transactions, args), copy(sourceMoney.transactions)) end,
  -- Every price record: {from, to, asset}.
  prices = function(args) return new(listOf(af.rows.prices, args), copy(sourceMoney.prices)) end,
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
