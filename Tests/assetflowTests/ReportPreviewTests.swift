import Foundation
import Testing

/// `assetflow report --watch` (through the pty driver) and `--serve` (over HTTP on
/// 127.0.0.1): a change to the script, to a module it requires and to the store each
/// gives a new render; an error shows with file:line while the last good render stays;
/// Ctrl-C stops cleanly. Every wait is bounded.
@Suite("Report preview: --watch and --serve", .serialized)
struct ReportPreviewTests {
    let folder = NSTemporaryDirectory() + "af-preview-\(UUID().uuidString)"
    var store: String { folder + "/store.sqlite" }
    var script: String { folder + "/live.lua" }
    var module: String { folder + "/helper.lua" }

    static func report(_ word: String) -> String {
        """
        local helper = require("helper")
        local r = af.report.new{ title = "Live" }
        r:text("\(word) " .. helper.word .. " assets=" .. #af.assets())
        return r
        """
    }

    /// The folder with a store holding one asset, the script and its module.
    func prepare() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.report("first").write(toFile: script, atomically: true, encoding: .utf8)
        try #"return { word = "alpha" }"#.write(toFile: module, atomically: true, encoding: .utf8)
        try addAsset("ONE")
    }

    func addAsset(_ name: String) throws {
        let path = folder + "/add-\(name).lua"
        try "af.create_asset{ name = \"\(name)\", type = \"stock\" }".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CommandLineTests().run(["run", "--store", store, path])
        #expect(r.status == 0, "\(r.err)")
    }

    /// Writes `text` to `path` so that its modification time surely moves (same-size edits
    /// within one timestamp tick are told apart by the size too).
    func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    @Test("--watch redraws when the script, a module it requires and the store change; Ctrl-C stops", .timeLimit(.minutes(2)))
    func watch() throws {
        try prepare()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        struct Step: Encodable {
            var keys: String?
            var write: String?
            var text: String?
            var run: [String]?
            var until: String
        }
        let addTwo = folder + "/add-TWO.lua"
        try "af.create_asset{ name = \"TWO\", type = \"stock\" }".write(toFile: addTwo, atomically: true, encoding: .utf8)
        let steps = [
            Step(write: script, text: Self.report("second"), until: "second alpha assets=1"),
            Step(write: module, text: #"return { word = "beta!" }"#, until: "second beta! assets=1"),
            Step(run: [CommandLineTests.binary, "run", "--store", store, addTwo], until: "second beta! assets=2"),
            Step(write: script, text: "error('broken on purpose')\n", until: "broken on purpose"),
            Step(keys: "\u{03}", until: "Stopped."),
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TerminalReplTests.root.appendingPathComponent("scripts/testing/pty_session.py").path,
                             CommandLineTests.binary, "report", "--store", store, script, "--watch"]
        var environment = ProcessInfo.processInfo.environment
        environment["PTY_FIRST_UNTIL"] = "first alpha assets=1"
        environment["TERM"] = "xterm"
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(steps))
        try input.fileHandleForWriting.close()
        let screen = TerminalReplTests.plain(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(screen)")
        #expect(screen.contains("live.lua:1: broken on purpose"), "the error names the file and line: \(screen)")
        // The last good render is still on the screen above the error. (A render may also
        // have caught the script half-written, an earlier error: look above the one meant.)
        let parts = screen.components(separatedBy: "Error (showing the last good render above)")
        let meant = parts.indices.dropFirst().first { parts[$0].contains("broken on purpose") }
        let last = meant.map { parts[$0 - 1].components(separatedBy: "Live").last ?? "" } ?? ""
        #expect(last.contains("second beta! assets=2"), "\(screen)")
    }

    @Test("--serve serves the report on 127.0.0.1; the page follows the script, a module and the store; errors keep the last good page",
          .timeLimit(.minutes(2)))
    func serve() throws {
        try prepare()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
        process.arguments = ["report", "--store", store, script, "--serve", "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let first = try readLine(output.fileHandleForReading)
        let port = try #require(first.range(of: "http://127.0.0.1:").map { first[$0.upperBound...].prefix { $0.isNumber } }, "\(first)")
        let base = "http://127.0.0.1:\(port)"

        try waitFor(base + "/", contains: "first alpha assets=1")
        // Nothing changes, nothing is rendered again (the page would reload for nothing).
        let version = try get(base + "/version")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(try get(base + "/version") == version, "no render without a change")
        let page = try get(base + "/")
        #expect(page.contains("<script>") && page.contains("/version"), "the served page reloads itself")
        // Listening on 127.0.0.1 only (0100007F in /proc/net/tcp), never on every address.
        let hexPort = String(format: "%04X", Int(port)!)
        let listening = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8).split(separator: "\n").filter { $0.contains(":\(hexPort) ") && $0.contains(" 0A ") }
        #expect(!listening.isEmpty && listening.allSatisfy { $0.contains("0100007F:\(hexPort)") }, "\(listening)")
        if let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            try browse(chromium, base + "/")
        }
        try write(Self.report("second"), to: script)
        try waitFor(base + "/", contains: "second alpha assets=1")
        try write(#"return { word = "beta!" }"#, to: module)
        try waitFor(base + "/", contains: "second beta! assets=1")
        try addAsset("TWO")
        try waitFor(base + "/", contains: "second beta! assets=2")
        try write("error('broken on purpose')\n", to: script)
        try waitFor(base + "/", contains: "broken on purpose")  // (a half-written file may fail first with another error)
        let failed = try get(base + "/")
        #expect(failed.contains("live.lua:1: broken on purpose"), "\(failed)")
        #expect(failed.contains("second beta! assets=2"), "the last good render stays under the error")
        let good = try get(base + "/good")
        #expect(good.contains("second beta! assets=2") && !good.contains("af-error"))

        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!process.isRunning, "Ctrl-C stops the server")
        #expect(process.terminationStatus == 0)
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest.contains("Stopped."), "\(rest)")
    }

    @Test("--serve and --watch refuse --output, and --port needs --serve")
    func refusals() throws {
        let cli = CommandLineTests()
        let both = try cli.run(["report", "x.lua", "--watch", "--serve"])
        #expect(both.status == 64 && both.err.contains("--watch and --serve cannot be combined"))
        let output = try cli.run(["report", "x.lua", "--serve", "--output", "x.html"])
        #expect(output.status == 64 && output.err.contains("leave out --output"))
        let port = try cli.run(["report", "x.lua", "--port", "8080"])
        #expect(port.status == 64 && port.err.contains("--port is the port of --serve"))
    }

    /// Loads `url` in headless Chromium: no console error, a screenshot that is not blank.
    func browse(_ chromium: String, _ url: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--user-data-dir=\(folder)/profile",
                             "--enable-logging=stderr", "--v=0", "--screenshot=\(folder)/served.png", "--window-size=900,700", url]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let errors = log.split(separator: "\n").filter { $0.contains("Uncaught") || $0.contains("ERROR:CONSOLE") || $0.contains(":CONSOLE(") }
        #expect(errors.isEmpty, "console: \(errors.joined(separator: "\n"))")
        let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/served.png")[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 5_000, "screenshot of the served page is \(size) bytes")
    }

    /// The first line the process writes (bounded: 20 s).
    func readLine(_ handle: FileHandle) throws -> String {
        var data = Data()
        let deadline = Date().addingTimeInterval(20)
        while !data.contains(10), Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            data += chunk
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// GET over HTTP on 127.0.0.1 (Python's urllib; no network beyond the loopback).
    func get(_ url: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode())", url]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Polls `url` until its page contains `text` (bounded: 20 s).
    func waitFor(_ url: String, contains text: String) throws {
        let deadline = Date().addingTimeInterval(20)
        var page = ""
        while Date() < deadline {
            page = try get(url)
            if page.contains(text) { return }
            Thread.sleep(forTimeInterval: 0.2)
        }
        Issue.record("\(url) never showed '\(text)'; last page: \(page.suffix(500))")
    }
}
