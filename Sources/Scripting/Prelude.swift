/// Lua code run once in every environment, after the bindings are installed. Global
/// aliases such as `D` and `help` come from the registry's `globalAlias`; `af.settings`
/// from `Registry.settings`.
enum Prelude {
    static var source: String {
        let known = Registry.settings.map(\.name).joined(separator: ", ")
        let entries = Registry.settings.map { "[\"\($0.name)\"] = { get = af.\($0.getter), set = af.\($0.setter) }" }.joined(separator: ",\n        ")
        return """
        local settings = {
            \(entries)
        }
        local function unknown(key)
            error("af.settings has no setting '" .. tostring(key) .. "' (known: \(known))", 3)
        end
        af.settings = setmetatable({}, {
            __index = function(_, key)
                local s = settings[key]
                if s then return s.get() end
                unknown(key)
            end,
            __newindex = function(_, key, value)
                local s = settings[key]
                if s then return s.set(value) end
                unknown(key)
            end,
        })
        """
    }
}
