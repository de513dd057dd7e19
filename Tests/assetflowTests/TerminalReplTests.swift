import Foundation
import Testing

/// The REPL at a real (pseudo-)terminal: completion, multi-line input, history across
/// restarts, Ctrl-C, pretty printing. Driven by scripts/testing/pty_session.py, which waits
/// for the prompt or the expected text after each step instead of sleeping.
@Suite("REPL at a terminal", .serialized)
struct TerminalReplTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Removed when the test is done (each test has its own instance).
    let temporary = TemporaryFolder("pty")
    var folder: String { temporary.path }

    /// Keys to type, and what to wait for before the next step (nil: the prompt after a
    /// line ending in Enter, else the echo of the keys).
    struct Step: Encodable {
        let keys: String
        let until: String?

        /// A line and Enter; waits for the next prompt.
        static func line(_ text: String) -> Step { Step(keys: text + "\r", until: nil) }
        /// Keys; waits for `until`, or for their echo.
        static func type(_ keys: String, until: String? = nil) -> Step { Step(keys: keys, until: until) }
    }

    /// Types `steps` into `assetflow repl` and returns the screen text without escape codes.
    func session(_ steps: [Step]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("scripts/testing/pty_session.py").path,
                             CommandLineTests.binary, "repl", "--store", folder + "/store.sqlite"]
        var environment = CommandLineTests.environment()
        environment["XDG_STATE_HOME"] = folder + "/state"
        environment["TERM"] = "xterm"
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(steps))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let screen = Self.plain(String(decoding: data, as: UTF8.self))
        #expect(process.terminationStatus == 0, "pty_session failed: \(screen)")
        return screen
    }

    /// Strips ANSI escape sequences and carriage returns.
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r", with: "")
            .replacingOccurrences(of: "\u{07}", with: "")
    }

    @Test("af.cr + Tab completes to the common prefix of af.create_*")
    func completion() throws {
        let screen = try session([.type("af.cr\t", until: "af.create_"), .type("\u{15}af.create_portf\t", until: "af.create_portfolio"), .line("")])
        #expect(screen.contains("af.create_"))
        #expect(screen.contains("af.create_portfolio"))
    }

    @Test("a multi-line function definition, then a call")
    func multiLine() throws {
        let screen = try session([.line("function double(x)"), .line("  return x * 2"), .line("end"), .line("double(21)")])
        #expect(screen.contains(">> "))
        #expect(screen.contains("\n42\n"))
    }

    @Test("history is recalled after a restart")
    func history() throws {
        _ = try session([.line("remembered_value = 4242")])
        let screen = try session([.type("\u{1B}[A", until: "remembered_value = 4242"), .line("")])
        #expect(screen.contains("remembered_value = 4242"))
        #expect(FileManager.default.fileExists(atPath: folder + "/state/assetflow/history"))
    }

    @Test("Ctrl-C stops `while true do end` and the prompt returns")
    func interrupt() throws {
        // "looping" is printed from inside the run, so Ctrl-C comes once the handler is in place.
        let screen = try session([.type("print('looping') while true do end\r", until: "looping\n"), .type("\u{03}", until: "interrupted"), .line("1 + 1")])
        #expect(screen.contains("interrupted"))
        #expect(screen.contains("\n2\n"))
    }

    @Test("Ctrl-C at the prompt cancels the line without leaving")
    func interruptAtPrompt() throws {
        let screen = try session([.type("half typed"), .type("\u{03}", until: "^C"), .line("3 * 3")])
        #expect(screen.contains("^C"))
        #expect(screen.contains("\n9\n"))
    }

    @Test("a nested table is pretty-printed with sorted keys, non-ASCII kept")
    func prettyPrint() throws {
        let screen = try session([.line("t = { b = 1, a = { 1, 2, 3 }, 'x', name = 'héllo' }"), .line("t")])
        #expect(screen.contains(#"{ "x", a = { 1, 2, 3 }, b = 1, name = "héllo" }"#))
    }

    /// The golden output: REPL.md's walkthrough block is what a person sees when typing
    /// scripts/testing/walkthrough.lua at a terminal; an average cost, a performance table,
    /// a drift table, a plan and a projection among it. scripts/update-walkthrough regenerates it.
    @Test("REPL.md's walkthrough is a real session: average cost, performance, drift, plan and projection as a person sees them")
    func walkthroughIsGolden() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("scripts/update-walkthrough").path, "--check", "--binary", CommandLineTests.binary]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: data, as: UTF8.self))")
        let guide = try String(contentsOf: Self.root.appendingPathComponent("REPL.md"), encoding: .utf8)
        for shown in ["> acme.average_cost        -- 153.333… exactly; shown to 8 places\n153.33333333\n",
                      "key    actual  target  difference  status\n-----  ------  ------  ----------  ------\ncash    53.19   20.00       33.19  red\n",
                      "Rebalancing plan (full): 3 trades\n", "Move 2300.00 from cash to stock\n",
                      "twr                       2.98%\n", "start_value        8,500.00 USD\n",
                      "> acme.current_value, acme.unrealized_gain   -- money: an exact amount in its currency\n2,400.00 USD\t100.00 USD\n",
                      "stdin:1: cannot add 9,400.00 USD and 5.00 EUR: different currencies (USD, EUR)",
                      "Projection over 120 months\n  assumes model deterministic, return 5.00%, volatility 11.50%, inflation 2.00%\n",
                      "  final value                  92766.84\n"] {
            #expect(guide.contains(shown), "REPL.md lacks: \(shown)")
        }
    }

    @Test("Ctrl-C in an unfinished multi-line entry returns to the main prompt, as lua.c does")
    func interruptMultiLine() throws {
        let screen = try session([.type("function half(x)\r", until: ">> "), .type("\u{03}", until: "^C"), .line("4 * 4")])
        #expect(screen.contains(">> ^C"))
        #expect(screen.contains("\n16\n"))
    }
}
