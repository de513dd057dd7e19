import Foundation
import Testing

/// `run`, `report` and `repl` take the same sandbox and limit flags, with the same meaning:
/// each builds its run from one option group (SandboxOptions → ScriptRun).
@Suite("Sandbox and limit flags")
struct SandboxFlagsTests {
    /// A folder of this test's own with a data file, a store, and the same Lua code as a
    /// script (for run and report) and as a REPL line.
    struct Fixture {
        let temporary = TemporaryFolder("flags")
        var folder: String { temporary.path }
        var data: String { folder + "/data/numbers.txt" }
        var store: String { folder + "/store.sqlite" }

        init(_ code: String) throws {
            try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
            try "42\n".write(toFile: data, atomically: true, encoding: .utf8)
            try code.write(toFile: folder + "/script.lua", atomically: true, encoding: .utf8)
        }

        /// What `command` (run, report or repl) prints on stdout and stderr with `flags`.
        func run(_ command: String, _ flags: [String], code: String) throws -> (status: Int32, out: String, err: String) {
            let cli = CommandLineTests()
            if command == "repl" { return try cli.run(["repl", "--store", store] + flags, input: code + "\n") }
            return try cli.run([command, "--store", store] + flags + [folder + "/script.lua"])
        }
    }

    static let commands = ["run", "report", "repl"]

    @Test("--allow-read DIR lets io.open read inside DIR in run, report and repl; without it all three refuse, naming the flag",
          arguments: commands)
    func allowRead(command: String) throws {
        let fixture = try Fixture("")
        let code = "print(io.open(\(String(reflecting: fixture.data))):read('l'))"
        try code.write(toFile: fixture.folder + "/script.lua", atomically: true, encoding: .utf8)
        let allowed = try fixture.run(command, ["--allow-read", fixture.folder + "/data"], code: code)
        #expect(allowed.out == "42\n", "\(command): \(allowed.err)")
        #expect(allowed.err == "")
        let refused = try fixture.run(command, [], code: code)
        #expect(refused.out == "")
        #expect(refused.err.contains("--allow-read"), "\(command): \(refused.err)")
    }

    @Test("--allow-write DIR lets io.open write inside DIR, and --trusted opens the full library, in run, report and repl",
          arguments: commands)
    func allowWriteAndTrusted(command: String) throws {
        let fixture = try Fixture("")
        let target = fixture.folder + "/data/out.txt"
        let code = "local f = io.open(\(String(reflecting: target)), 'w'); f:write('ok'); f:close(); print(pcall(os.getenv, 'HOME') and 'trusted' or 'sandbox')"
        try code.write(toFile: fixture.folder + "/script.lua", atomically: true, encoding: .utf8)
        let written = try fixture.run(command, ["--allow-write", fixture.folder + "/data"], code: code)
        #expect(written.out == "sandbox\n", "\(command): \(written.err)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "ok")
        try FileManager.default.removeItem(atPath: target)
        let trusted = try fixture.run(command, ["--trusted"], code: code)
        #expect(trusted.out == "trusted\n", "\(command): \(trusted.err)")
    }

    @Test("--timeout and --max-memory stop the code in run, report and repl with the same message", arguments: commands)
    func limits(command: String) throws {
        let loop = "while true do end"
        let fixture = try Fixture(loop)
        let slow = try fixture.run(command, ["--timeout", "0.3"], code: loop)
        #expect(slow.err.contains("timeout: the script ran longer than 0.3 s (raise it with --timeout)"), "\(command): \(slow.err)")
        let bomb = "local s = 'x' while true do s = s .. s end"
        try bomb.write(toFile: fixture.folder + "/script.lua", atomically: true, encoding: .utf8)
        let big = try fixture.run(command, ["--max-memory", "32"], code: bomb)
        #expect(big.err.contains("memory limit exceeded: 32 MB (raise it with --max-memory)"), "\(command): \(big.err)")
    }

    @Test("a bad limit is refused the same way by every command", arguments: commands)
    func badLimit(command: String) throws {
        let fixture = try Fixture("")
        let r = try fixture.run(command, ["--timeout=-1"], code: "")
        #expect(r.status == 64)
        #expect(r.err.contains("--timeout takes a number of seconds of 0 or more (0 means no limit)."))
    }
}
