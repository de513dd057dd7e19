import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Core
@testable import LuaBridge
@testable import Scripting
@testable import Store

/// The probe's sandbox escapes (issue 15, items 6–9). Every link and target lives inside a
/// temporary folder this suite makes: "outside" is a sibling folder in it, never a system path.
@Suite("Sandbox escapes")
final class SandboxEscapeTests {
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

    // MARK: issue 23: one path policy for io, require, af.import, .load and reports

    func hardLink(_ path: String, to target: String) throws {
        guard Glibc.link(target, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// A script written into `folder` (its folder is where `require` looks first).
    func runScript(in folder: String, _ source: String, _ options: ScriptRun = ScriptRun()) throws -> (printed: String, outcome: ScriptRunner.Outcome) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/main.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        var printed = ""
        let outcome = try ScriptRunner.run(path: path, arguments: [], store: AssetFlowStore(path: nil), options: options,
                                           today: CalendarDate("2024-06-01")!, output: { printed += $0 })
        return (printed, outcome)
    }

    @Test("23: require does not follow a module linked out of the script's folder (../secret.txt, an environ-like file)")
    func requireThroughLinks() throws {
        let pack = root + "/pack"
        try FileManager.default.createDirectory(atPath: pack + "/sub", withIntermediateDirectories: true)
        try "return 'hidden module text'\n".write(toFile: root + "/secret.txt", atomically: true, encoding: .utf8)
        // Like /proc/self/environ: NUL-separated NAME=value pairs, made here.
        try FileManager.default.createDirectory(atPath: outside + "/self", withIntermediateDirectories: true)
        try "AF_TEST_TOKEN=s3cr3t\u{0}HOME=/nowhere\u{0}".write(toFile: outside + "/self/environ", atomically: true, encoding: .utf8)
        try link(pack + "/notes.lua", to: "../secret.txt")
        try link(pack + "/env.lua", to: outside + "/self/environ")
        try link(pack + "/linked", to: outside)
        try "return 'ok'".write(toFile: outside + "/inner.lua", atomically: true, encoding: .utf8)
        try "return 'plain'".write(toFile: pack + "/sub/plain.lua", atomically: true, encoding: .utf8)
        let (printed, outcome) = try runScript(in: pack, """
            for _, name in ipairs{ "notes", "env", "linked.inner" } do print(pcall(require, name)) end
            print(require("sub.plain"))
            """)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        for line in lines.prefix(3) {
            #expect(line.hasPrefix("false\t") && line.contains("is not a plain file"), "\(line)")
            for leak in ["hidden", "s3cr3t", "AF_TEST_TOKEN", outside, root] { #expect(!line.contains(leak), "\(line)") }
        }
        #expect(lines.last == "plain")
    }

    @Test("23: require loads through the host's own loader: a script that replaces load sees no module text")
    func requireIgnoresGlobalLoad() throws {
        let pack = root + "/pack"
        try FileManager.default.createDirectory(atPath: pack, withIntermediateDirectories: true)
        try "return 40 + 2".write(toFile: pack + "/answer.lua", atomically: true, encoding: .utf8)
        let (printed, outcome) = try runScript(in: pack, """
            local seen
            load = function(text, ...) seen = text; return function() return "fake" end end
            print(require("answer"), seen)
            """)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        #expect(printed == "42\tnil\n")
    }

    @Test("23: modules name their chunks relative to their folder (the user library as lib/…), never by absolute path")
    func moduleChunkNames() throws {
        let library = root + "/config/assetflow/lib"
        try FileManager.default.createDirectory(atPath: library + "/report", withIntermediateDirectories: true)
        try "error('broken')".write(toFile: library + "/report/helpers.lua", atomically: true, encoding: .utf8)
        let loader = ModuleLoader(folders: [allowed, library])
        let module = try loader.source(of: "report.helpers")
        #expect(module.path == "lib/report/helpers.lua")
        try hardLink(library + "/twice.lua", to: library + "/report/helpers.lua")
        #expect(throws: (any Error).self) { try loader.source(of: "twice") }
    }

    @Test("23: a hard link inside an --allow-read folder to a file outside is refused (io.open, io.lines, af.import)")
    func hardLinkRead() throws {
        try hardLink(allowed + "/hl.txt", to: outside + "/secret.txt")
        var options = ScriptRun()
        options.allowRead = [allowed]
        let (printed, outcome) = try runScript("""
            print(pcall(io.open, "\(allowed)/hl.txt"))
            print(pcall(io.lines, "\(allowed)/hl.txt"))
            print(pcall(af.import, { kind = "prices", path = "\(allowed)/hl.txt" }))
            """, options)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        for line in lines {
            #expect(line.hasPrefix("false\t") && line.contains("reading '\(allowed)/hl.txt' is not allowed in the sandbox"), "\(line)")
            #expect(!line.contains("hidden") && !line.contains(outside), "\(line)")
        }
    }

    @Test("23: a hard link inside an --allow-write folder to a file outside cannot be written or appended to")
    func hardLinkWrite() throws {
        try hardLink(allowed + "/hl.txt", to: outside + "/secret.txt")
        var options = ScriptRun()
        options.allowWrite = [allowed]
        let (printed, outcome) = try runScript("""
            for _, mode in ipairs{ "a", "w", "r+", "r" } do print(pcall(io.open, "\(allowed)/hl.txt", mode)) end
            local f = assert(io.open("\(allowed)/own.txt", "w")); f:write("mine"); f:close()
            for line in io.lines("\(allowed)/own.txt") do print(line) end
            """, options)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        for line in lines.prefix(4) { #expect(line.hasPrefix("false\t") && line.contains("is not allowed in the sandbox"), "\(line)") }
        #expect(lines.last == "mine")
        #expect(try String(contentsOfFile: outside + "/secret.txt", encoding: .utf8) == "hidden\n")
    }

    @Test("23: FIFOs and other non-files in an allowed folder are refused, without blocking")
    func fifoInAllowedFolder() throws {
        #expect(mkfifo(allowed + "/pipe", 0o600) == 0)
        var options = ScriptRun()
        options.allowWrite = [allowed]
        let (printed, _) = try runScript("""
            print(pcall(io.open, "\(allowed)/pipe"))
            print(pcall(io.open, "\(allowed)/pipe", "w"))
            """, options)
        for line in printed.split(separator: "\n") { #expect(line.hasPrefix("false\t") && line.contains("is not allowed in the sandbox"), "\(line)") }
    }

    @Test("23: a reports folder that is a symbolic link does not carry Report:save outside; refusals do not name the folder")
    func symlinkedReportsFolder() throws {
        let linked = root + "/linked-reports"
        try link(linked, to: outside)
        let out = try runReportLua("""
            local r = af.report.new{ title = "T" }
            r:text("x")
            print(pcall(r.save, r, "\(linked)/r.html"))
            print(pcall(r.save, r, "\(outside)/r.html"))
            """, folder: linked)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        for line in lines {
            #expect(line.hasPrefix("false\t"), "\(line)")
            #expect(!line.contains("reports folder \(linked)") && !line.contains("reports folder \(outside)"), "\(line)")
        }
        #expect(contents(outside) == ["secret.txt"])
    }

    @Test("23: a sibling folder whose name starts with the allowed folder's name is outside it (data allowed, data-secret refused)")
    func prefixSibling() throws {
        let data = root + "/data", secret = root + "/data-secret"
        for folder in [data, secret] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try "Date,Asset,Price\n".write(toFile: secret + "/s.csv", atomically: true, encoding: .utf8)
        try "x = 1".write(toFile: secret + "/s.lua", atomically: true, encoding: .utf8)
        var options = ScriptRun()
        options.allowRead = [data]
        options.allowWrite = [data]
        let (printed, outcome) = try runScript("""
            print(pcall(io.open, "\(secret)/s.csv"))
            print(pcall(io.open, "\(data)/../data-secret/s.csv"))
            print(pcall(io.open, "\(secret)/new.txt", "w"))
            print(pcall(af.import, { kind = "prices", path = "\(secret)/s.csv" }))
            """, options)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        for line in lines { #expect(line.hasPrefix("false\t") && line.contains("is not allowed in the sandbox"), "\(line)") }
        #expect(!FileManager.default.fileExists(atPath: secret + "/new.txt"))
        let repl = try replSession([".load \(secret)/s.lua", "print(x)"], policy: SandboxPolicy(allowRead: [data]))
        #expect(repl.out == "nil\n")
        #expect(repl.err.first?.contains(".load: reading '\(secret)/s.lua' is not allowed in the sandbox") == true, "\(repl.err)")
    }

    @Test("23: the REPL's .load follows --allow-read: refused outside (the file's first token never shown), allowed inside")
    func replLoad() throws {
        try "x = 1".write(toFile: allowed + "/ok.lua", atomically: true, encoding: .utf8)
        try "SECRETTOKEN rest".write(toFile: outside + "/notlua.lua", atomically: true, encoding: .utf8)
        try hardLink(allowed + "/hl.lua", to: outside + "/notlua.lua")
        let sandboxed = try replSession([".load \(outside)/notlua.lua", ".load \(allowed)/ok.lua", ".load \(allowed)/hl.lua"],
                                        policy: SandboxPolicy())
        #expect(sandboxed.err.count == 3)
        for line in sandboxed.err { #expect(line.contains("is not allowed in the sandbox") && !line.contains("SECRETTOKEN"), "\(line)") }
        let allowedRead = try replSession([".load \(allowed)/ok.lua", "x", ".load \(allowed)/hl.lua"],
                                          policy: SandboxPolicy(allowRead: [allowed]))
        #expect(allowedRead.out == "1\n")
        #expect(allowedRead.err.count == 1)
        #expect(allowedRead.err.first?.contains("is not allowed in the sandbox") == true)
    }

    @Test("23: af.import refusals read the same whether the outside file exists, and never name where a link leads")
    func importLeaks() throws {
        try link(allowed + "/tosecret.csv", to: outside + "/secret.txt")
        var options = ScriptRun()
        options.allowRead = [allowed]
        let (printed, _) = try runScript("""
            print(select(2, pcall(af.import, { kind = "prices", path = "\(allowed)/tosecret.csv" })))
            print(select(2, pcall(af.import, { kind = "prices", path = "\(outside)/secret.txt" })))
            print(select(2, pcall(af.import, { kind = "prices", path = "\(outside)/nothing.txt" })))
            """, options)
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(!lines[0].contains(outside) && !lines[0].contains("hidden"))
        #expect(lines[1].replacingOccurrences(of: "secret.txt", with: "X") == lines[2].replacingOccurrences(of: "nothing.txt", with: "X"))
    }

    @Test("23: a link like /proc/self (to a folder named by the process id) is refused without showing the id or what it leads to")
    func processIDNeverShown() throws {
        let pid = String(getpid())
        let target = outside + "/" + pid
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try "AF_TEST_TOKEN=s3cr3t\u{0}".write(toFile: target + "/environ", atomically: true, encoding: .utf8)
        try "return 'leaked'".write(toFile: target + "/mod.lua", atomically: true, encoding: .utf8)
        try link(allowed + "/self", to: target)
        var options = ScriptRun()
        options.allowRead = [allowed]
        let (printed, outcome) = try runScript(in: allowed, """
            print(select(2, pcall(io.open, "\(allowed)/self/environ")))
            print(select(2, pcall(io.lines, "\(allowed)/self/environ")))
            print(select(2, pcall(af.import, { kind = "prices", path = "\(allowed)/self/environ" })))
            print(select(2, pcall(require, "self.mod")))
            """, options)
        #expect(outcome.succeeded, "\(outcome.error ?? "")")
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        for line in lines {
            #expect(line.contains("not allowed in the sandbox") || line.contains("is not a plain file"), "\(line)")
            for leak in ["/" + pid, outside, "s3cr3t", "AF_TEST_TOKEN", "leaked"] { #expect(!line.contains(leak), "\(line)") }
        }
    }

    @Test("23: Report:save refusals never name the reports folder, whatever path the script tries")
    func reportsFolderNeverNamed() throws {
        let out = try runReportLua("""
            local r = af.report.new{ title = "T" }
            r:text("x")
            for _, p in ipairs{ "../r.html", "\(outside)/r.html", "\(reports)/../outside/r.html", "\(reports)/r.lua", "/nowhere/r.html" } do
              print((select(2, pcall(r.save, r, p))))
            end
            """, folder: reports)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        for (line, given) in zip(lines, ["../r.html", "\(outside)/r.html", "\(reports)/../outside/r.html", "r.lua", "/nowhere/r.html"]) {
            #expect(line.contains("Report:save") && line.contains(given), "\(line)")
            // The path as given may contain the folder (the script typed it); nothing else does.
            #expect(!line.replacingOccurrences(of: given, with: "").contains(reports), "\(line)")
        }
        #expect(contents(outside) == ["secret.txt"])
    }

    func replSession(_ lines: [String], policy: SandboxPolicy) throws -> (out: String, err: [String]) {
        var out = "", err: [String] = []
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2024-06-01")!) { s in
            let env = try ScriptEnvironment(session: s, policy: policy)
            env.output = { out += $0 }
            let repl = Repl(env: env, reader: ScriptedReader(lines))
            repl.errorOutput = { err.append($0) }
            repl.run()
        }
        return (out, err)
    }
}
