/// How the REPL shows values, as a Lua function over raw access (it never triggers a
/// script's metamethods): scalars exactly, model objects on one line, lists of models as
/// aligned tables, other tables nested with sorted keys, cycles marked, long ones folded.
enum ReplFormatter {
    static let source = #"""
    local aftype, rawlen, next, tostring = af.type, rawlen, next, tostring
    local columns = {
      Asset = { "name", "type", "quantity", "current_price", "current_value", "currency" },
      Portfolio = { "name", "description" },
      Transaction = { "date", "label", "asset", "quantity", "price", "total", "currency" },
      Price = { "date", "price", "asset" },
    }
    local FOLD, MAXDEPTH = 40, 6

    local function scalar(v)
      if type(v) == "string" then return string.format("%q", v) end
      return tostring(v)
    end

    local function cell(v)
      local t = aftype(v)
      if t == "Asset" or t == "Portfolio" then
        local ok, name = pcall(function() return v.name end)
        if ok then return name end
      end
      if type(v) == "string" then return v end
      return tostring(v)
    end

    local function width(s) return utf8.len(s) or #s end
    local function pad(s, w, right)
      local gap = string.rep(" ", w - width(s))
      return right and gap .. s or s .. gap
    end

    -- Rows of cells under their column names; numeric columns right-aligned.
    -- cells(r, column) returns the value of row r in that column.
    local function aligned(cols, count, cells)
      local rows, widths, numeric = {}, {}, {}
      for i, c in ipairs(cols) do widths[i], numeric[i] = width(c), true end
      for r = 1, count do
        local row = {}
        for i, c in ipairs(cols) do
          local ok, v = pcall(cells, r, c)
          local text = (not ok) and "?" or (v == nil and "" or cell(v))
          local kind = aftype(v)
          if ok and v ~= nil and kind ~= "decimal" and kind ~= "number" then numeric[i] = false end
          row[i] = text
          if width(text) > widths[i] then widths[i] = width(text) end
        end
        rows[r] = row
      end
      local lines, header, rule = {}, {}, {}
      for i, c in ipairs(cols) do
        header[i] = pad(c, widths[i], numeric[i])
        rule[i] = string.rep("-", widths[i])
      end
      lines[1], lines[2] = table.concat(header, "  "), table.concat(rule, "  ")
      for r, row in ipairs(rows) do
        local out = {}
        for i = 1, #cols do out[i] = pad(row[i], widths[i], numeric[i]) end
        lines[r + 2] = table.concat(out, "  ")
      end
      return table.concat(lines, "\n")
    end

    -- A list whose entries are all model objects of one class with known columns.
    local function model_class(t)
      local n = rawlen(t)
      if n == 0 then return nil end
      local class = aftype(t[1])
      if not columns[class] then return nil end
      for i = 2, n do if aftype(t[i]) ~= class then return nil end end
      local k = next(t)
      while k ~= nil do
        if math.type(k) ~= "integer" or k < 1 or k > n then return nil end
        k = next(t, k)
      end
      return class
    end

    local function model_table(t, class)
      return aligned(columns[class], rawlen(t), function(r, c) return t[r][c] end)
    end

    -- A list of flat records (tables with string keys and scalar values), like the rows
    -- allocation and drift return: shown as an aligned table. Returns its column names.
    local LEAD = { key = 1, name = 2, date = 3, asset = 4 }
    local function record_columns(t)
      local n = rawlen(t)
      if n == 0 then return nil end
      local k = next(t)
      while k ~= nil do
        if math.type(k) ~= "integer" or k < 1 or k > n then return nil end
        k = next(t, k)
      end
      local seen, columns = {}, {}
      for i = 1, n do
        local row = t[i]
        if type(row) ~= "table" or rawlen(row) > 0 then return nil end
        local key, value = next(row)
        while key ~= nil do
          if type(key) ~= "string" or type(value) == "table" or type(value) == "function" then return nil end
          if not seen[key] then seen[key] = true; columns[#columns + 1] = key end
          key, value = next(row, key)
        end
      end
      if #columns == 0 or #columns > 10 then return nil end
      table.sort(columns, function(a, b)
        local la, lb = LEAD[a] or 99, LEAD[b] or 99
        if la ~= lb then return la < lb end
        return a < b
      end)
      return columns
    end

    local function record_table(t, cols)
      return aligned(cols, rawlen(t), function(r, c) return rawget(t[r], c) end)
    end

    local function sorted_keys(t)
      local n, keys = rawlen(t), {}
      local k = next(t)
      while k ~= nil do
        if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
        k = next(t, k)
      end
      table.sort(keys, function(a, b)
        local ta, tb = type(a), type(b)
        if ta ~= tb then return ta < tb end
        if ta == "number" or ta == "string" then return a < b end
        return tostring(a) < tostring(b)
      end)
      return n, keys
    end

    local function key_text(k)
      if type(k) == "string" and k:match("^[%a_][%w_]*$") then return k end
      return "[" .. scalar(k) .. "]"
    end

    local pretty
    pretty = function(v, indent, seen, depth)
      if type(v) ~= "table" then return scalar(v) end
      if seen[v] then return "<cycle>" end
      local class = model_class(v)
      if class then return model_table(v, class) end
      local cols = record_columns(v)
      if cols and depth == 0 then return record_table(v, cols) end
      if depth >= MAXDEPTH then return "{…}" end
      seen[v] = true
      local n, keys = sorted_keys(v)
      local items, shown = {}, 0
      for i = 1, n do
        shown = shown + 1
        if shown > FOLD then break end
        items[#items + 1] = pretty(v[i], indent .. "  ", seen, depth + 1)
      end
      for _, k in ipairs(keys) do
        shown = shown + 1
        if shown > FOLD then break end
        items[#items + 1] = key_text(k) .. " = " .. pretty(v[k], indent .. "  ", seen, depth + 1)
      end
      seen[v] = nil
      local total = n + #keys
      if total > FOLD then items[#items + 1] = "… (" .. (total - FOLD) .. " more)" end
      if #items == 0 then return "{}" end
      local one = "{ " .. table.concat(items, ", ") .. " }"
      if #one <= 72 and not one:find("\n") then return one end
      return "{\n" .. indent .. "  " .. table.concat(items, ",\n" .. indent .. "  ") .. "\n" .. indent .. "}"
    end

    return function(...)
      local out = {}
      for i = 1, select("#", ...) do out[i] = pretty((select(i, ...)), "", {}, 0) end
      return table.concat(out, "\t")
    end
    """#
}
