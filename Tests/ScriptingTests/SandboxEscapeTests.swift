import Foundation
import Testing
@testable import Core
@testable import LuaBridge
@testable import Scripting
@testable import Store

/// The probe's sandbox escapes (issue 15, items 6–9). Every link and target lives inside a
/// temporary folder this suite makes: "outside" is a sibling folder in it, never a system path.
@Suite("Sandbox escapes")
struct SandboxEscapeTests {
    /// Removed when the test is done (each test has its own instance).
    let temporary = TemporaryFolder("escape")
    var root: String { temporary.path }
    var reports: String { root + "/reports" }
    var outside: String { root + "/outside" }
    var allowed: String { root + "/allowed" }

    init() throws {
        for folder in [root + "/reports", root + "/outside", root + "/allowed"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try "hidden\n".write(toFile: root + "/outside/secret.txt", atomically: true, encoding: .utf8)
    }

    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    func contents(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    func runScript(_ source: String, _ options: ScriptRun) throws -> (printed: String, outcome: ScriptRunner.Outcome) {
        let path = root + "/script-\(UUID().uuidString).lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        var printed = ""
        let outcome = try ScriptRunner.run(path: path, arguments: [], store: AssetFlowStore(path: nil), options: options,
                                           today: CalendarDate("2024-06-01")!, output: { printed += $0 })
        return (printed, outcome)
    }

    // MARK: 6. links inside the reports folder

    @Test("6: a symbolic link inside the reports folder cannot carry Report:save outside it")
    func reportThroughLink() throws {
        try link(reports + "/dirlink", to: outside)
        try link(reports + "/filelink.html", to: outside + "/planted.html")
        try link(reports + "/dangling", to: outside + "/missing")
        let out = try runReportLua("""
            local r = af.report.new{ title = "T" }
            r:text("x")
            print(pcall(r.save, r, "\(reports)/dirlink/newdir/r.html"))
            print(pcall(r.save, r, "\(reports)/dirlink/r.html"))
            print(pcall(r.save, r, "\(reports)/filelink.html"))
            print(pcall(r.save, r, "\(reports)/dangling/r.html"))
            print(pcall(r.save, r, "\(reports)/missing/../../outside/r.html"))
            print(pcall(r.save, r, "\(reports)/ok/fine.html"))
            """, folder: reports)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        for line in lines.prefix(5) { #expect(line.hasPrefix("false\t"), "\(line)") }
        #expect(lines[5] == "true\t\(reports)/ok/fine.html")
        #expect(contents(outside) == ["secret.txt"])
    }

    // MARK: 7. dangling links with --allow-write

    @Test("7: with --allow-write, a dangling link in the folder cannot create a file outside it")
    func danglingLinkWrite() throws {
        try link(allowed + "/dangling.txt", to: outside + "/created.txt")
        try link(allowed + "/dirlink", to: outside)
        try link(allowed + "/existing.txt", to: outside + "/secret.txt")
        var options = ScriptRun()
        options.allowWrite = [allowed]
        let (printed, outcome) = try runScript("""
            print(pcall(io.open, "\(allowed)/dangling.txt", "w"))
            print(pcall(io.open, "\(allowed)/dirlink/new.txt", "w"))
            print(pcall(io.open, "\(allowed)/existing.txt", "a"))
            print(pcall(io.open, "\(allowed)/existing.txt"))
            local f = assert(io.open("\(allowed)/real.txt", "w")); f:write("ok"); f:close()
            print(io.open("\(allowed)/sub/none.txt", "w"))
            """, options)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        for line in lines.prefix(4) { #expect(line.hasPrefix("false\t") && line.contains("is not allowed in the sandbox"), "\(line)") }
        #expect(lines[4] == "nil\t\(allowed)/sub/none.txt: No such file or directory\t2")
        #expect(contents(outside) == ["secret.txt"])
        #expect(try String(contentsOfFile: outside + "/secret.txt", encoding: .utf8) == "hidden\n")
        #expect(try String(contentsOfFile: allowed + "/real.txt", encoding: .utf8) == "ok")
    }

    // MARK: 8. only output formats

    @Test("8: a sandboxed report cannot save a .lua file (or anything but an output format) into the reports folder")
    func onlyOutputFormats() throws {
        let out = try runReportLua("""
            local r = af.report.new{ title = "#!/usr/bin/env lua" }
            r:text("io.popen('true')")
            for _, name in ipairs{ "overview.lua", "OVERVIEW.LUA", "x.sh", "noextension", "lib/helpers.lua", "r.md", "r.html", "r.csv", "r.json", "r.txt" } do
              print(name, (pcall(r.save, r, "\(reports)/" .. name)))
            end
            """, folder: reports)
        #expect(out == """
            overview.lua\tfalse
            OVERVIEW.LUA\tfalse
            x.sh\tfalse
            noextension\tfalse
            lib/helpers.lua\tfalse
            r.md\ttrue
            r.html\ttrue
            r.csv\ttrue
            r.json\ttrue
            r.txt\ttrue

            """)
        #expect(contents(reports) == ["r.csv", "r.html", "r.json", "r.md", "r.txt"])
        #expect(ReportRunner.available(in: [reports]).isEmpty)
    }

    // MARK: 9. leaks

    @Test("9: io.open refusals name the path as given, never where it resolves, and read the same whether it exists or not")
    func noLeaks() throws {
        try link(allowed + "/tosecret", to: outside + "/secret.txt")
        var options = ScriptRun()
        options.allowRead = [allowed]
        let (printed, outcome) = try runScript("""
            print(select(2, pcall(io.open, "\(allowed)/tosecret")))
            print(select(2, pcall(io.open, "\(outside)/secret.txt")))
            print(select(2, pcall(io.open, "\(outside)/nothing.txt")))
            print(select(2, pcall(io.open, "\(allowed)/../outside/secret.txt")))
            print(select(2, pcall(io.open, "\(allowed)/../outside/nothing.txt")))
            print(select(2, pcall(io.lines, "\(outside)/secret.txt")))
            print(select(2, pcall(io.lines, "\(outside)/nothing.txt")))
            """, options)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        let given = ["\(allowed)/tosecret", "\(outside)/secret.txt", "\(outside)/nothing.txt",
                     "\(allowed)/../outside/secret.txt", "\(allowed)/../outside/nothing.txt", "\(outside)/secret.txt", "\(outside)/nothing.txt"]
        for (line, path) in zip(lines, given) {
            let fn = line.contains("io.lines") ? "lines" : "open"
            #expect(line.hasSuffix("io.\(fn): reading '\(path)' is not allowed in the sandbox (run with --allow-read DIR for a folder containing it, or --trusted)"), "\(line)")
        }
    }

    @Test("9: require errors do not list folders")
    func requireLeaks() throws {
        let (printed, _) = try runScript("print(select(2, pcall(require, 'nowhere.module')))", ScriptRun())
        #expect(printed.contains("module 'nowhere.module' not found"))
        #expect(!printed.contains(root))
        #expect(!printed.contains(NSHomeDirectory()))
    }
}
