import Foundation
import Testing

/// The REPL at a real (pseudo-)terminal: completion, multi-line input, history across
/// restarts, Ctrl-C, pretty printing. Driven by scripts/testing/pty_session.py.
@Suite("REPL at a terminal", .serialized)
struct TerminalReplTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = NSTemporaryDirectory() + "af-pty-\(UUID().uuidString)"

    /// Types `keys` into `assetflow repl` and returns the screen text without escape codes.
    func session(_ keys: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("scripts/testing/pty_session.py").path,
                             CommandLineTests.binary, "repl", "--store", folder + "/store.sqlite"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = folder + "/state"
        environment["TERM"] = "xterm"
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(keys))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Self.plain(String(decoding: data, as: UTF8.self))
    }

    /// Strips ANSI escape sequences and carriage returns.
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r", with: "")
            .replacingOccurrences(of: "\u{07}", with: "")
    }

    @Test("af.cr + Tab completes to the common prefix of af.create_*")
    func completion() throws {
        let screen = try session(["af.cr<TAB>".replacingOccurrences(of: "<TAB>", with: "\t"), "\u{15}", "af.create_portf\t", "\r"])
        #expect(screen.contains("af.create_"))
        #expect(screen.contains("af.create_portfolio"))
    }

    @Test("a multi-line function definition, then a call")
    func multiLine() throws {
        let screen = try session(["function double(x)\r", "  return x * 2\r", "end\r", "double(21)\r"])
        #expect(screen.contains(">> "))
        #expect(screen.contains("\n42\n"))
    }

    @Test("history is recalled after a restart")
    func history() throws {
        _ = try session(["remembered_value = 4242\r"])
        let screen = try session(["\u{1B}[A", "\r"])
        #expect(screen.contains("remembered_value = 4242"))
        #expect(FileManager.default.fileExists(atPath: folder + "/state/assetflow/history"))
    }

    @Test("Ctrl-C stops `while true do end` and the prompt returns")
    func interrupt() throws {
        let screen = try session(["while true do end\r", "\u{03}", "1 + 1\r"])
        #expect(screen.contains("interrupted"))
        #expect(screen.contains("\n2\n"))
    }

    @Test("Ctrl-C at the prompt cancels the line without leaving")
    func interruptAtPrompt() throws {
        let screen = try session(["half typed", "\u{03}", "3 * 3\r"])
        #expect(screen.contains("^C"))
        #expect(screen.contains("\n9\n"))
    }

    @Test("a nested table is pretty-printed with sorted keys, non-ASCII kept")
    func prettyPrint() throws {
        let screen = try session(["t = { b = 1, a = { 1, 2, 3 }, 'x', name = 'héllo' }\r", "t\r"])
        #expect(screen.contains(#"{ "x", a = { 1, 2, 3 }, b = 1, name = "héllo" }"#))
    }

    @Test("Ctrl-C in an unfinished multi-line entry returns to the main prompt, as lua.c does")
    func interruptMultiLine() throws {
        let screen = try session(["function half(x)\r", "\u{03}", "4 * 4\r"])
        #expect(screen.contains(">> ^C"))
        #expect(screen.contains("\n16\n"))
    }
}
