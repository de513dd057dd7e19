import Foundation
import Testing
@testable import Core
@testable import LuaBridge
@testable import Scripting
@testable import Store

/// The probe's scripts against --timeout, --max-memory and Ctrl-C (issue 15, items 4, 10,
/// 12): each must stop with the limit's message. A regression shows as a hang or a crash.
@Suite("Limits under attack")
struct LimitsUnderAttackTests {
    /// Removed when the test is done (each test has its own instance).
    let temporary = TemporaryFolder("limits")
    var folder: String { temporary.path }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func run(_ source: String, timeout: Double = 0, memoryMB: Int = 0) throws -> (printed: String, outcome: ScriptRunner.Outcome) {
        let path = folder + "/script-\(UUID().uuidString).lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        var options = ScriptRun()
        options.timeoutSeconds = timeout
        options.maxMemoryMB = memoryMB
        var printed = ""
        let outcome = try ScriptRunner.run(path: path, arguments: [], store: AssetFlowStore(path: nil), options: options,
                                           today: CalendarDate("2024-06-01")!, output: { printed += $0 })
        return (printed, outcome)
    }

    // MARK: issue 23: host memory a script causes

    @Test("23: af.import of script text counts the host's reading of it against --max-memory; nothing is written")
    func importTextCounted() throws {
        let (printed, outcome) = try run("""
            local text = "Date,Asset,Price\\n" .. string.rep("2024-01-02,A,1\\n", 200000)  -- 3 MB
            collectgarbage()
            print(collectgarbage("count") < 12 * 1024)
            print(pcall(af.import, { kind = "prices", text = text }))
            print(#af.assets())
            """, memoryMB: 24)
        #expect(printed.hasPrefix("true\n"))  // Lua's own heap is far below the limit
        #expect(!outcome.succeeded)
        #expect(outcome.error?.contains("memory limit exceeded: 24 MB (raise it with --max-memory)") == true, "\(outcome.error ?? "")")
        #expect(!printed.contains("\ntrue"))
    }

    @Test("23: rows a script writes count against --max-memory (a loop of writes stops with the limit's message)")
    func rowsWrittenCounted() throws {
        let (printed, outcome) = try run("""
            local rows = { "Date,Asset,Price" }
            for i = 1, 2000 do rows[#rows + 1] = string.format("2020-%02d-%02d,A%d,%d", i % 12 + 1, i % 28 + 1, i, i) end
            local text = table.concat(rows, "\\n")
            rows = nil
            for i = 1, 20 do
              af.import{ kind = "prices", text = text:gsub(",A(%d+),", ",B" .. i .. "_%1,") }
              print(i)
            end
            """, memoryMB: 16)
        #expect(!outcome.succeeded)
        #expect(outcome.error?.contains("memory limit exceeded: 16 MB") == true, "\(outcome.error ?? "")")
        #expect(!printed.contains("20\n"))
    }

    @Test("23: single writes in a loop count too: portfolios created one by one stop at the limit, though Lua's heap stays small")
    func singleWritesCounted() throws {
        let (printed, outcome) = try run("""
            for i = 1, 20000 do
              af.create_portfolio{ name = 'P' .. i }
              if i % 1000 == 0 then collectgarbage() end
            end
            print("survived", collectgarbage("count") < 6 * 1024)
            """, memoryMB: 8)
        #expect(!outcome.succeeded)
        #expect(outcome.error?.contains("memory limit exceeded: 8 MB") == true, "\(outcome.error ?? "")")
        #expect(printed == "")
    }

    // MARK: 4. coroutine nesting

    @Test("4: coroutine.close nested through __close handlers over 20,000 coroutines ends with an error, not SIGSEGV")
    func nestedClose() throws {
        let (printed, outcome) = try run("""
            local coro = false
            for i = 1, 20000 do
              local previous = coro
              coro = coroutine.create(function()
                local cc <close> = setmetatable({}, {__close = function()
                  if previous then
                    local ok, err = coroutine.close(previous)
                    if not ok then error(err, 0) end
                  end
                end})
                coroutine.yield()
              end)
              coroutine.resume(coro)
            end
            print(coroutine.close(coro))
            """)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        #expect(printed.hasPrefix("false\t") && printed.contains("coroutines nested too deeply"), "\(printed)")
    }

