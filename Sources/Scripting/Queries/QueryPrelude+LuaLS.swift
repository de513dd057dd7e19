extension QueryPrelude {
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
}
