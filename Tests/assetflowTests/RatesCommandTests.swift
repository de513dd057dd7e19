import Foundation
import Testing

/// `assetflow rates fetch` and `assetflow currency` through the built binary, against a local
/// HTTP server on 127.0.0.1 that the test starts (no test needs the internet).
@Suite("assetflow rates and currency", .serialized)
struct RatesCommandTests {
    let cli = CommandLineTests()

    /// python3's http.server over a temporary folder of `files`; returns the process, the
    /// folder and the port. SIGTERM is reset to its default: the test runner may ignore it.
    func startServer(_ files: [String: String]) throws -> (Process, String, Int) {
        let folder = cli.temporary.file("server-\(UUID().uuidString)")  // removed with the suite's instance
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (path, text) in files {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", """
            import http.server, functools, signal, sys
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            handler.func.log_message = lambda *args: None
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """, folder]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        var line = Data()
        while true {
            let byte = pipe.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        return (process, folder, Int(String(decoding: line, as: UTF8.self)) ?? 0)
    }

    func stop(_ server: (Process, String, Int)) {
        if server.0.isRunning { kill(server.0.processIdentifier, SIGKILL); server.0.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: server.1)
    }

    @Test("rates fetch uses $ASSETFLOW_RATES_URL, stores the rates, and they work offline; failures print the app's message")
    func fetch() throws {
        let server = try startServer(["2024-03-04/usd.json": #"{"date":"2024-03-04","usd":{"eur":0.8,"jpy":150}}"#])
        let store = cli.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: (store as NSString).deletingLastPathComponent) }
        let url = ["ASSETFLOW_RATES_URL": "http://127.0.0.1:\(server.2)/{date}/{base}.json"]
        let ok = try cli.run(["rates", "fetch", "--store", store, "--from", "2024-03-04", "--to", "2024-03-04"], environment: url)
        #expect(ok.status == 0, "\(ok.err)")
        #expect(ok.out == "Stored 2 rates for 1 day(s).\n")
        let missing = try cli.run(["rates", "fetch", "--store", store, "--from", "2024-03-05", "--to", "2024-03-05"], environment: url)
        #expect(missing.status == 1 && missing.err == "Exchange rates not found for the requested date. (2024-03-05)\n")
        stop(server)
        let down = try cli.run(["rates", "fetch", "--store", store, "--from", "2024-03-05", "--to", "2024-03-05"], environment: url)
        #expect(down.status == 1 && down.err.hasPrefix("Network unavailable. Exchange rates could not be fetched. (2024-03-05)\n"))
        // Without a network, it says how to go on: import the ECB's file.
        #expect(down.err.contains("Without a network, import a rates file instead") && down.err.contains("  assetflow rates import eurofxref-hist.csv\n"))
        // Offline: the stored rates convert, and the main currency changes with them.
        let list = try cli.run(["rates", "list", "--store", store, "--quote", "eur"])
        #expect(list.out == "2024-03-04  1 USD = 0.8 EUR  (127.0.0.1)\n")
        let script = NSTemporaryDirectory() + "af-cli-\(UUID().uuidString).lua"
        try #"print(af.convert(100, "EUR", "USD", "2024-03-09"))"#.write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let converted = try cli.run(["run", "--store", store, script])
        #expect(converted.out.hasPrefix("125.00 USD\t"), "\(converted.out) \(converted.err)")  // money in the currency asked for
    }

    @Test("rates fetch reports the codes it skipped (not currencies AssetFlow knows) and the days already stored; --allow-net is accepted")
    func reportsSkipped() throws {
        let server = try startServer(["2024-03-04/usd.json": #"{"date":"2024-03-04","usd":{"eur":0.8,"xau":0.0004,"xag":0.04}}"#])
        defer { stop(server) }
        let store = cli.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: (store as NSString).deletingLastPathComponent) }
        let environment = ["ASSETFLOW_RATES_URL": "http://127.0.0.1:\(server.2)/{date}/{base}.json", "XDG_CONFIG_HOME": store + ".config"]
        let arguments = ["rates", "fetch", "--store", store, "--from", "2024-03-04", "--to", "2024-03-04", "--allow-net", "mirror.example"]
        let ok = try cli.run(arguments, environment: environment)
        #expect(ok.status == 0, "\(ok.err)")
        #expect(ok.out == "Stored 1 rates for 1 day(s).\nSkipped 2 code(s) the service lists that are not currencies AssetFlow knows: XAG, XAU.\n")
        let again = try cli.run(arguments, environment: environment)
        #expect(again.out == "Stored 0 rates for 0 day(s); 1 day(s) already stored (--refresh fetches them again).\n")
    }

    @Test("currency shows and changes the main currency; an unknown code is refused")
    func currency() throws {
        let store = cli.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: (store as NSString).deletingLastPathComponent) }
        #expect(try cli.run(["currency", "--store", store]).out == "USD\n")
        let bad = try cli.run(["currency", "--store", store, "QQQ"])
        #expect(bad.status == 1 && bad.err == "Unsupported currency 'QQQ'.\n")
        #expect(try cli.run(["currency", "--store", store, "eur"]).out == "Main currency: EUR\n")
        #expect(try cli.run(["currency", "--store", store]).out == "EUR\n")
        #expect(try cli.run(["currency", "--list"]).out.contains("BTC\t8\tBitcoin\n"))
    }

    @Test("rates import stores a CSV file's rates, all or nothing")
    func importCSV() throws {
        let store = cli.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: (store as NSString).deletingLastPathComponent) }
        let good = NSTemporaryDirectory() + "af-cli-\(UUID().uuidString)-rates.csv"
        let bad = NSTemporaryDirectory() + "af-cli-\(UUID().uuidString)-bad.csv"
        defer { try? FileManager.default.removeItem(atPath: good); try? FileManager.default.removeItem(atPath: bad) }
        try "date,base,quote,rate\n2024-03-01,USD,EUR,0.92\n2024-03-01,USD,JPY,150\n".write(toFile: good, atomically: true, encoding: .utf8)
        try "date,base,quote,rate\n2024-03-02,USD,EUR,0.91\n2024-03-02,USD,QQQ,1\n".write(toFile: bad, atomically: true, encoding: .utf8)
        #expect(try cli.run(["rates", "import", "--store", store, good]).out == "Stored 2 rates.\n")
        let refused = try cli.run(["rates", "import", "--store", store, bad])
        #expect(refused.status == 1 && refused.err.hasSuffix("line 3: Unsupported currency 'QQQ'.\n"), "\(refused.err)")
        #expect(try cli.run(["rates", "list", "--store", store]).out.split(separator: "\n").count == 2)
    }

    @Test("import rates is the rates import: the same file, messages and all-or-nothing; --dry-run writes nothing")
    func importRates() throws {
        let store = cli.temporaryStore()
        defer { try? FileManager.default.removeItem(atPath: (store as NSString).deletingLastPathComponent) }
        let good = NSTemporaryDirectory() + "af-cli-\(UUID().uuidString)-rates.csv"
        let bad = NSTemporaryDirectory() + "af-cli-\(UUID().uuidString)-bad.csv"
        defer { try? FileManager.default.removeItem(atPath: good); try? FileManager.default.removeItem(atPath: bad) }
        try "date,base,quote,rate\n2024-03-01,USD,EUR,0.92\n2024-03-01,USD,JPY,150\n".write(toFile: good, atomically: true, encoding: .utf8)
        try "date,base,quote,rate\n2024-03-02,USD,EUR,0.91\n2024-03-02,USD,QQQ,1\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let dry = try cli.run(["import", "rates", "--store", store, good, "--dry-run"])
        #expect(dry.out == "Dry run: 2 rates would be stored; nothing was written.\n", "\(dry.err)")
        #expect(try cli.run(["rates", "list", "--store", store]).out.hasPrefix("No exchange rates stored"))
        #expect(try cli.run(["import", "rates", "--store", store, good]).out == "Stored 2 rates.\n")
        let refused = try cli.run(["import", "rates", "--store", store, bad])
        #expect(refused.status == 1 && refused.err.hasSuffix("line 3: Unsupported currency 'QQQ'.\n"), "\(refused.err)")
        #expect(try cli.run(["rates", "list", "--store", store]).out.split(separator: "\n").count == 2)
    }
}
