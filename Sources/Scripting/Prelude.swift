/// Lua code run once in every environment, after the bindings are installed.
enum Prelude {
    static let source = """
    D = af.D
    help = af.help
    af.settings = setmetatable({}, {
        __index = function(_, key)
            if key == "financial_goal" then return af.financial_goal() end
            if key == "main_currency" then return af.main_currency() end
            error("af.settings has no setting '" .. tostring(key) .. "' (known: financial_goal, main_currency)", 2)
        end,
        __newindex = function(_, key, value)
            if key == "financial_goal" then return af.set_financial_goal(value) end
            if key == "main_currency" then af.set_main_currency(value); return end
            error("af.settings has no setting '" .. tostring(key) .. "' (known: financial_goal, main_currency)", 2)
        end,
    })
    """
}
