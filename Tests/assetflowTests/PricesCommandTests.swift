import Foundation
import Testing

/// `assetflow prices fetch` through the built binary, with the built-in csv provider against
/// a local HTTP server on 127.0.0.1 the test starts (no test needs the internet).
@Suite("assetflow prices fetch", .serialized)
struct PricesCommandTests {
    let cli = CommandLineTests()

    @Test("A host not given with --allow-net is refused (exit 1, nothing stored); with it the prices are stored")
    func fetch() throws {
        let rates = RatesCommandTests()
        let server = try rates.startServer(["h.csv": "Date,Close\n2024-03-04,12.50\n2024-03-05,12.75\n"])
        defer { rates.stop(server) }
        let store = cli.temporaryStore()
        let folder = (store as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["XDG_CONFIG_HOME": folder + "/config"]  // no user provider in the way
        let script = NSTemporaryDirectory() + "af-cli-\(UUID().uuidString)-setup.lua"
        defer { try? FileManager.default.removeItem(atPath: script) }
        try """
            af.create_asset{ name = "Apple", type = "stock", currency = "USD" }
              :update{ quote = { provider = "csv", symbol = "http://127.0.0.1:\(server.2)/h.csv?from={from}&to={to}" } }
            """.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(try cli.run(["run", "--store", store, script], environment: environment).status == 0)
        let arguments = ["prices", "fetch", "--store", store, "--from", "2024-03-04", "--to", "2024-03-05"]
        let refused = try cli.run(arguments, environment: environment)
        #expect(refused.status == 1)
        #expect(refused.out == """
            Apple: not fetched: Provider 'csv' may not reach 127.0.0.1: allow it with --allow-net 127.0.0.1.
            Stored 0 price(s) for 0 asset(s); 1 could not be fetched.

            """)
        let ok = try cli.run(arguments + ["--allow-net", "127.0.0.1"], environment: environment)
        #expect(ok.status == 0, "\(ok.err)")
        #expect(ok.out == "Apple: 2 stored, 0 skipped (already there)\nStored 2 price(s) for 1 asset(s).\n")
        let again = try cli.run(arguments + ["--allow-net", "127.0.0.1"], environment: environment)
        #expect(again.out == "Apple: 0 stored, 2 skipped (already there)\nStored 0 price(s) for 1 asset(s).\n")
    }

    @Test("The nightly example (scripts/examples/nightly-prices.lua) fetches under --allow-net and saves its report")
    func nightlyExample() throws {
        let rates = RatesCommandTests()
        let server = try rates.startServer(["h.csv": "Date,Close\n2024-03-04,12.50\n2024-03-05,12.75\n"])
        defer { rates.stop(server) }
        let store = cli.temporaryStore()
        let folder = (store as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["XDG_CONFIG_HOME": folder + "/config", "ASSETFLOW_REPORTS": folder + "/reports", "ASSETFLOW_TODAY": "2024-03-06"]
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let setup = folder + "/setup.lua"
        try """
            af.create_asset{ name = "Apple", type = "stock", currency = "USD" }
              :update{ quote = { provider = "csv", symbol = "http://127.0.0.1:\(server.2)/h.csv?from={from}&to={to}" } }
            """.write(toFile: setup, atomically: true, encoding: .utf8)
        #expect(try cli.run(["run", "--store", store, setup], environment: environment).status == 0)
        let nightly = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/examples/nightly-prices.lua").path
        // Cron mails what it prints: the lines, then the report as Markdown.
        let mailed = try cli.run(["run", "--store", store, "--allow-net", "127.0.0.1", nightly], environment: environment)
        #expect(mailed.status == 0, "\(mailed.err)")
        #expect(mailed.out.hasPrefix("Apple\t2 stored, 0 skipped\n"), "\(mailed.out)")
        #expect(mailed.out.contains("Prices fetched") && mailed.out.contains("Net worth: "), "\(mailed.out)")
        // A file in the sandbox is refused, said, and the fetch kept; with --trusted it is saved.
        let sandboxed = try cli.run(["run", "--store", store, "--allow-net", "127.0.0.1", nightly, folder + "/nightly.html"], environment: environment)
        #expect(sandboxed.status == 0 && sandboxed.out.contains("Not saved (a sandboxed script may not write"), "\(sandboxed.out) \(sandboxed.err)")
        let saved = try cli.run(["run", "--store", store, "--trusted", "--allow-net", "127.0.0.1", nightly, folder + "/nightly.html"], environment: environment)
        #expect(saved.status == 0 && saved.out.contains("Saved "), "\(saved.out) \(saved.err)")
        let report = try String(contentsOfFile: folder + "/nightly.html", encoding: .utf8)
        #expect(report.contains("Prices fetched") && report.contains("Apple"))
    }

    @Test("After af.fetch_prices the script's --timeout still ends a run stuck where no hook reaches (the watchdog is not lost)",
          .timeLimit(.minutes(1)))
    func watchdogAfterFetch() throws {
        let rates = RatesCommandTests()
        let server = try rates.startServer(["h.csv": "Date,Close\n2024-03-04,12.50\n"])
        defer { rates.stop(server) }
        let store = cli.temporaryStore()
        let folder = (store as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = folder + "/stuck.lua"
        try """
            af.create_asset{ name = "Apple", type = "stock", currency = "USD" }
              :update{ quote = { provider = "csv", symbol = "http://127.0.0.1:\(server.2)/h.csv?from={from}&to={to}" } }
            local r = af.fetch_prices{ from = "2024-03-04", to = "2024-03-04" }[1]
            print(r.asset, r.stored, r.failure)
            -- put in the metatable after setmetatable: unguarded, only the watchdog stops it
            local mt = {__gc = function() end}
            setmetatable({}, mt)
            mt.__gc = function() while true do end end
            collectgarbage()
            print("not reached")
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let r = try cli.run(["run", "--store", store, "--timeout", "2", "--allow-net", "127.0.0.1", script],
                            environment: ["XDG_CONFIG_HOME": folder + "/config"])
        #expect(r.status == 1)
        #expect(r.out == "Apple\t1\tnil\n", "\(r.err)")
        #expect(r.err.hasPrefix("timeout: the script ran longer than 2 s"), "\(r.err)")
    }

    @Test("On a terminal, prices fetch draws its progress per asset on standard error; in a pipe it draws nothing")
    func progressOnTerminal() throws {
        let rates = RatesCommandTests()
        let server = try rates.startServer(["h.csv": "Date,Close\n2024-03-04,12.50\n"])
        defer { rates.stop(server) }
        let store = cli.temporaryStore()
        let folder = (store as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let environment = ["XDG_CONFIG_HOME": folder + "/config"]
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let setup = folder + "/setup.lua"
        try """
            for _, name in ipairs{ "Apple", "Pear" } do
              af.create_asset{ name = name, type = "stock", currency = "USD" }
                :update{ quote = { provider = "csv", symbol = "http://127.0.0.1:\(server.2)/h.csv?from={from}&to={to}" } }
            end
            """.write(toFile: setup, atomically: true, encoding: .utf8)
        #expect(try cli.run(["run", "--store", store, setup], environment: environment).status == 0)
        let arguments = ["prices", "fetch", "--store", store, "--from", "2024-03-04", "--to", "2024-03-04", "--dry-run", "--allow-net", "127.0.0.1"]
        let piped = try cli.run(arguments, environment: environment)
        #expect(piped.status == 0 && piped.err == "", "\(piped.err)")
        // Standard error on a pseudo-terminal, standard output in a pipe.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import os, pty, subprocess, sys
            master, slave = pty.openpty()
            result = subprocess.run(sys.argv[1:], stderr=slave, stdout=subprocess.PIPE)
            os.close(slave)
            seen = b""
            while True:
                try: chunk = os.read(master, 4096)
                except OSError: break
                if not chunk: break
                seen += chunk
            sys.stdout.write(seen.decode())
            """, CommandLineTests.binary] + arguments
        process.environment = CommandLineTests.environment(environment)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.contains("] 1/2 assets") && text.contains("] 2/2 assets"), "\(text)")
    }
}
