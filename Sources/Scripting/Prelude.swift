/// Lua code run once in every environment, after the bindings are installed (global
/// aliases such as `D` and `help` come from the registry's `globalAlias`).
enum Prelude {
    static let source = """
    af.settings = setmetatable({}, {
        __index = function(_, key)
            if key == "financial_goal" then return af.financial_goal() end
            error("af.settings has no setting '" .. tostring(key) .. "' (known: financial_goal)", 2)
        end,
        __newindex = function(_, key, value)
            if key == "financial_goal" then return af.set_financial_goal(value) end
            error("af.settings has no setting '" .. tostring(key) .. "' (known: financial_goal)", 2)
        end,
    })
    """
}
