import CLua
import CLuaShim
import Testing
@testable import LuaBridge

/// The step-counting pattern matcher (CLuaShim/patterns.c) against Lua's own: the same
/// results and the same errors for hand-picked and for seeded random patterns, subjects and
/// replacements; and the probe's pathological patterns stop at the timeout (issue 15, item 10).
@Suite("Pattern matcher")
struct PatternMatcherTests {
    /// A trusted state whose global `lua_patterns` holds Lua's own find/match/gmatch/gsub.
    func stateWithBothMatchers() throws -> LuaState {
        let lua = try LuaState(trusted: true)
        let call = LuaCall(lua.L)
        call.rawField("clua.lua_patterns", of: clua_registryindex())
        lua.setGlobal("lua_patterns")
        return lua
    }

    static let compare = """
        local cases, seed, random_cases = ...
        local ours = { find = string.find, match = string.match, gmatch = string.gmatch, gsub = string.gsub }
        local theirs = lua_patterns
        local function show(ok, ...)
          local parts = { tostring(ok) }
          for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
          return table.concat(parts, "|")
        end
        local function all(lib, s, p, init)
          local out = {}
          local ok, err = pcall(function() for a, b, c in lib.gmatch(s, p, init) do out[#out + 1] = show(true, a, b, c) if #out > 50 then break end end end)
          if not ok then out[#out + 1] = "error " .. tostring(err) end
          return table.concat(out, ";")
        end
        local replacements = { "<%0>", "%1-%2", "%%", "x", { a = "A", b = false }, function(a, b) return b and a .. b or nil end, "%9", "%" }
        local mismatches = {}
        local function check(s, p, init, repl)
          for _, name in ipairs{ "find", "match", "gsub", "gmatch" } do
            local mine, lua
            if name == "gmatch" then
              mine, lua = all(ours, s, p, init), all(theirs, s, p, init)
            elseif name == "gsub" then
              mine, lua = show(pcall(ours.gsub, s, p, repl, init)), show(pcall(theirs.gsub, s, p, repl, init))
            else
              mine, lua = show(pcall(ours[name], s, p, init)), show(pcall(theirs[name], s, p, init))
            end
            if mine ~= lua then
              mismatches[#mismatches + 1] = string.format("%s(%q, %q, %s): ours %q, Lua %q", name, s, p, tostring(init), mine, lua)
            end
          end
        end
        for _, c in ipairs(cases) do check(c[1], c[2], c[3], replacements[(#mismatches % #replacements) + 1]) end
        math.randomseed(seed)
        local tokens = { "a", "b", ".", "%a", "%d", "%s", "%w", "%A", "[ab]", "[^a]", "[a-c]", "[%d_]", "(", ")", "()", "%1",
          "*", "+", "-", "?", "^", "$", "%b()", "%f[%w]", "%", "[", "]", "x", "%.", "%%" }
        local letters = { "a", "b", "c", "(", ")", " ", "1", "2", "_", ".", "%", "x" }
        for i = 1, random_cases do
          local p, s = {}, {}
          for _ = 1, math.random(1, 7) do p[#p + 1] = tokens[math.random(#tokens)] end
          for _ = 1, math.random(0, 14) do s[#s + 1] = letters[math.random(#letters)] end
          local init = ({ nil, 1, 2, -3, 0, 30 })[math.random(6)]
          check(table.concat(s), table.concat(p), init, replacements[math.random(#replacements)])
        end
        return table.concat(mismatches, "\\n")
        """

