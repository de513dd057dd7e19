import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("Built-in reports on the multi-currency example", .serialized)
struct MultiCurrencyReportsTests {
    @Test("Each built-in report renders the multi-currency store in every format, never adding two currencies",
          arguments: builtInReports)
    func everyFormat(name: String) throws {
        let example = try MultiCurrencyExample.store()
        defer { removeStoreFolder(example.path) }
        for format in ReportFormat.allCases {
            let text = try renderBuiltIn(name, format, store: example.store)
            if format != .csv { #expect(!text.isEmpty, "\(name) \(format)") }
            #expect(!text.contains("No exchange rate"), "\(name) \(format): \(text.prefix(300))")
            #expect(!text.contains("not available"), "\(name) \(format): \(text.prefix(300))")
            if format == .html { #expect(svgParts(text).allSatisfy { XMLParser(data: Data($0.utf8)).parse() }) }
        }
    }

    @Test("The overview's figures are in USD: net worth 3595.50 and each asset's value in USD")
    func overviewFigures() throws {
        let example = try MultiCurrencyExample.store()
        defer { removeStoreFolder(example.path) }
        let text = try renderBuiltIn("overview", .markdown, store: example.store)
        #expect(text.contains("Net worth (USD)"))
        #expect(text.contains("3,595.50") || text.contains("3595.50"), "\(text)")
        #expect(text.contains("Value (USD)"))
        let holdings = try renderBuiltIn("holdings", .csv, store: example.store)
        #expect(holdings.contains("World ETF") && holdings.contains("EUR") && holdings.contains("1408"), "\(holdings)")
    }

    @Test("Each built-in HTML report of the multi-currency store loads in headless Chromium without console errors",
          .enabled(if: chromiumPath != nil || runningOnCI, "chromium is not installed (scripts/test installs it)"), arguments: builtInReports)
    func browser(name: String) throws {
        let example = try MultiCurrencyExample.store()
        defer { removeStoreFolder(example.path) }
        let folder = NSTemporaryDirectory() + "af-browser-fx-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let html = folder + "/\(name).html", png = folder + "/\(name).png"
        try renderBuiltIn(name, .html, store: example.store).write(toFile: html, atomically: true, encoding: .utf8)
        let chromium = try #require(chromiumPath, "CI=true and chromium is not installed")
        let log = try BuiltInReportsTests().run(chromium, ["--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
                                                               "--user-data-dir=\(folder)/profile", "--enable-logging=stderr", "--v=0",
                                                               "--screenshot=\(png)", "--window-size=1200,1600", "file://\(html)"])
        let consoleErrors = log.split(separator: "\n").filter { $0.contains("Uncaught") || $0.contains("ERROR:CONSOLE") || $0.contains(":CONSOLE(") }
        #expect(consoleErrors.isEmpty, "console: \(consoleErrors.joined(separator: "\n"))")
        let size = (try FileManager.default.attributesOfItem(atPath: png)[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 10_000, "screenshot of \(name) is \(size) bytes")
    }
}
