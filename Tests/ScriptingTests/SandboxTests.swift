import Foundation
import Testing
@testable import Core
@testable import LuaBridge
@testable import Scripting
@testable import Store

/// What a shared script can and cannot reach, and the flags that widen it.
@Suite("Sandbox and limits")
struct SandboxTests {
    /// Removed when the test is done (each test has its own instance).
    let temporary = TemporaryFolder("sandbox")
    var folder: String { temporary.path }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        try "secret\n".write(toFile: folder + "/data/a.txt", atomically: true, encoding: .utf8)
    }

    /// Runs `source` as a script file in `folder`, returning what it printed and the outcome.
    func run(_ source: String, _ options: ScriptRun = ScriptRun(), store: AssetFlowStore? = nil, arguments: [String] = []) throws -> (printed: String, outcome: ScriptRunner.Outcome) {
        let path = folder + "/script-\(UUID().uuidString).lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        var printed = ""
        let outcome = try ScriptRunner.run(path: path, arguments: arguments, store: store ?? AssetFlowStore(path: nil), options: options,
                                           today: CalendarDate("2024-06-01")!, output: { printed += $0 })
        return (printed, outcome)
    }

    @Test("each denied capability says which flag allows it", arguments: [
        ("io.open('/etc/hostname')", "io.open is not available in the sandbox (run with --allow-read DIR, --allow-write DIR or --trusted)"),
        ("io.lines('/etc/hostname')", "io.lines is not available in the sandbox (run with --allow-read DIR, --allow-write DIR or --trusted)"),
        ("io.read()", "io.read is not available in the sandbox (run with --trusted)"),
        ("io.popen('ls')", "io.popen is not available in the sandbox (run with --trusted)"),
        ("os.execute('true')", "os.execute is not available in the sandbox (run with --trusted)"),
        ("os.remove('x')", "os.remove is not available in the sandbox (run with --trusted)"),
        ("os.rename('x', 'y')", "os.rename is not available in the sandbox (run with --trusted)"),
        ("os.exit(1)", "os.exit is not available in the sandbox (run with --trusted)"),
        ("os.getenv('HOME')", "os.getenv is not available in the sandbox (run with --trusted)"),
        ("debug.getinfo(1)", "debug.getinfo is not available in the sandbox (run with --trusted)"),
        ("debug.sethook()", "debug.sethook is not available in the sandbox (run with --trusted)"),
        ("debug.getregistry()", "debug.getregistry is not available in the sandbox (run with --trusted)"),
    ])
    func denied(code: String, message: String) throws {
        let (printed, outcome) = try run("print(select(2, pcall(function() return \(code) end)))")
        #expect(outcome.succeeded)
        #expect(printed.contains(message), "\(printed)")
    }

    @Test("no dofile, loadfile, string.dump, package; load refuses binary chunks; metatables are locked")
    func removed() throws {
        let (printed, _) = try run("""
            print(dofile, loadfile, string.dump, package)
            print(load("\\27Lua"))
            local a = af.create_asset{ name = "A", type = "stock" }
            print(getmetatable(""), getmetatable(D"1"), getmetatable(a), debug.traceback ~= nil)
            print(pcall(setmetatable, D"1", {}))
            """)
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines[0] == "nil\tnil\tnil\tnil")
        #expect(lines[1] == "nil\tattempt to load a binary chunk (mode is 't')")
        #expect(lines[2] == "locked\tlocked\tlocked\ttrue")
        #expect(lines[3].hasPrefix("false"))
    }

    @Test("--allow-read grants reading inside the folder only")
    func allowRead() throws {
        var options = ScriptRun()
        options.allowRead = [folder + "/data"]
        let (printed, outcome) = try run("""
            local f = assert(io.open(arg[1])); print(f:read("l")); f:close()
            for line in io.lines(arg[1]) do print("line", line) end
            print(select(2, pcall(io.open, "/etc/hostname")))
            print(select(2, pcall(io.open, arg[1], "w")))
            """, options, arguments: [folder + "/data/a.txt"])
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines[0] == "secret")
        #expect(lines[1] == "line\tsecret")
        #expect(lines[2].contains("reading '/etc/hostname' is not allowed in the sandbox (run with --allow-read DIR"))
        #expect(lines[3].contains("is not allowed in the sandbox (run with --allow-write DIR"))
    }

    @Test("--allow-write grants writing inside the folder; ../ cannot escape it")
    func allowWrite() throws {
        var options = ScriptRun()
        options.allowWrite = [folder + "/out"]
        let (printed, outcome) = try run("""
            local f = assert(io.open(arg[1] .. "/report.txt", "w")); f:write("done"); f:close()
            print(select(2, pcall(io.open, arg[1] .. "/../data/a.txt", "w")))
            """, options, arguments: [folder + "/out"])
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        #expect(try String(contentsOfFile: folder + "/out/report.txt", encoding: .utf8) == "done")
        #expect(printed.contains("writing '") && printed.contains("/data/a.txt' is not allowed"))
    }

    @Test("--trusted gives the full library")
    func trusted() throws {
        var options = ScriptRun()
        options.trusted = true
        let (printed, outcome) = try run("print(os.getenv('PATH') ~= nil, io.open ~= nil, package ~= nil, debug.getinfo ~= nil)", options)
        #expect(outcome.succeeded)
        #expect(printed == "true\ttrue\ttrue\ttrue\n")
    }

    @Test("require finds Lua modules next to the script and in the user's library folder")
    func requireModules() throws {
        try "return { twice = function(x) return x * 2 end }".write(toFile: folder + "/helpers.lua", atomically: true, encoding: .utf8)
        let (printed, outcome) = try run("print(require('helpers').twice(21), require('helpers') == require('helpers'))\nprint(select(2, pcall(require, 'missing')))")
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        #expect(printed.hasPrefix("42\ttrue\n"))
        #expect(printed.contains("module 'missing' not found: looked for missing.lua and missing/init.lua in the script's folder and in the user library"))
        #expect(!printed.contains(folder), "require errors must not list folders")
        #expect(ModuleLoader.userLibrary(environment: ["XDG_CONFIG_HOME": "/cfg"]) == "/cfg/assetflow/lib")
    }

    @Test("a backtracking pattern stops at the timeout (pcall cannot keep it going); ordinary ones work")
    func patternGuard() throws {
        var options = ScriptRun()
        options.timeoutSeconds = 0.2
        let (printed, outcome) = try run("""
            print(("a,b,c"):gsub(",", ";"), ("x=12"):match("(%w+)=(%d+)"))
            print(pcall(string.find, string.rep('a', 1200), '.-.-.-b'))
            print("not reached")
            """, options)
        #expect(printed == "a;b;c\tx\t12\n")
        #expect(outcome.error?.hasPrefix("timeout: the script ran longer than 0.2 s") == true, "\(outcome.error ?? "")")
    }

    @Test("a timeout stops the script and leaves the store unchanged")
    func timeout() throws {
        let store = try AssetFlowStore(path: nil)
        var options = ScriptRun()
        options.timeoutSeconds = 0.3
        let start = Date()
        let (_, outcome) = try run("af.create_portfolio{ name = 'P' }\nwhile true do pcall(function() while true do end end) end", options, store: store)
        #expect(!outcome.succeeded)
        #expect(outcome.error?.contains("timeout: the script ran longer than 0.3 s (raise it with --timeout)") == true)
        #expect(Date().timeIntervalSince(start) < 1.5)
        #expect(try store.withSession { try $0.portfolios() }.isEmpty)
    }

    @Test("a memory cap stops a memory bomb and leaves the store unchanged")
    func memoryCap() throws {
        let store = try AssetFlowStore(path: nil)
        var options = ScriptRun()
        options.maxMemoryMB = 16
        let (_, outcome) = try run("af.create_portfolio{ name = 'P' }\nlocal t = {} for i = 1, 1e9 do t[i] = string.rep('x', 4096) .. i end", options, store: store)
        #expect(!outcome.succeeded)
        #expect(outcome.error?.contains("memory") == true)
        #expect(try store.withSession { try $0.portfolios() }.isEmpty)
    }
}
