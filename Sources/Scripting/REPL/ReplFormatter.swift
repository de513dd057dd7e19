import Core

/// How the REPL shows values, as a Lua function over raw access (it never triggers a
/// script's metamethods). Figures are rounded for reading (DisplayFormat), never changed:
/// money values as they print (`31,702.76 EUR`, their own currency); decimals under a
/// money key in their currency's minor units (2 when a table does not say its currency), rates
/// (twr, cagr, probability …) as percentages with 2 places, percent columns (actual, target
/// …) with 2 places, other decimals at most 8 places. Model objects print on one line, lists
/// of models and of flat records as aligned tables (one number of decimals per column, in a
/// meaningful column order), a long flat record (af.performance()) as a field/value table, a
/// rebalancing plan as its trades and summary, a projection as a short summary; other tables
/// nested with sorted keys, cycles marked, long ones folded.
enum ReplFormatter {
    static var source: String { constants + "local aftype, rawlen, next, tostring = af.type, rawlen, next, tostring\n" + body }

    /// The same function, taking `af.type`, `rawlen`, `next` and `tostring` as the chunk's
    /// arguments (`...`) instead of reading them from the globals when it is compiled: a
    /// script's environment compiles it on first use with the values it had at its start.
    static var sourceReadingArguments: String { constants + "local aftype, rawlen, next, tostring = ...\n" + body }

    private static var constants: String {
        let minor = DisplayFormat.minorUnitsOtherThanTwo.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
        return "local MINOR = { \(minor) }\nlocal MAXPLACES = \(DisplayFormat.maxPlaces)\n"
    }

    static let body = #"""
    local columns = {
      Asset = { "name", "type", "quantity", "current_price", "current_value", "currency" },
      Portfolio = { "name", "description" },
      Transaction = { "date", "label", "asset", "quantity", "price", "total", "currency" },
      Price = { "date", "price", "asset" },
    }
    local FOLD, MAXDEPTH = 40, 6

    -- What a decimal under a key is: a rate (a fraction shown as a percentage), a percent
    -- (already ×100), money, or a plain decimal.
    local RATE = { twr = 1, twr_annualized = 1, mwr = 1, cagr = 1, growth = 1, modified_dietz = 1, xirr = 1,
      annual_return = 1, volatility = 1, probability = 1, depleted_probability = 1, inflation = 1 }
    local PERCENT = { actual = 1, target = 1, difference = 1, percent = 1, achievement_percent = 1,
      unrealized_gain_percent = 1, gain_percent = 1 }
    local MONEY = { amount = 1, value = 1, current = 1, target_value = 1, end_value = 1, start_value = 1,
      income = 1, net_flows = 1, realized_gain = 1, unrealized_change = 1, final = 1, final_real = 1,
      real_value = 1, contributed = 1, cash = 1, total = 1, new_money = 1, cost_basis = 1,
      current_value = 1, unrealized_gain = 1, p10 = 1, p25 = 1, p50 = 1, p75 = 1, p90 = 1, goal = 1,
      simple = 1, compounding = 1, distance = 1, monthly = 1, start = 1, price_effect = 1, currency_effect = 1,
      main_amount = 1, local_amount = 1, local_price = 1, main_price = 1,
      cost = 1, cost_main = 1, cost_per_unit = 1, cost_per_unit_main = 1, proceeds = 1, gain = 1, fees = 1 }

    local function minor(currency) return MINOR[currency] or 2 end

    -- The decimals a plain decimal shows (tostring keeps at most MAXPLACES, zeros trimmed).
    local function shown_places(d)
      local text = tostring(d)
      local dot = text:find(".", 1, true)
      return dot and #text - dot or 0
    end

    -- The places a decimal under `key` shows; `currency` for money when known.
    local function places_for(d, key, currency)
      if RATE[key] or PERCENT[key] then return 2 end
      if MONEY[key] then return currency and minor(currency) or 2 end
      return shown_places(d)
    end

    -- A decimal as a person reads it, alone (not in a column).
    local function figure(d, key, currency)
      if aftype(d) == "money" then return tostring(d) end  -- its own currency, grouped
      if RATE[key] then return (d * 100):format(2) .. "%" end
      if PERCENT[key] or MONEY[key] then return d:format(places_for(d, key, currency)) end
      return tostring(d)
    end

