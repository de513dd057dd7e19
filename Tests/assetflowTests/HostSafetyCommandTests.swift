import Foundation
import Testing

/// Issue 15 through the real `assetflow` binary: finalizers at close (item 1) and --timeout
/// where no hook reaches (item 10: a looping __gc finalizer ends the process cleanly, with
/// the timeout message, and nothing is committed).
@Suite("assetflow host safety")
struct HostSafetyCommandTests {
    /// Removed when the test is done (each test has its own instance).
    let temporary = TemporaryFolder("cli-safety")
    var folder: String { temporary.path }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func script(_ source: String) throws -> String {
        let path = folder + "/script-\(UUID().uuidString).lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try CommandLineTests().run(arguments)
    }

    @Test("1: a finalizer that prints at close: exit 0, its output shown, the run committed")
    func finalizerAtClose() throws {
        let store = folder + "/store.sqlite"
        let r = try run(["run", "--store", store, try script("""
            af.create_portfolio{ name = "Kept" }
            setmetatable({}, {__gc = function() print("x") end})
            """)])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "x\n")
        let check = try run(["run", "--store", store, try script("print(af.portfolio('Kept') ~= nil)")])
        #expect(check.out == "true\n")
    }

    @Test("1: a failing script with a finalizer keeps its message and exit code")
    func failingWithFinalizer() throws {
        let r = try run(["run", "--store", folder + "/store.sqlite", try script("setmetatable({}, {__gc = function() print('x') end})\nerror('broken here')\n")])
        #expect(r.status == 1)
        #expect(r.err.contains(":2: broken here"), "\(r.err)")
    }

    @Test("10: the first Ctrl-C stops a pcall loop inside a coroutine", .timeLimit(.minutes(1)))
    func ctrlCInCoroutine() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
        process.arguments = ["run", "--store", folder + "/store.sqlite", try script("""
            coroutine.wrap(function()
              print("go")
              while true do pcall(function() while true do end end) end
            end)()
            """)]
        process.environment = CommandLineTests.environment()
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("go") {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        kill(process.processIdentifier, SIGINT)
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
        #expect(err.hasPrefix("interrupted"), "\(err)")
    }

    @Test("10: a looping __gc finalizer is stopped at the timeout, during the run or at close; nothing is committed", arguments: [
        "setmetatable({}, {__gc = function() while true do end end})\ncollectgarbage()\nprint('not reached')",
        "setmetatable({}, {__gc = function() while true do end end})",
        "setmetatable({}, {__gc = function() local t = {} while true do t[#t % 1000 + 1] = {} end end})\ncollectgarbage()",
        // Put in the metatable after setmetatable: unguarded, only the watchdog stops it.
        "local mt = {__gc = function() end}\nsetmetatable({}, mt)\nmt.__gc = function() while true do end end\ncollectgarbage()",
        "local mt = {__gc = true}\nsetmetatable({}, mt)\nrawset(mt, '__gc', function() while true do end end)",
    ])
    func loopingFinalizer(code: String) throws {
        let store = folder + "/store.sqlite"
        let r = try run(["run", "--store", store, "--timeout", "0.3", try script("af.create_portfolio{ name = 'Lost' }\n" + code)])
        #expect(r.status == 1)
        #expect(r.err.hasPrefix("timeout: the script ran longer than 0.3 s"), "\(r.err)")
        #expect(!r.out.contains("not reached"))
        let check = try run(["run", "--store", store, try script("print(af.portfolio('Lost') == nil)")])
        #expect(check.out == "true\n", "\(check.err)")
    }

    @Test("23: the first Ctrl-C stops what the timeout stops: a looping xpcall handler, finalizers reached from C; nothing committed",
          .timeLimit(.minutes(1)), arguments: [
        "xpcall(function() error('x') end, function(m) while true do end end)",
        "while true do xpcall(error, function() while true do end end) end",
        "local mt = {__gc = function() end}\nsetmetatable({}, mt)\nmt.__gc = function() while true do end end\ncollectgarbage()",
        "local mt = {__gc = true}\nsetmetatable({}, mt)\nrawset(mt, '__gc', function() while true do end end)\nwhile true do local s = string.rep('x', 1000) .. tostring({}) end",
        // Guarded finalizers reached from C functions (collectgarbage, an allocation in string.rep).
        "setmetatable({}, {__gc = function() while true do end end})\ncollectgarbage()",
        "setmetatable({}, {__gc = function() while true do end end})\nwhile true do local s = string.rep('x', 1000) .. tostring({}) end",
        // Lua called back from C functions: a comparator, a replacement, a pcall'd handler.
        "table.sort({3, 1, 2, 5, 4}, function(a, b) while true do end end)",
        "string.gsub('aaa', 'a', function() while true do end end)",
        "while true do pcall(pcall, xpcall, error, function() while true do end end) end",
    ])
    func firstCtrlC(code: String) throws {
        let store = folder + "/store.sqlite"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
        process.arguments = ["run", "--store", store, try script("af.create_portfolio{ name = 'Lost' }\nprint('go')\n" + code)]
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("go") {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        usleep(200_000)  // into the loop
        kill(process.processIdentifier, SIGINT)
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
        #expect(err.hasPrefix("interrupted"), "\(err)")
        let check = try run(["run", "--store", store, try script("print(af.portfolio('Lost') == nil)")])
        #expect(check.out == "true\n", "\(check.err)")
    }
}
