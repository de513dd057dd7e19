import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Core
@testable import Scripting
@testable import Store

let builtInReports = ["overview", "holdings", "income", "gains", "rebalancing", "performance", "projection",
                      "dividends-calendar", "monthly-returns", "drawdowns", "allocation-history", "fees-taxes", "contributions-growth"]

/// A store file filled by scripts/demo-store.lua, alone in a folder of its own: the caller
/// removes it with `removeStoreFolder(path)`.
func demoStore() throws -> (store: AssetFlowStore, path: String) {
    let path = try storeInFolderOfItsOwn("demo")
    let store = try AssetFlowStore(path: path)
    let outcome = try ScriptRunner.run(path: packageRoot.appendingPathComponent("scripts/demo-store.lua").path, arguments: [],
                                       store: store, options: ScriptRun(), today: CalendarDate("2026-01-15")!, output: { _ in })
    if let error = outcome.error { Issue.record("demo store: \(error)") }
    return (store, path)
}

func renderBuiltIn(_ name: String, _ format: ReportFormat, store: AssetFlowStore) throws -> String {
    var request = ReportRunner.Request(script: packageRoot.appendingPathComponent("scripts/reports/\(name).lua").path)
    request.format = format
    let outcome = try ReportRunner.run(request, store: store, today: CalendarDate("2026-01-15")!, output: { _ in })
    if let error = outcome.error { Issue.record("\(name): \(error)") }
    return outcome.text ?? ""
}

/// Every `<svg …>…</svg>` in `html`.
func svgParts(_ html: String) -> [String] {
    var result: [String] = [], rest = Substring(html)
    while let start = rest.range(of: "<svg"), let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) {
        result.append(String(rest[start.lowerBound..<end.upperBound]))
        rest = rest[end.upperBound...]
    }
    return result
}

let chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("Built-in reports", .serialized)
struct BuiltInReportsTests {
    @Test("Each built-in report runs on the demo store in every format; its SVG is valid XML",
          arguments: builtInReports)
    func everyFormat(name: String) throws {
        let demo = try demoStore()
        defer { removeStoreFolder(demo.path) }
        for format in ReportFormat.allCases {
            let text = try renderBuiltIn(name, format, store: demo.store)
            if format != .csv { #expect(!text.isEmpty, "\(name) \(format)") }
            if format == .html { #expect(svgParts(text).allSatisfy { XMLParser(data: Data($0.utf8)).parse() }) }
        }
    }

    @Test("The built-in reports on an empty store are empty states, not errors", arguments: builtInReports)
    func emptyStore(name: String) throws {
        let store = try AssetFlowStore(path: nil)
        let text = try renderBuiltIn(name, .terminal, store: store)
        for line in try #require(Self.emptyStates[name], "add \(name)'s empty state to emptyStates") { #expect(text.contains(line), "\(name):\n\(text)") }
    }

    /// Each built-in report's title and what it says on an empty store.
    static let emptyStates = [
        "overview": ["Portfolio overview", "The store has no assets yet: create one with af.create_asset{…}"],
        "holdings": ["Holdings", "(no rows)"],
        "income": ["Income by year", "No dividends or interest recorded yet."],
        "rebalancing": ["Rebalancing plan", "No portfolio has targets yet: set them with p:set_targets{"],
        "performance": ["Performance by year", "No transactions yet."],
        "projection": ["Projection", "Projected net worth"],
        "gains": ["Realized gains (fifo, USD)", "No sales in this period."],
        "dividends-calendar": ["Income calendar", "Payments"],
        "monthly-returns": ["Monthly returns (USD)", "Returns are not available: Nothing to measure"],
        "drawdowns": ["Drawdowns (USD)", "Returns are not available: Nothing to measure"],
        "allocation-history": ["Allocation over time (USD)", "(no data)"],
        "fees-taxes": ["Fees and taxes paid", "Fees paid (USD)"],
        "contributions-growth": ["Contributions and growth (USD)", "No transactions yet."],
    ]

    @Test("The overview shows the demo's figures and its allocation")
    func overviewContents() throws {
        let demo = try demoStore()
        defer { removeStoreFolder(demo.path) }
        let text = try renderBuiltIn("overview", .markdown, store: demo.store)
        #expect(text.contains("# Portfolio overview"))
        #expect(text.contains("| Net worth (USD) |"))
        #expect(text.contains("## Allocation by type (USD)"))
    }

    @Test("Each built-in HTML report loads in headless Chromium without console errors and its screenshot is not blank",
          .enabled(if: chromiumPath != nil || runningOnCI, "chromium is not installed (scripts/test installs it)"), arguments: builtInReports)
    func browser(name: String) throws {
        let demo = try demoStore()
        defer { removeStoreFolder(demo.path) }
        let folder = NSTemporaryDirectory() + "af-browser-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let html = folder + "/\(name).html", png = folder + "/\(name).png"
        try renderBuiltIn(name, .html, store: demo.store).write(toFile: html, atomically: true, encoding: .utf8)

        let chromium = try #require(chromiumPath, "CI=true and chromium is not installed")
        let log = try run(chromium, ["--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
                                          "--user-data-dir=\(folder)/profile", "--enable-logging=stderr", "--v=0",
                                          "--screenshot=\(png)", "--window-size=1200,1600", "file://\(html)"])
        let consoleErrors = log.split(separator: "\n").filter { $0.contains("Uncaught") || $0.contains("ERROR:CONSOLE") || $0.contains(":CONSOLE(") }
        #expect(consoleErrors.isEmpty, "console: \(consoleErrors.joined(separator: "\n"))")
        let size = (try FileManager.default.attributesOfItem(atPath: png)[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 10_000, "screenshot of \(name) is \(size) bytes")
        // Decode the PNG's pixel data and count distinct byte values: a blank page has a handful.
        let distinct = try run("/usr/bin/env", ["python3", "-c", """
            import sys, zlib, struct
            data = open(sys.argv[1], 'rb').read()
            pos, idat = 8, b''
            while pos < len(data):
                length, kind = struct.unpack('>I4s', data[pos:pos + 8])
                if kind == b'IDAT': idat += data[pos + 8:pos + 8 + length]
                pos += 12 + length
            print(len(set(zlib.decompress(idat))))
            """, png])
        #expect((Int(distinct.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 32, "screenshot of \(name) looks blank")
    }

    /// Runs a program and returns its standard output and error together.
    func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// The gallery and the built-in reports' parameters on the demo store, against figures
/// worked out from scripts/demo-store.lua.
@Suite("Built-in report parameters and the gallery", .serialized)
struct GalleryReportsTests {
    func render(_ name: String, _ format: ReportFormat, _ parameters: [String: String], store: AssetFlowStore) throws -> String {
        var request = ReportRunner.Request(script: packageRoot.appendingPathComponent("scripts/reports/\(name).lua").path)
        request.format = format
        request.parameters = parameters
        let outcome = try ReportRunner.run(request, store: store, today: CalendarDate("2026-01-15")!, output: { _ in })
        if let error = outcome.error { Issue.record("\(name): \(error)") }
        return (outcome.text ?? "").replacingOccurrences(of: "\r\n", with: "\n")  // CSV lines end in CRLF
    }

    @Test("Parameters change what the built-in reports show")
    func parameters() throws {
        let demo = try demoStore()
        defer { removeStoreFolder(demo.path) }
        // Dividends 600, 750, 900 and interest 420, 460, 500 in 2023–2025.
        #expect(try render("income", .csv, ["from": "2024-01-01"], store: demo.store) == "Year,Dividend,Interest,Total\n2024,750.00,460.00,1210.00\n2025,900.00,500.00,1400.00\n")
        let projection = try render("projection", .csv, ["years": "3", "runs": "50", "monthly": "100"], store: demo.store)
        #expect(projection.split(separator: "\n").count == 4, "a header and one row a year: \(projection)")
        let holdings = try render("holdings", .csv, ["portfolio": "Core"], store: demo.store)
        #expect(holdings.contains("World ETF") && holdings.contains("Cash"))
        #expect(try render("allocation-history", .csv, ["months": "3", "by": "asset_type"], store: demo.store).split(separator: "\n").count == 4)
    }

    @Test("The overview in another currency: its figures and chart in EUR, the net worth as af.net_worth(\"EUR\")")
    func overviewInEuros() throws {
        let example = try MultiCurrencyExample.store()
        defer { removeStoreFolder(example.path) }
        var request = ReportRunner.Request(script: packageRoot.appendingPathComponent("scripts/reports/overview.lua").path)
        request.format = .markdown
        request.parameters = ["currency": "EUR"]
        let outcome = try ReportRunner.run(request, store: example.store, today: CalendarDate(MultiCurrencyExample.today)!, output: { _ in })
        let text = try #require(outcome.text, "\(outcome.error ?? "")")
        let expected = try runLua(MultiCurrencyExample.script + "\nprint((af.net_worth(\"EUR\")))", today: MultiCurrencyExample.today)
        #expect(expected == "2,808.98 EUR\n", "\(expected)")  // the same figure, labelled alike
        #expect(text.contains("| Net worth (EUR) | 2,808.98 EUR |"), "\(text)")
        #expect(text.contains("Net worth in EUR by month"))
    }

    @Test("The gallery's figures: payments, the waterfall adding up, the month grid")
    func figures() throws {
        let demo = try demoStore()
        defer { removeStoreFolder(demo.path) }
        let calendar = try render("dividends-calendar", .markdown, [:], store: demo.store)
        #expect(calendar.contains("| Paid (USD) | 3,630.00 USD |") && calendar.contains("| Payments | 6 |"), "\(calendar)")
        #expect(calendar.contains("| 2024-12 | 750.00 USD |"), "\(calendar)")
        let waterfall = try render("contributions-growth", .json, [:], store: demo.store)
        #expect(waterfall.contains("\"kind\": \"waterfall\"") || waterfall.contains("\"kind\":\"waterfall\""))
        // Income in the waterfall is every payment after the first day: 3,630.
        let table = try render("contributions-growth", .csv, [:], store: demo.store)
        #expect(table.contains("Income,3630.00"), "\(table)")
        let returns = try render("monthly-returns", .terminal, [:], store: demo.store)
        #expect(returns.contains("Jan") && returns.contains("2024"), "\(returns)")
    }
}