    local function scalar(v, key)
      if type(v) == "string" then return string.format("%q", v) end
      if aftype(v) == "decimal" and key then return figure(v, key) end
      return tostring(v)
    end

    local function width(s) return utf8.len(s) or #s end

    -- Control characters (C0, DEL, C1) as \xHH: a name in a table cell never reaches the
    -- terminal as an escape sequence (VisibleText does the same for reports).
    local function visible(s)
      s = s:gsub("[%c\127]", function(c) return string.format("\\x%02X", c:byte()) end)
      return (s:gsub("\194([\128-\159])", function(c) return string.format("\\x%02X", c:byte()) end))
    end
    local function pad(s, w, right)
      local gap = string.rep(" ", w - width(s))
      return right and gap .. s or s .. gap
    end

    local function name_of(v)
      local t = aftype(v)
      if t == "Asset" or t == "Portfolio" then
        local ok, name = pcall(function() return v.name end)
        if ok then return name end
      end
    end

    -- Rows of cells under their column names. A column of decimals shows one number of
    -- places (money in a currency with fewer minor units is padded, so points align) and is
    -- right-aligned; rates are percentages. cells(r, column) returns the value and the row's
    -- currency (or nil).
    local function aligned(cols, count, cells, headers)
      local values, currencies, ok_cells, keys = {}, {}, {}, {}
      local widths, numeric, places = {}, {}, {}
      for i, c in ipairs(cols) do widths[i], numeric[i], places[i] = width(headers and headers[i] or c), true, 0 end
      for r = 1, count do
        values[r], currencies[r], ok_cells[r], keys[r] = {}, {}, {}, {}
        for i, c in ipairs(cols) do
          local ok, v, currency = pcall(cells, r, c)
          if ok and type(v) == "number" then v = af.D(v) end  -- one column, one kind of figure
          keys[r][i] = c
          -- Money in the currency the row is labelled with (its currency column, a plan's
          -- heading) shows as its amount in that currency's minor units; other money keeps
          -- its own code.
          if ok and aftype(v) == "money" and currency ~= nil and v.currency == currency then v, keys[r][i] = v.amount, "amount" end
          ok_cells[r][i], values[r][i], currencies[r][i] = ok, ok and v or nil, currency
          local kind = aftype(v)
          if ok and v ~= nil and kind ~= "decimal" and kind ~= "number" and kind ~= "money" then numeric[i] = false end
          if ok and kind == "decimal" then
            local p = places_for(v, keys[r][i], currency)
            if p > places[i] then places[i] = math.min(p, MAXPLACES) end
          end
        end
      end
      local rows = {}
      for r = 1, count do
        local row = {}
        for i in ipairs(cols) do
          local v, text, c = values[r][i], nil, keys[r][i]
          if not ok_cells[r][i] then text = "?"
          elseif v == nil then text = ""
          elseif aftype(v) == "money" then text = tostring(v)  -- labelled with its own currency
          elseif aftype(v) == "decimal" then
            local p = math.min(places_for(v, c, currencies[r][i]), MAXPLACES)
            if RATE[c] then text = (v * 100):format(2) .. "%"
            else
              text = v:format(places[i] > p and (MONEY[c] and p or places[i]) or places[i])
              if MONEY[c] and places[i] > p then text = text .. string.rep(" ", places[i] - p + (p == 0 and 1 or 0)) end
              if not MONEY[c] and not PERCENT[c] and places[i] > 0 then
                -- Prices and quantities: trailing zeros become spaces, so points still align.
                local trimmed = text:gsub("0+$", ""):gsub("%.$", "")
                text = trimmed .. string.rep(" ", #text - #trimmed)
              end
            end
          elseif type(v) == "string" then text = visible(v)
          else text = visible(name_of(v) or tostring(v)) end
          row[i] = text
          if width(text) > widths[i] then widths[i] = width(text) end
        end
        rows[r] = row
      end
      local lines, header, rule = {}, {}, {}
      for i, c in ipairs(cols) do
        header[i] = pad(headers and headers[i] or c, widths[i], numeric[i])
        rule[i] = string.rep("-", widths[i])
      end
      lines[1], lines[2] = table.concat(header, "  "), table.concat(rule, "  ")
      for r, row in ipairs(rows) do
        local out = {}
        for i = 1, #cols do out[i] = pad(row[i], widths[i], numeric[i]) end
        lines[r + 2] = table.concat(out, "  "):gsub("%s+$", "")
      end
      return table.concat(lines, "\n")
    end

    local function is_list(t, n)
      local k = next(t)
      while k ~= nil do
        if math.type(k) ~= "integer" or k < 1 or k > n then return false end
        k = next(t, k)
      end
      return true
    end

    -- A list whose entries are all model objects of one class with known columns.
    local function model_class(t)
      local n = rawlen(t)
      if n == 0 then return nil end
      local class = aftype(t[1])
      if not columns[class] then return nil end
      for i = 2, n do if aftype(t[i]) ~= class then return nil end end
      if not is_list(t, n) then return nil end
      return class
    end

    local function model_table(t, class)
      return aligned(columns[class], rawlen(t), function(r, c)
        local row = t[r]
        local currency = (class == "Asset" or class == "Transaction") and row.currency or nil
        return row[c], currency
      end)
    end

    -- Columns in a meaningful order: what the row is, then its figures, then its status.
    local ORDER = { key = 1, name = 2, date = 3, asset = 4, group = 5, side = 6, action = 6, type = 7,
      quantity = 10, price = 11, current = 12, actual = 13, target = 14, difference = 15, percent = 16,
      value = 17, target_value = 18, amount = 19, status = 90, warning = 91,
      acquired = 3, sold = 4, cost_per_unit = 20, cost = 21, cost_per_unit_main = 22, cost_main = 23,
      proceeds = 24, gain = 26, holding_days = 80, term = 81, main_currency = 92 }

    -- A list of flat records (tables with string keys and scalar values), like the rows
    -- allocation and drift return: shown as an aligned table. Returns its column names.
    local function record_columns(t)
      local n = rawlen(t)
      if n == 0 or not is_list(t, n) then return nil end
      local seen, cols = {}, {}
      for i = 1, n do
        local row = t[i]
        if type(row) ~= "table" or rawlen(row) > 0 then return nil end
        local key, value = next(row)
        while key ~= nil do
          if type(key) ~= "string" or type(value) == "table" or type(value) == "function" then return nil end
          if not seen[key] then seen[key] = true; cols[#cols + 1] = key end
          key, value = next(row, key)
        end
      end
      if #cols == 0 or #cols > 10 then return nil end
      table.sort(cols, function(a, b)
        local la, lb = ORDER[a] or 50, ORDER[b] or 50
        if la ~= lb then return la < lb end
        return a < b
      end)
      return cols
    end

    local function row_currency(row)
      local c = rawget(row, "currency")
      if type(c) == "string" then return c end
      local asset = rawget(row, "asset")
      if aftype(asset) == "Asset" then
        local ok, code = pcall(function() return asset.currency end)
        if ok then return code end
      end
    end

    local function record_table(t, cols)
      return aligned(cols, rawlen(t), function(r, c) return rawget(t[r], c), row_currency(t[r]) end)
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

    -- A long flat record (af.performance()): one field per line, figures right-aligned.
    -- Fields holding tables follow, nested.
    local function field_table(t, keys)
      local names, texts, nested = {}, {}, {}
      local nw, vw = 0, 0
      for _, k in ipairs(keys) do
        local v = rawget(t, k)
        if type(v) == "table" then
          if next(v) ~= nil then nested[#nested + 1] = k end
        else
          local text = type(v) == "string" and v or scalar(v, k)
          names[#names + 1], texts[#texts + 1] = k, text
          if #k > nw then nw = #k end
          if width(text) > vw then vw = width(text) end
        end
      end
      local lines = {}
      for i, k in ipairs(names) do
        local v = rawget(t, k)
        local numeric = type(v) ~= "string" and type(v) ~= "boolean"
        lines[i] = (pad(k, nw) .. "  " .. pad(texts[i], vw, numeric)):gsub("%s+$", "")
      end
      for _, k in ipairs(nested) do lines[#lines + 1] = k .. " = " .. pretty(rawget(t, k), "", {}, 1) end
      return table.concat(lines, "\n")
    end

    -- Fields of a record in reading order: the period, the money from start to end, then the rates.
    local FIELDS = { from = 1, to = 2, start_value = 3, net_flows = 4, income = 5, realized_gain = 6,
      unrealized_change = 7, price_effect = 7.1, currency_effect = 7.2, end_value = 8, growth = 9, twr = 10, twr_annualized = 11, mwr = 12,
      modified_dietz = 13, cagr = 14 }

    local function flat_record(t)
      local n, keys = sorted_keys(t)
      if n > 0 or #keys < 6 then return nil end
      table.sort(keys, function(a, b)
        local fa, fb = FIELDS[a] or 50, FIELDS[b] or 50
        if fa ~= fb then return fa < fb end
        return tostring(a) < tostring(b)
      end)
      for _, k in ipairs(keys) do
        local v = rawget(t, k)
        if type(k) ~= "string" or type(v) == "function" or type(v) == "userdata" and aftype(v) ~= "decimal" and aftype(v) ~= "money" then return nil end
        if type(v) == "table" and (rawlen(v) > 0 or record_columns(v)) then return nil end
      end
      return keys
    end

    -- A rebalancing plan: its trades and summary; the rest stays one field away.
    local function is_plan(t)
      return type(rawget(t, "trades")) == "table" and type(rawget(t, "summary")) == "table" and rawget(t, "strategy") ~= nil
    end

    local function plan_text(t)
      local trades, lines = rawget(t, "trades"), {}
      local n = rawlen(trades)
      lines[1] = "Rebalancing plan (" .. tostring(rawget(t, "strategy")) .. "): " .. n .. " trade" .. (n == 1 and "" or "s")
      if n > 0 then
        -- Price and amount in the asset's own currency, labelled by the currency column; the
        -- amount in the plan's (main) currency last, its currency in the heading.
        local main = rawget(t, "currency") or "main"
        lines[#lines + 1] = aligned({ "name", "side", "quantity", "price", "amount", "currency", "main_amount" }, n, function(r, c)
          local trade = trades[r]
          if c == "price" then return rawget(trade, "local_price") or rawget(trade, "price"), row_currency(trade) end
          if c == "amount" then return rawget(trade, "local_amount") or rawget(trade, "amount"), row_currency(trade) end
          if c == "main_amount" then return rawget(trade, "amount"), main end
          return rawget(trade, c), row_currency(trade)
        end, { "name", "side", "quantity", "price", "amount", "currency", "amount (" .. main .. ")" })
      end
      for _, s in ipairs(rawget(t, "summary")) do lines[#lines + 1] = s end
      local warning = rawget(t, "warning")
      if warning then lines[#lines + 1] = "Warning: " .. tostring(warning) end
      local problems = rawget(t, "problems")
      if type(problems) == "table" then for _, p in ipairs(problems) do lines[#lines + 1] = "Problem: " .. tostring(p) end end
      lines[#lines + 1] = "(fields: trades, before, after, summary; plan:apply{ date = … } books the trades)"
      return table.concat(lines, "\n")
    end

    -- A projection: the figures a person asks first; the path one field away.
    local function is_projection(t)
      local final = aftype(rawget(t, "final"))
      return type(rawget(t, "path")) == "table" and (final == "decimal" or final == "money")
    end

    local function projection_text(t)
      local rows = {}
      local function add(label, text) if text then rows[#rows + 1] = { label, text } end end
      local function money(k) local v = rawget(t, k); return v ~= nil and figure(v, "value") or nil end
      add("final value", money("final"))
      add("final value, today's money", money("final_real"))
      local goal = rawget(t, "goal")
      if goal then
        -- reach_date compares the value in today's money with the goal (the median run's
        -- date with runs); reach_date_nominal the value as it will be counted then.
        local real = rawget(t, "reach_date")
        local dates = rawget(t, "reach_dates")
        if real == nil and type(dates) == "table" then real = rawget(dates, "p50") end
        add("goal", money("goal"))
        add("reaches the goal", rawget(t, "reach_date_nominal") or "not within the horizon")
        add("reaches it in today's money", real or "not within the horizon")
        if type(dates) == "table" then
          -- Monte Carlo: the date by which 10 %, 50 %, 90 % of the runs reached the goal.
          local names, parts = {}, {}
          for k in pairs(dates) do if type(k) == "string" and k:match("^p%d+$") then names[#names + 1] = k end end
          table.sort(names, function(a, b) return tonumber(a:sub(2)) < tonumber(b:sub(2)) end)
          for _, k in ipairs(names) do parts[#parts + 1] = k:sub(2) .. "% of runs by " .. tostring(rawget(dates, k)) end
          if #parts > 0 then add("runs reaching it", table.concat(parts, ", ")) end
        end
      end
      local probability = rawget(t, "probability")
      if probability then add("probability", figure(probability, "probability")) end
      local required = rawget(t, "required_monthly")
      if type(required) == "table" and rawget(required, "compounding") then
        add("required monthly", figure(rawget(required, "compounding"), "value") .. " (compounding), "
          .. figure(rawget(required, "simple"), "value") .. " (simple)")
      end
      local w = 0
      for _, r in ipairs(rows) do if #r[1] > w then w = #r[1] end end
      local lines = { "Projection over " .. tostring(rawget(t, "months")) .. " months"
        .. (rawget(t, "runs") and (" (" .. tostring(rawget(t, "model")) .. ", " .. tostring(rawget(t, "runs")) .. " runs)") or "") }
      -- What it assumed, and in which money the goal is compared.
      local assumed = {}
      local function rate(k, label) local v = rawget(t, k); if aftype(v) == "decimal" then assumed[#assumed + 1] = label .. " " .. figure(v, "annual_return") end end
      assumed[#assumed + 1] = "model " .. tostring(rawget(t, "model") or "deterministic")
      rate("annual_return", "return"); rate("volatility", "volatility"); rate("inflation", "inflation")
      if rawget(t, "runs") then assumed[#assumed + 1] = tostring(rawget(t, "runs")) .. " runs, seed " .. tostring(rawget(t, "seed")) end
      lines[#lines + 1] = "  assumes " .. table.concat(assumed, ", ")
      if goal then
        local inflation = rawget(t, "inflation")
        lines[#lines + 1] = "  the goal is compared in today's money (values ÷ inflation)"
          .. ((aftype(inflation) == "decimal" and inflation:eq(0)) and ": the same as nominal, inflation is 0" or "; reach_date_nominal in nominal money")
      end
      for _, r in ipairs(rows) do lines[#lines + 1] = "  " .. pad(r[1], w) .. "  " .. r[2] end
      lines[#lines + 1] = "(fields: path" .. (rawget(t, "percentiles") and ", percentiles" or "") .. ", and the figures above)"
      return table.concat(lines, "\n")
    end

    pretty = function(v, indent, seen, depth, key)
      if type(v) ~= "table" then return scalar(v, key) end
      if seen[v] then return "<cycle>" end
      if v == rawget(af, "settings") then return tostring(v) end  -- its keys and values (its own __tostring)
      local class = model_class(v)
      if class then return model_table(v, class) end
      local cols = record_columns(v)
      if cols and depth == 0 then return record_table(v, cols) end
      if depth == 0 and is_plan(v) then return plan_text(v) end
      if depth == 0 and is_projection(v) then return projection_text(v) end
      if depth == 0 then
        local keys = flat_record(v)
        if keys then return field_table(v, keys) end
      end
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
        items[#items + 1] = key_text(k) .. " = " .. pretty(v[k], indent .. "  ", seen, depth + 1, k)
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
      -- Trailing nils after a table (drift's absent warning) are not shown.
      local count = select("#", ...)
      if type((...)) == "table" then
        while count > 1 and select(count, ...) == nil do count = count - 1 end
      end
      local out = {}
      for i = 1, count do out[i] = pretty((select(i, ...)), "", {}, 0) end
      return table.concat(out, "\t")
    end
    """#
}
