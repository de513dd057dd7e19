import Foundation
import Testing

/// `assetflow report` as a user runs it: the built binary, a demo store, real files.
@Suite("assetflow report")
struct ReportCommandTests {
    let cli = CommandLineTests()
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func demoStore() throws -> String {
        let store = cli.temporaryStore()
        let r = try cli.run(["run", "--store", store, Self.root.appendingPathComponent("scripts/demo-store.lua").path])
        #expect(r.status == 0, "\(r.err)")
        return store
    }

    var environment: [String: String] {
        ["ASSETFLOW_BUILTIN_REPORTS": Self.root.appendingPathComponent("scripts/reports").path,
         "ASSETFLOW_REPORTS": cli.temporary.file("no-reports")]
    }

    @Test("An unknown report lists the available ones and exits non-zero")
    func unknown() throws {
        let r = try cli.run(["report", "nope", "--store", cli.temporaryStore()], environment: environment)
        #expect(r.status != 0)
        #expect(r.err.contains("No report named 'nope'. Available reports:\n  allocation-history\n  contributions-growth\n  dividends-calendar\n  drawdowns\n  fees-taxes\n  gains\n  holdings\n  income\n  monthly-returns\n  overview\n  performance\n  projection\n  rebalancing"))
    }

    @Test("An unknown format is refused before running, naming the formats")
    func badFormat() throws {
        let r = try cli.run(["report", "overview", "--format", "pdf", "--store", cli.temporaryStore()], environment: environment)
        #expect(r.status != 0)
        #expect(r.err.contains("Unknown report format 'pdf'. Use one of: terminal, markdown, csv, json, html."))
    }

    @Test("--output writes the file in the format of its extension, without colour; printing a pipe has no colour either")
    func output() throws {
        let store = try demoStore()
        let file = NSTemporaryDirectory() + "af-overview-\(UUID().uuidString).html"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try cli.run(["report", "overview", "--store", store, "--output", file], environment: environment)
        #expect(r.status == 0, "\(r.err)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let printed = try cli.run(["report", "holdings", "--store", store], environment: environment)
        #expect(printed.out.hasPrefix("Holdings\n") && !printed.out.contains("\u{1B}["))
    }
}
