import Foundation
import Testing
@testable import Core
@testable import LuaBridge
@testable import Scripting
@testable import Store

/// Calls every binding and method of the registry with hostile arguments (wrong types, nil,
/// huge and tiny numbers, NaN and infinities, 1 MB strings, deep and trapped tables,
/// functions, coroutines, userdata of the wrong class), while the garbage collector runs
/// after every call and finalizers call bindings too. Seeded: AF_FUZZ_SEED and
/// AF_FUZZ_CALLS reproduce or lengthen a run. It runs in-process on purpose: anything fatal
/// (a crash, a Swift trap, an unprotected Lua error) kills the test binary and fails the suite.
@Suite("Bindings fuzz")
struct BindingsFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    let seed = Int(environment["AF_FUZZ_SEED"] ?? "") ?? 15
    let calls = Int(environment["AF_FUZZ_CALLS"] ?? "") ?? 20_000

    /// The named fields a binding's signature lists (`{name, type, …}` → name, type).
    static func namedFields(_ signature: String) -> [String] {
        guard signature.hasPrefix("{"), let close = signature.firstIndex(of: "}") else { return [] }
        return signature[signature.index(after: signature.startIndex)..<close]
            .split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? "" }
            .filter { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "_" } }
    }

    /// Pushes a Lua list of {owner, name, fields...} for one kind of binding.
    static func push(_ bindings: [Binding], _ call: LuaCall) -> Int32 {
        call.newTable(arrayCount: bindings.count)
        for (i, binding) in bindings.enumerated() {
            call.newTable()
            call.pushString(binding.owner)
            call.setField("owner", of: -2)
            call.pushString(binding.name)
            call.setField("name", of: -2)
            let fields = namedFields(binding.signature)
            call.newTable(arrayCount: fields.count)
            for (k, field) in fields.enumerated() {
                call.pushString(field)
                call.setElement(k + 1, of: -2)
            }
            call.setField("fields", of: -2)
            call.setElement(i + 1, of: -2)
        }
        return 1
    }

    @Test("every binding and method under hostile arguments and a constantly running GC: the host never dies")
    func fuzzRegistry() throws {
        let store = try AssetFlowStore(path: nil)
        let folder = NSTemporaryDirectory() + "af-fuzz-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var done = 0, failed = 0, succeeded = 0
        try store.withSession(today: CalendarDate("2024-06-01")!) { session in
            let env = try ScriptEnvironment(session: session)
            env.reports.reportsFolder = folder + "/reports"
            env.reports.outputPath = nil
            var printedBytes = 0
            env.output = { printedBytes += $0.utf8.count }
            try env.lua.execute(Self.setup, name: "=fuzz-setup")
            try env.lua.execute(Self.driver, name: "=fuzz") {
                let call = LuaCall(env.lua.L)
                call.pushInteger(Int64(seed))
                call.pushInteger(Int64(calls))
                _ = Self.push(Registry.all.filter { $0.kind == .function }, call)
                _ = Self.push(Registry.all.filter { $0.kind == .method }, call)
                _ = Self.push(Registry.all.filter { $0.kind == .field }, call)
                return 5
            }
            // Still a working interpreter and store after all that.
            let n = try env.lua.execute("return FUZZ.calls, FUZZ.failed, FUZZ.succeeded, #af.portfolios() >= 0", name: "=fuzz-after", results: 4)
            let call = LuaCall(env.lua.L)
            done = Int(call.integer(at: -n) ?? 0)
            failed = Int(call.integer(at: -n + 1) ?? 0)
            succeeded = Int(call.integer(at: -n + 2) ?? 0)
            #expect(call.boolean(at: -1))
            env.lua.setTop(0)
            env.close()
        }
        #expect(done >= calls, "seed \(seed)")
        #expect(failed > 0 && succeeded > 0, "seed \(seed): \(failed) errors, \(succeeded) successes")
    }

    /// Objects of every class for the driver to use (and misuse).
    static let setup = """
        local p = af.create_portfolio{ name = "Fuzz" }
        local a = af.create_asset{ name = "ACME", type = "stock", currency = "USD", portfolio = p, quantity = 10, cost_basis = "100", date = "2024-01-02" }
        local b = af.create_asset{ name = "Bond", type = "bond", currency = "USD", portfolio = p, quantity = 5, cost_basis = "50", date = "2024-01-02" }
        local price = a:record_price{ price = "120.5", date = "2024-03-01" }
        local plan = af.create_investment_plan{ name = "House", target_amount = 100000, monthly_contribution = 500, start_date = "2024-01-01", target_date = "2030-01-01" }
        local saving = af.create_saving_plan{ name = "Monthly", asset = a, amount = 100, frequency = "monthly", start_date = "2024-01-01" }
        local report = af.report.new{ title = "Fuzz" }
        FUZZ_OBJECTS = {
          Portfolio = { p }, Asset = { a, b }, Transaction = a:transactions(), Price = { price },
          InvestmentPlan = { plan }, SavingPlan = { saving }, Report = { report }, decimal = { D"1.5", D"0", D"-7" },
        }
        """

    static let driver = """
        local seed, total, functions, methods, fields = ...
        math.randomseed(seed)
        local R = math.random
        FUZZ = { calls = 0, failed = 0, succeeded = 0 }
        local objects = FUZZ_OBJECTS
        local classes = {}
        for name in pairs(objects) do classes[#classes + 1] = name end
        table.sort(classes)

        local megabyte = string.rep("a", 1 << 20)
        local deep = {}
        do local t = deep for _ = 1, 300 do local n = {} t[1] = n; t.next = n; t = n end end
        local trap = setmetatable({}, {
          __index = function() error("index trap") end, __newindex = function() error("newindex trap") end,
          __len = function() return math.maxinteger end, __pairs = function() error("pairs trap") end,
          __tostring = function() error("tostring trap") end, __eq = function() error("eq trap") end,
          __lt = function() error("lt trap") end, __concat = function() error("concat trap") end,
        })
        local wide = {}
        for i = 1, 2000 do wide[i] = i; wide["k" .. i] = tostring(i) end
        local scalars = { false, true, 0, -1, 1, 2, 12, 100, 1000000, math.maxinteger, math.mininteger, 2^53, 2^63, -2^63,
          1e308, -1e308, 1/0, -1/0, 0/0, 5e-324, 0.5, -0.0, 1e-300, "", "abc", "2024-01-01", "2024-02-30", "0001-01-01",
          "9999-12-31", "1.5", "-0", "1e400", "0." .. string.rep("0", 80) .. "1", string.rep("9", 60), "stock", "bond", "cash",
          "monthly", "yearly", "money", "percent", "markdown", "html", "json", "csv", "type", "category", "full", "bands",
          "buy", "sell", "\\0", "%s%d%b()", "ACME", "Fuzz", "fuzz.html", "fuzz.lua" }
        local call_random  -- defined below

        local function pick(list) return list[R(#list)] end
        local function key() local k = pick(scalars); if k ~= k then return "nan" end; return k end

        local function value(depth)
          local roll = R(100)
          if roll <= 8 then return nil
          elseif roll <= 55 then return pick(scalars)
          elseif roll <= 58 then return megabyte
          elseif roll <= 61 then return deep
          elseif roll <= 64 then return trap
          elseif roll <= 66 then return wide
          elseif roll <= 70 then return function(...) if R(3) == 1 then error("callback error") end; if R(3) == 1 then call_random(depth + 1) end; return value(depth + 1) end
          elseif roll <= 72 then return coroutine.create(function() coroutine.yield(1) end)
          elseif roll <= 84 then return pick(objects[pick(classes)])
          elseif roll <= 87 then return D(pick({ "0", "1", "-1", "0.01", "123456789.123456789", string.rep("9", 30) }))
          elseif depth < 3 then
            local t = {}
            for i = 1, R(0, 6) do
              if R(2) == 1 then t[i] = value(depth + 1) else t[key()] = value(depth + 1) end
            end
            return t
          end
          return pick(scalars)
        end

        local function named(fields, depth)
          local t = {}
          for _, field in ipairs(fields) do
            if R(3) > 1 then t[field] = value(depth + 1) end
          end
          if R(10) == 1 then t[key()] = value(depth + 1) end  -- an unknown field
          return t
        end

        local function arguments(binding, depth)
          local args, n = {}, R(0, 4)
          for i = 1, n do args[i] = value(depth) end
          if #binding.fields > 0 and R(4) > 1 then args[1] = named(binding.fields, depth); n = math.max(n, 1) end
          return args, n
        end

        local function resolve(path)
          local v = _G
          for key in path:gmatch("[^.]+") do v = type(v) == "table" and rawget(v, key) or nil end
          return v
        end

        call_random = function(depth)
          depth = depth or 0
          if depth > 2 then return end
          FUZZ.calls = FUZZ.calls + 1
          local kind = R(10)
          local ok
          if kind <= 4 then
            local binding = pick(functions)
            local f = resolve(binding.owner .. "." .. binding.name)
            local args, n = arguments(binding, depth)
            ok = pcall(f, table.unpack(args, 1, n))
          elseif kind <= 8 then
            local binding = pick(methods)
            local list = objects[binding.owner] or {}
            local self = (R(5) > 1 and #list > 0) and pick(list) or value(depth)
            local args, n = arguments(binding, depth)
            local method
            if #list > 0 then method = pick(list)[binding.name] end
            ok = pcall(method or error, self, table.unpack(args, 1, n))
          else
            local binding = pick(fields)
            local list = objects[binding.owner] or {}
            local target = (R(5) > 1 and #list > 0) and pick(list) or value(depth)
            ok = pcall(function() return target[binding.name] end)
          end
          if ok then FUZZ.succeeded = FUZZ.succeeded + 1 else FUZZ.failed = FUZZ.failed + 1 end
        end

        local function finalizer()
          setmetatable({}, { __gc = function() pcall(call_random, 1) end })
        end

        while FUZZ.calls < total do
          if FUZZ.calls % 500 == 0 then collectgarbage(R(2) == 1 and "generational" or "incremental") end
          if R(4) == 1 then finalizer() end
          if R(6) == 1 then
            pcall(coroutine.wrap(call_random), 1)  -- bindings called from a coroutine use its stack
          else
            call_random(0)
          end
          collectgarbage("step")
        end
        collectgarbage()
        """
}
