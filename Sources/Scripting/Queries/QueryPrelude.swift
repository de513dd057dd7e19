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
    /// One Lua chunk: the row sets and their steps, then grouping, pivots and the sources.
    static let source = rowSets + "\n" + groupsAndSources

    /// Run at every start instead of `source` (see `ScriptEnvironment.installQueriesOnFirstUse`),
    /// with `source` as its argument: the first read of `af.query` compiles and runs it (with
    /// `load` as it was at start, whatever a script did to the global since), which sets
    /// `af.query`. Any other missing key of `af` is nil as before; the metatable is gone once
    /// the queries are loaded.
    static let onFirstUse = #"""
local source, load, af = ..., load, af
setmetatable(af, { __index = function(_, key)
  if key ~= "query" then return nil end
  setmetatable(af, nil)
  assert(load(source, "=af.query", "t"))()
  return rawget(af, "query")
end })
"""#

    /// Helpers, the row set and its steps (where, select, order_by, limit, convert, join).
    static let rowSets = #"""
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

-- The rows of `self` one at a time, none kept: an iterator, or nil when the set cannot be
-- streamed (its source reads a list, or a step such as order_by needs every row). Each
-- `_row_stages` entry makes, once per pass, a function from a row to a row or nil (left out).
local function stream(self)
  local cached = rawget(self, "_cache")
  if cached then
    local i = 0
    return function() i = i + 1 return cached[i] end
  end
  local rowStages = self._row_stages
  if not self._stream or not rowStages then return nil end
  local nextRow, stages, n = self._stream(), {}, #rowStages
  for i, make in ipairs(rowStages) do stages[i] = make() end
  return function()
    while true do
      local row = nextRow()
      if row == nil then return nil end
      for i = 1, n do
        row = stages[i](row)
        if row == nil then break end
      end
      if row ~= nil then return row end
    end
  end
end

-- `pass(nextRow)` over the rows of `self` read one at a time, when they can be: its result,
-- else nil. Any error in the pass gives nil too, and the caller reads the rows at once the
-- usual way, which raises the error as it always did (the same message, whichever row).
local function streamed(self, pass)
  if rawget(self, "_cache") or not (self._stream and self._row_stages) then return nil end
  local ok, result = pcall(function() return pass(stream(self)) end)
  if ok then return result end
  return nil
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
-- fields that are amounts in the row's currency. `streamSource()`, when given, returns an
-- iterator over the same rows, and `rowStages` the steps' per-row forms (see `stream`).
local function new(source, money, stages, streamSource, rowStages)
  return setmetatable({ _source = source, _stages = stages or {}, _money = money or {}, _rows = materialize,
                        _stream = streamSource, _row_stages = streamSource and (rowStages or {}) or nil }, meta)
end

-- `rowStage`: the step's per-row form (a function making a function of a row), or nil when
-- the step needs every row.
local function with(self, stage, money, rowStage)
  local stages = {}
  for i, s in ipairs(self._stages) do stages[i] = s end
  stages[#stages + 1] = stage
  local rowStages
  if rowStage and self._row_stages then
    rowStages = {}
    for i, s in ipairs(self._row_stages) do rowStages[i] = s end
    rowStages[#rowStages + 1] = rowStage
  end
  return new(self._source, money or self._money, stages, rowStages and self._stream, rowStages)
end

-- The per-row form of a step that does `f` to each row.
local function each(f) return function() return f end end

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

-- `aggregate` over rows given one at a time: acc.push(row) for each, then acc.result() and
-- acc.currency (what `oneCurrency` returns). The same figures, in the same order; where
-- `aggregate` would raise, it raises too (any error, so that the rows are read again).
local function accumulator(how, field, money)
  if how ~= "count" and type(field) ~= "string" then error("af.query: no field", 0) end
  local check = how ~= "count" and money[field]
  local acc = {}
  local total, n, m = D"0", 0, nil
  local function see(row)
    local v = row[field]
    if check and v ~= nil then
      local c = row.currency
      if c ~= nil then
        if acc.currency == nil then acc.currency = c
        elseif c ~= acc.currency then error("af.query: mixed currencies", 0) end
      end
    end
    return v
  end
  if how == "count" then
    if field == nil then acc.push = function() n = n + 1 end
    else acc.push = function(row) if row[field] ~= nil then n = n + 1 end end end
    acc.result = function() return n end
  elseif how == "sum" then
    acc.push = function(row) local v = see(row) if v ~= nil then total = total + v end end
    acc.result = function() return total end
  elseif how == "min" then
    acc.push = function(row) local v = see(row) if v ~= nil and (m == nil or v < m) then m = v end end
    acc.result = function() return m end
  elseif how == "max" then
    acc.push = function(row) local v = see(row) if v ~= nil and (m == nil or v > m) then m = v end end
    acc.result = function() return m end
  else  -- avg
    acc.push = function(row) local v = see(row) if v ~= nil then total, n = total + v, n + 1 end end
    acc.result = function() if n == 0 then return nil end return total / n end
  end
  return acc
end

-- Whole-set aggregates: rs:sum("amount") is one decimal (0 for no rows), rs:count() the
-- number of rows, min/max/avg nil for no rows. Rows not yet read are streamed, not kept.
for how in pairs(aggregates) do
  RowSet[how] = function(self, field)
    local result = streamed(self, function(nextRow)
      local acc = accumulator(how, field, self._money)
      for row in nextRow do acc.push(row) end
      return { acc.result() }
    end)
    if result then return result[1] end
    return aggregate(materialize(self), how, field, self._money)
  end
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
  end, nil, each(function(row) if test(row) then return row end end))
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
  local function pick(row)
    local r = {}
    for _, s in ipairs(specs) do r[s[1]] = keyValue(row, s[2]) end
    if keepCurrency and r.currency == nil then r.currency = row.currency end
    return r
  end
  return ordered(with(self, function(rows)
    local out = {}
    for i, row in ipairs(rows) do out[i] = pick(row) end
    return out
  end, money, each(pick)), function() return names end)
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
  local function converted(row)
    local r = {}
    for k, v in pairs(row) do r[k] = v end
    if row.currency and row.currency ~= to then
      for field in pairs(money) do
        if r[field] ~= nil then r[field] = convert(r[field], row.currency, to, row.date).amount end  -- rows keep decimals beside their currency
      end
    end
    r.currency = to
    return r
  end
  return with(self, function(rows)
    local out = {}
    for i, row in ipairs(rows) do out[i] = converted(row) end
    return out
  end, nil, each(converted))
end

-- rs:join(other, "asset_id"): each row gains the fields of the first row of `other` (a
-- row set or a list) with the same key that it does not have yet (a left join).
function RowSet:join(other, on)
  if type(on) ~= "string" then fail("join takes the rows to join and the key field, as :join(af.query.assets(), \"asset_id\")") end
  local function joiner()
    local index = {}
    local list = getmetatable(other) == meta and materialize(other) or other
    for _, o in ipairs(list) do if index[o[on]] == nil then index[o[on]] = o end end
    return function(row)
      local r = {}
      for k, v in pairs(row) do r[k] = v end
      local o = index[row[on]]
      if o then for k, v in pairs(o) do if r[k] == nil then r[k] = v end end end
      return r
    end
  end
  return with(self, function(rows)
    local joined = joiner()
    local out = {}
    for i, row in ipairs(rows) do out[i] = joined(row) end
    return out
  end, nil, joiner)
end
"""#
}
