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
        local order = { \(Registry.settings.map { "\"\($0.name)\"" }.joined(separator: ", ")) }
        -- Shown as its keys and values (print, tostring, the REPL), and walked by pairs.
        local function show()
            local lines = {}
            for _, key in ipairs(order) do
                local ok, value = pcall(settings[key].get)
                lines[#lines + 1] = key .. " = " .. (ok and (type(value) == "string" and string.format("%q", value) or tostring(value)) or "(" .. tostring(value) .. ")")
            end
            return "af.settings {\\n  " .. table.concat(lines, "\\n  ") .. "\\n}"
        end
        af.settings = setmetatable({}, {
            __tostring = show,
            __name = "af.settings",
            __pairs = function()
                local i = 0
                return function()
                    i = i + 1
                    local key = order[i]
                    if key then return key, settings[key].get() end
                end, nil, nil
            end,
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
