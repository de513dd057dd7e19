import Foundation
import Testing

/// Runs the built `assetflow` binary and checks what a user sees.
@Suite("assetflow command line")
struct CommandLineTests {
    static let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("assetflow").path

    /// The day every run of the binary takes as today (ASSETFLOW_TODAY), unless a test gives
    /// another: no test depends on the machine's clock.
    static let today = "2026-01-15"

    /// This process's environment for a run of the binary: ASSETFLOW_TODAY fixed, then `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["ASSETFLOW_TODAY"] = today
        return env.merging(extra) { $1 }
    }

    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = Self.environment(environment)
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

    /// Every store and file this instance hands out lives in here, removed with the instance.
    let temporary = TemporaryFolder("cli")

    func temporaryStore() -> String { temporary.file("\(UUID().uuidString)/store.sqlite") }

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
        let script = NSTemporaryDirectory() + "af-\(UUID().uuidString.prefix(8)).lua"  // short: Lua cuts a chunk name over 60 bytes
        defer { try? FileManager.default.removeItem(atPath: script) }
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

@Suite("assetflow run: interruption and flags")
struct RunInterruptTests {
    @Test("Ctrl-C during run stops the script and rolls back")
    func interruptRollsBack() throws {
        let folder = NSTemporaryDirectory() + "af-int-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/loop.lua"
        try "af.create_portfolio{ name = 'Half' }\nprint('started')\nwhile true do end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
        process.arguments = ["run", "--store", folder + "/s.sqlite", script]
        process.environment = CommandLineTests.environment()
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        _ = out.fileHandleForReading.availableData  // wait for "started"
        Thread.sleep(forTimeInterval: 0.3)
        process.interrupt()
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(stderr.contains("interrupted"))
        #expect(stderr.contains("rolled back"))
        let check = try CommandLineTests().run(["repl", "--store", folder + "/s.sqlite"], input: "#af.portfolios()\n")
        #expect(check.out == "0\n")
    }

    @Test("--dry-run prints what would change and keeps nothing")
    func dryRun() throws {
        let folder = NSTemporaryDirectory() + "af-dry-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/add.lua"
        try "af.create_asset{ name = 'ACME', type = 'stock', quantity = 3, cost_basis = 10, date = '2024-01-02' }".write(toFile: script, atomically: true, encoding: .utf8)
        let r = try CommandLineTests().run(["run", "--dry-run", "--store", folder + "/s.sqlite", script])
        #expect(r.status == 0)
        #expect(r.out.contains("Dry run, rolled back. Would have changed:"))
        #expect(r.out.contains("asset: 1 added, 0 changed, 0 deleted"))
        #expect(r.out.contains("transaction: 1 added"))
        #expect(r.out.contains("price: 1 added"))
        let check = try CommandLineTests().run(["repl", "--store", folder + "/s.sqlite"], input: "#af.assets()\n")
        #expect(check.out == "0\n")
    }

    @Test("--timeout and --max-memory stop a script with a message naming the flag")
    func limitsFromTheCommandLine() throws {
        let folder = NSTemporaryDirectory() + "af-lim-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "while true do end".write(toFile: folder + "/loop.lua", atomically: true, encoding: .utf8)
        try "local s = 'x' while true do s = s .. s end".write(toFile: folder + "/bomb.lua", atomically: true, encoding: .utf8)
        let slow = try CommandLineTests().run(["run", "--timeout", "0.5", "--store", folder + "/s.sqlite", folder + "/loop.lua"])
        #expect(slow.status == 1 && slow.err.contains("(raise it with --timeout)"))
        let big = try CommandLineTests().run(["run", "--max-memory", "32", "--store", folder + "/s.sqlite", folder + "/bomb.lua"])
        #expect(big.status == 1 && big.err.contains("memory"))
    }
}

/// `assetflow import`, `export`, `backup` and `restore` as a user runs them.
@Suite("assetflow import, export, backup, restore")
struct DataCommandTests {
    let cli = CommandLineTests()

    @Test("import prints the summary; errors go to stderr with exit 1; restore of a bad file changes nothing")
    func importExportBackup() throws {
        let folder = NSTemporaryDirectory() + "af-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/store.sqlite"
        try "Date;Symbol;Action;Shares;Price\n02/01/2024;ACME;Buy;10;12,50\n".write(toFile: folder + "/broker.csv", atomically: true, encoding: .utf8)
        let ok = try cli.run(["import", "transactions", folder + "/broker.csv", "--store", store, "--decimal-comma", "--date-format", "DD/MM/YYYY"])
        #expect(ok.status == 0, "\(ok.err)")
        #expect(ok.out == "1 transaction imported.\n1 new asset added: ACME (stock, USD).\n")
        #expect(ok.err.isEmpty)  // no progress bar: stderr is not a terminal
        try "Date,Asset,Price\n2024-01-02,ACME,abc\n".write(toFile: folder + "/bad.csv", atomically: true, encoding: .utf8)
        let bad = try cli.run(["import", "prices", folder + "/bad.csv", "--store", store])
        #expect(bad.status == 1)
        #expect(bad.err == "1 row has an error; nothing was imported.\nline 2, Price: Cannot parse 'abc' as a number.\n")
        let export = try cli.run(["export", "csv", folder + "/out", "--store", store])
        #expect(export.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/out/transactions.csv"))
        let backup = try cli.run(["backup", folder + "/b.zip", "--store", store])
        #expect(backup.out == "Backup written to \(folder)/b.zip.\n")
        try "not a zip".write(toFile: folder + "/bad.zip", atomically: true, encoding: .utf8)
        let restore = try cli.run(["restore", folder + "/bad.zip", "--store", store])
        #expect(restore.status == 1)
        #expect(restore.err == "The file is not a valid backup archive.\nThe store was not changed.\n")
        let good = try cli.run(["restore", folder + "/b.zip", "--store", store])
        #expect(good.status == 0, "\(good.err)")
        #expect(good.out.contains("The previous store was kept as \(folder)/store-before-restore-"))
    }
}