    @Test("4: resumes nested 20,000 deep end with an error")
    func nestedResume() throws {
        let (printed, outcome) = try run("""
            local function nest(n)
              if n == 0 then return "bottom" end
              return coroutine.wrap(nest)(n - 1)
            end
            print(pcall(nest, 20000))
            local function nest2(n)
              if n == 0 then return "bottom" end
              local co = coroutine.create(nest2)
              local ok, value = coroutine.resume(co, n - 1)
              if not ok then error(value, 0) end
              return value
            end
            print(pcall(nest2, 20000))
            print(pcall(nest, 40))
            """)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("false") && (lines[0].contains("nested too deeply") || lines[0].contains("C stack overflow")), "\(lines)")
        #expect(lines[1].hasPrefix("false") && (lines[1].contains("nested too deeply") || lines[1].contains("C stack overflow")), "\(lines)")
        #expect(lines[2] == "true\tbottom")
    }

    @Test("coroutine.wrap keeps Lua's behaviour: values, yields, errors with a position, dead coroutines")
    func wrapBehaviour() throws {
        let (printed, outcome) = try run("""
            local gen = coroutine.wrap(function(a) local b = coroutine.yield(a + 1); return b * 2 end)
            print(gen(1), gen(10))
            print(pcall(gen))
            local bad = coroutine.wrap(function() error("inner") end)
            print(pcall(bad))
            local t = {}
            for v in coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end) do t[#t + 1] = v end
            print(table.concat(t, ","))
            print(coroutine.resume(coroutine.create(function(...) return select("#", ...) end), 1, 2, 3))
            print(pcall(coroutine.resume, 42))
            """)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines[0] == "2\t20")
        #expect(lines[1].hasPrefix("false\t") && lines[1].contains("dead coroutine"), "\(lines)")
        #expect(lines[2].hasPrefix("false\t") && lines[2].contains("inner"), "\(lines)")
        #expect(lines[3] == "1,2,3")
        #expect(lines[4] == "true\t3")
        #expect(lines[5].hasPrefix("false\t"))
    }

    // MARK: 10. the timeout reaches everything

    @Test("10: --timeout stops a pcall loop inside a coroutine", arguments: [
        "coroutine.wrap(function() while true do pcall(function() while true do end end) end end)()",
        "local co = coroutine.create(function() while true do pcall(function() while true do end end) end end)\nwhile true do coroutine.resume(co) end",
        "local early = coroutine.create(function() while true do pcall(string.rep, 'x', 10) end end)\nwhile true do pcall(coroutine.resume, early) end",
        "coroutine.wrap(function() coroutine.wrap(function() while true do pcall(error, 'x') end end)() end)()",
    ])
    func timeoutInCoroutines(code: String) throws {
        let (_, outcome) = try run(code, timeout: 0.2)
        #expect(!outcome.succeeded)
        #expect(outcome.error?.hasPrefix("timeout: the script ran longer than 0.2 s") == true, "\(outcome.error ?? "")")
    }

    @Test("10: C loops stop at the timeout or return at once", arguments: [
        ("print(#string.rep('', math.maxinteger), #string.rep('', math.maxinteger, ''))", "0\t0\n", false),
        ("table.move({}, 1, math.maxinteger - 1, 2)", "", true),
        ("local t = {} table.move(t, 1, math.maxinteger // 2, 3, {})", "", true),
        ("while true do local s = string.rep('ab', 50000000, ',') end", "", true),
    ])
    func cLoops(code: String, printed expected: String, timesOut: Bool) throws {
        let (printed, outcome) = try run(code, timeout: 0.3)
        #expect(printed == expected)
        if timesOut {
            #expect(outcome.error?.hasPrefix("timeout:") == true, "\(outcome.error ?? "")")
        } else {
            #expect(outcome.succeeded, "\(outcome.error ?? "")")
        }
    }

    @Test("10: a looping __gc finalizer stops at the timeout in-process, during the run or at close, and nothing is committed", arguments: [
        "setmetatable({}, {__gc = function() while true do end end})\ncollectgarbage()\nprint('not reached')",
        "setmetatable({}, {__gc = function() while true do end end})",
        "setmetatable({}, {__gc = function() while true do pcall(function() while true do end end) end end})\ncollectgarbage()",
    ])
    func loopingFinalizer(code: String) throws {
        let store = try AssetFlowStore(path: nil)
        let path = folder + "/script-\(UUID().uuidString).lua"
        try ("af.create_portfolio{ name = 'Lost' }\n" + code).write(toFile: path, atomically: true, encoding: .utf8)
        var options = ScriptRun()
        options.timeoutSeconds = 0.3
        var printed = ""
        let outcome = try ScriptRunner.run(path: path, arguments: [], store: store, options: options,
                                           today: CalendarDate("2024-06-01")!, output: { printed += $0 })
        #expect(!outcome.succeeded)
        #expect(outcome.error?.hasPrefix("timeout: the script ran longer than 0.3 s") == true, "\(outcome.error ?? "")")
        #expect(printed == "")
        #expect(try store.withSession { try $0.portfolio(named: "Lost") } == nil)
    }

    @Test("finalizers still run, print and see their object behind the guard")
    func guardedFinalizers() throws {
        let (printed, outcome) = try run("""
            local mt = {__gc = function(o) print("bye", o.name) end}
            setmetatable({name = "a"}, mt)
            setmetatable({name = "b"}, mt)
            collectgarbage()
            print(type(getmetatable(setmetatable({}, mt)).__gc))
            """, timeout: 5)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(Set(lines.prefix(2)) == ["bye\ta", "bye\tb"])
        #expect(lines.count == 4 && lines[2] == "function" && lines[3] == "bye\tnil")
    }

    @Test("10: table.insert and table.remove refuse a __len far beyond the table")
    func hugeLength() throws {
        let (printed, outcome) = try run("""
            local t = setmetatable({}, {__len = function() return math.maxinteger end})
            print(pcall(table.insert, t, 1, "x"))
            print(pcall(table.remove, t, 1))
            local ok = setmetatable({1, 2, 3}, {__len = function(t) return rawlen(t) end})
            table.insert(ok, 1, 0); print(table.concat(ok, ","), table.remove(ok, 1))
            """, timeout: 5)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("far beyond"), "\(lines)")
        #expect(lines[1].contains("far beyond"), "\(lines)")
        #expect(lines[2] == "0,1,2,3\t0")
    }

    @Test("table.move keeps Lua's results for overlapping and long moves")
    func moveSemantics() throws {
        let (printed, outcome) = try run("""
            local t = {} for i = 1, 10000 do t[i] = i end
            table.move(t, 1, 9000, 2)
            print(t[1], t[2], t[9001], t[10000])
            local u = {} for i = 1, 10000 do u[i] = i end
            table.move(u, 2, 10000, 1)
            print(u[1], u[9999], u[10000])
            local v = table.move(u, 1, 5000, 1, {})
            print(#v, v[5000])
            """)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        #expect(printed == "1\t1\t9000\t10000\n2\t10000\t10000\n5000\t5001\n")
    }

    @Test("10: the first Ctrl-C stops a pcall loop inside a coroutine")
    func interruptInCoroutine() throws {
        let store = try AssetFlowStore(path: nil)
        let message: String? = try store.withSession(today: CalendarDate("2024-06-01")!) { session in
            let env = try ScriptEnvironment(session: session)
            let lua = env.lua
            let started = DispatchSemaphore(value: 0)
            env.output = { _ in started.signal() }
            DispatchQueue.global().async {
                started.wait()
                lua.interrupt()
            }
            do {
                try lua.execute("""
                    coroutine.wrap(function()
                      print("go")
                      while true do pcall(function() while true do end end) end
                    end)()
                    """, name: "=test")
                return nil
            } catch {
                return String(describing: error)
            }
        }
        #expect(message == "interrupted")
    }

    // MARK: 11. host allocations count

    @Test("11: text piled up in a report (kept in Swift) counts against --max-memory, and pcall cannot swallow it")
    func reportContentsCount() throws {
        let (printed, outcome) = try run("""
            local r = af.report.new{}
            local s = string.rep("x", 1 << 20)
            for i = 1, 1000 do pcall(r.text, r, s) end
            print("survived")
            """, memoryMB: 32)
        #expect(!outcome.succeeded)
        #expect(outcome.error?.hasPrefix("memory limit exceeded: 32 MB") == true, "\(outcome.error ?? "")")
        #expect(printed == "")
    }

    @Test("11: a Monte Carlo run's arrays (Swift memory) count against --max-memory before they are allocated")
    func monteCarloCounts() throws {
        let (printed, outcome) = try run("""
            print(pcall(af.project, { start_value = 1000, monthly = 10, years = 100, annual_return = 0.05, volatility = 0.1, runs = 10000, seed = 1 }))
            print("survived")
            """, memoryMB: 32)
        #expect(outcome.error?.hasPrefix("memory limit exceeded: 32 MB") == true, "\(outcome.error ?? "")")
        #expect(printed == "")
    }

    // MARK: 12. memory errors are sticky in coroutines

    @Test("12: a memory error pcall'd inside a coroutine stops the script")
    func memoryInCoroutine() throws {
        let (printed, outcome) = try run("""
            local caught = 0
            coroutine.wrap(function()
              for i = 1, 200 do
                local ok = pcall(function() local t = {} for j = 1, 1e7 do t[j] = j end end)
                if not ok then caught = caught + 1 end
              end
            end)()
            print("survived", caught)
            """, memoryMB: 8)
        #expect(!outcome.succeeded)
        #expect(outcome.error?.hasPrefix("memory limit exceeded: 8 MB") == true, "\(outcome.error ?? "")")
        #expect(printed == "")
    }
}