    static let cases: [(String, String, Int?)] = [
        ("hello world", "o w", nil), ("hello world", "l+", nil), ("hello", "l*", 4), ("hello", "", 10), ("hello", "", 6),
        ("key = value", "(%w+)%s*=%s*(%w+)", nil), ("f(a(b)c)d", "%b()", nil), ("THE (quick) fox", "%f[%a]%a+", nil),
        ("abc", "^b", nil), ("abc", "c$", nil), ("a$b", "$b", nil), ("aaa", "a-", nil), ("aaa", "a-$", nil), ("x=1, y=2", "()=", nil),
        ("abcabc", "(abc)%1", nil), ("abc", "%1", nil), ("abc", "(a", nil), ("abc", "a)", nil), ("abc", "[a", nil), ("abc", "%", nil),
        ("abc", "%f", nil), ("abc", "%b", nil), ("a]b", "[]]", nil), ("a-b", "[a-]", nil), ("a^b", "[%^]", nil), ("", "x*", nil),
        ("one two  three", "%s+", nil), ("2024-01-31", "(%d+)-(%d+)-(%d+)", nil), ("abc", ".-", nil), ("abc", "()", nil),
        ("hello", "l", -2), ("hello", "l", -100), ("a.b", ".", nil), ("a.b", "%.", nil), ("\0a\0", "%z", nil), ("a\0b", "\0", nil),
        ("aXb", "%u", nil), ("a,b,,c", "([^,]*)", nil), ("abc", "((a)(b))", nil), ("abc", "(%w)(%w)?", nil),
    ]

    @Test("the same results and errors as Lua's own matcher")
    func sameAsLua() throws {
        let lua = try stateWithBothMatchers()
        let results = try lua.execute(Self.compare, name: "=compare", results: 1) {
            let call = LuaCall(lua.L)
            call.newTable(arrayCount: Self.cases.count)
            for (i, c) in Self.cases.enumerated() {
                call.newTable(arrayCount: 3)
                call.pushString(c.0); call.setElement(1, of: -2)
                call.pushString(c.1); call.setElement(2, of: -2)
                if let start = c.2 { call.pushInteger(Int64(start)); call.setElement(3, of: -2) }
                call.setElement(i + 1, of: -2)
            }
            call.pushInteger(15)
            call.pushInteger(20_000)
            return 3
        }
        let mismatches = LuaCall(lua.L).string(at: -results) ?? "?"
        #expect(mismatches.isEmpty, "\(mismatches.split(separator: "\n").prefix(20).joined(separator: "\n"))")
    }

    @Test("10: the probe's pathological patterns stop at the timeout", arguments: [
        #"string.find(string.rep("a", 100000), ".-b")"#,
        #"string.find(string.rep("a", 26), ("a?"):rep(26) .. ("a"):rep(26) .. "b")"#,
        #"string.find(("a"):rep(60), ("a?"):rep(26) .. ("a"):rep(26) .. "b")"#,
        #"string.find(string.rep("[x", 3000), "%b[x.-.-.-.-z")"#,
        #"string.gsub(string.rep("a", 100000), ".-b", "")"#,
        #"for _ in string.gmatch(string.rep("a", 100000), ".-b") do end"#,
        #"string.match(string.rep("a", 2000), ".-.-.-b")"#,
    ])
    func pathological(code: String) throws {
        let lua = try LuaState()
        lua.setLimits(timeoutSeconds: 0.2, memoryBytes: 0)
        #expect(throws: LuaError.aborted("timeout: the script ran longer than 0.2 s (raise it with --timeout)")) {
            try lua.execute("pcall(function() \(code) end) " + code, name: "=t")
        }
    }

    @Test("cheap patterns on long subjects run: cost, not shape, is what is bounded")
    func cheapOnLong() throws {
        let lua = try LuaState()
        lua.setLimits(timeoutSeconds: 30, memoryBytes: 0)
        let n = try lua.execute("""
            local text = string.rep("word, other;  ", 100000)
            local count = select(2, text:gsub("%s+", " "))
            local words = 0 for w in text:gmatch("%a+") do words = words + 1 end
            return count, words, text:find("(%d+)%.(%d+)"), (text .. "12.5"):match("(%d+)%.(%d+)")
            """, name: "=t", results: 5)
        let call = LuaCall(lua.L)
        #expect(call.integer(at: -n) == 200000)
        #expect(call.integer(at: -n + 1) == 200000)
        #expect(call.isNil(at: -n + 2))
        #expect(call.string(at: -n + 3) == "12")
    }
}
