import Foundation
import Testing

/// Runs the built `assetflow` binary and checks what a user sees.
@Suite("assetflow command line")
struct CommandLineTests {
    static let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("assetflow").path

    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, out, err)
    }

    func temporaryStore() -> String { NSTemporaryDirectory() + "af-cli-\(UUID().uuidString)/store.sqlite" }

    @Test("--help teaches the commands and the store location")
    func help() throws {
        let r = try run(["--help"])
        #expect(r.status == 0)
        #expect(r.out.contains("run"))
        #expect(r.out.contains("repl"))
        #expect(r.out.contains("ASSETFLOW_STORE"))
    }

    @Test("run: a script error prints file:line: message and a traceback, exits 1")
    func runError() throws {
        let script = NSTemporaryDirectory() + "af-cli-\(UUID().uuidString).lua"
        try "local x = 1\nerror('broken here')\n".write(toFile: script, atomically: true, encoding: .utf8)
        let r = try run(["run", "--store", temporaryStore(), script])
        #expect(r.status == 1)
        #expect(r.err.hasPrefix("\(script):2: broken here"))
        #expect(r.err.contains("stack traceback:"))
    }

    @Test("the REPL reads piped statements without prompts; ASSETFLOW_STORE selects the store, created on first use")
    func pipedRepl() throws {
        let store = temporaryStore()
        let first = try run(["repl"], input: "af.create_portfolio{ name = 'Core' }\n", environment: ["ASSETFLOW_STORE": store])
        #expect(first.status == 0)
        #expect(FileManager.default.fileExists(atPath: store))
        let second = try run([], input: "#af.portfolios()\n", environment: ["ASSETFLOW_STORE": store])
        #expect(second.out == "1\n")
    }
}
