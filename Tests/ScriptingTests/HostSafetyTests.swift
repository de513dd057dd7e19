import Foundation
import Testing
@testable import Core
@testable import LuaBridge
@testable import Scripting
@testable import Store

/// Plain sandboxed scripts that used to crash the host (issue 15): each must end as a clean
/// Lua error or a normal run. A crash here kills the whole test binary, which is the point.
@Suite("Host safety: scripts that crashed the host")
struct HostSafetyTests {
    /// Removed when the test is done (each test has its own instance).
    let temporary = TemporaryFolder("hostsafety")
    var folder: String { temporary.path }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func run(_ source: String, _ options: ScriptRun = ScriptRun(), store: AssetFlowStore? = nil) throws -> (printed: String, outcome: ScriptRunner.Outcome) {
        let path = folder + "/script-\(UUID().uuidString).lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        var printed = ""
        let outcome = try ScriptRunner.run(path: path, arguments: [], store: store ?? AssetFlowStore(path: nil), options: options,
                                           today: CalendarDate("2024-06-01")!, output: { printed += $0 })
        return (printed, outcome)
    }

    // MARK: 1. finalizers at close

    @Test("1: a __gc finalizer that runs at close prints, and the run commits")
    func finalizerAtClose() throws {
        let store = try AssetFlowStore(path: nil)
        let (printed, outcome) = try run("""
            setmetatable({}, {__gc = function() print("x") end})
            af.create_portfolio{ name = "Kept" }
            """, store: store)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        #expect(printed == "x\n")
        #expect(try store.withSession { try $0.portfolio(named: "Kept") } != nil)
    }

    @Test("1: a failing script with a finalizer keeps its error message")
    func finalizerAfterError() throws {
        let (printed, outcome) = try run("""
            setmetatable({}, {__gc = function() print("x") end})
            error("broken here")
            """)
        #expect(!outcome.succeeded)
        #expect(outcome.error?.contains("broken here") == true)
        #expect(printed == "x\n")
    }

    @Test("1: a state dropped without close: finalizers calling bindings get an error, not a crash")
    func finalizerWithoutClose() throws {
        let output = try runLua("""
            setmetatable({}, {__gc = function() print("x"); af.create_portfolio{ name = "Late" } end})
            print("done")
            """)
        #expect(output == "done\n")
    }

    @Test("bindings called from a coroutine read and push on the coroutine's stack")
    func bindingsInCoroutines() throws {
        let output = try runLua("""
            local co = coroutine.wrap(function(x)
              print("in", x, D"2")
              local p = af.create_portfolio{ name = "C" }
              local a = af.create_asset{ name = "A", type = "stock", portfolio = p, quantity = 3, cost_basis = 1, date = "2024-01-02" }
              local y = coroutine.yield(a)
              print(y, a.name, tostring(a.quantity), #p:assets(), af.portfolio("C") == p)
              return "done"
            end)
            local a = co("x")
            print(a.name)
            print(co("back"))
            """)
        #expect(output == "in\tx\t2\nA\nback\tA\t3\t1\ttrue\ndone\n")
    }

    // MARK: 2. walking values of the wrong type

    @Test("2: a string where a list belongs is an error naming the field, never a raw read", arguments: [
        (#"af.report.new{}:chart{kind = "line", names = "abc"}"#, "field 'names': a list of series names expected, got string"),
        (#"af.returns.modified_dietz{begin_value = 1, end_value = 2, from = "2024-01-01", to = "2024-02-01", flows = string.rep("a", 100000)}"#,
         "field 'flows': a list of {date, amount} expected, got string"),
        (#"af.returns.xirr(string.rep("a", 100000))"#, "got string"),
        (#"af.report.new{}:chart{kind = "line", series = {"abc", 12}}"#, "series row 1 is a string"),
        (#"af.report.new{}:chart{kind = "line", y = {"abc"}, series = {{name = "x", rows = "abc"}}}"#, ""),
        (#"af.report.new{}:table({{a = 1}}, {columns = "abc"})"#, "columns must be a list of keys"),
        (#"af.report.new{}:figures{"abc"}"#, "expects a table"),
        (#"af.report.new{}:table({"abc", D"1"})"#, "row 1 is a string"),
        (#"af.project{ bootstrap_history = "abc" }"#, ""),
    ])
    func wrongTypesInWalkers(code: String, message: String) throws {
        let output = try runLua("print(pcall(function() return \(code) end))")
        #expect(output.hasPrefix("false") || output.hasPrefix("true"), "\(output)")
        if !message.isEmpty { #expect(output.contains(message), "\(output)") }
    }
}
