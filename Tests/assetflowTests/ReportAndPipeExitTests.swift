import Foundation
import Testing

/// Issue 11: an --output extension AssetFlow does not write is refused; `--format csv` of
/// a report writes its table or says why not; a piped REPL exits non-zero after a failure.
@Suite("report outputs and piped REPL status")
struct ReportAndPipeExitTests {
    let cli = CommandLineTests()
    let reports = ReportCommandTests()

    @Test("--output x.pdf is refused before running, naming the formats written; no file is made")
    func unwrittenExtension() throws {
        let file = cli.temporary.file("overview.pdf")
        let r = try cli.run(["report", "overview", "--output", file, "--store", cli.temporaryStore()], environment: reports.environment)
        #expect(r.status != 0)
        #expect(r.err.contains("AssetFlow does not write .pdf files: give --output a name ending in .txt, .md, .csv, .json or .html."))
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test("report projection --format csv writes its table by year")
    func projectionCSV() throws {
        let store = try reports.demoStore()
        let r = try cli.run(["report", "projection", "--format", "csv", "--store", store], environment: reports.environment)
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\r\n")
        #expect(lines.first == "Date,10th,25th,Median,75th,90th")
        #expect(lines.count == 11)
    }

    @Test("a report without a table says why it writes no CSV")
    func noTable() throws {
        let folder = NSTemporaryDirectory() + "af-rep-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/text.lua"
        try #"local r = af.report.new{ title = "T" }; r:text("only words"); return r"#.write(toFile: script, atomically: true, encoding: .utf8)
        let r = try cli.run(["report", script, "--format", "csv", "--store", cli.temporaryStore()], environment: reports.environment)
        #expect(r.status != 0)
        #expect(r.err.contains("This report has no table to write as CSV. Use --format terminal, markdown, json or html."))
    }

    @Test("a piped REPL exits 1 when a statement failed, 0 otherwise; exit typed bare leaves")
    func pipedStatus() throws {
        let store = cli.temporaryStore()
        let failed = try cli.run(["repl", "--store", store], input: "error('x')\nprint(1)\n")
        #expect(failed.status == 1 && failed.out == "1\n" && failed.err.contains("stdin:1: x"))
        let fine = try cli.run(["repl", "--store", store], input: "print(1)\nexit\nprint(2)\n")
        #expect(fine.status == 0 && fine.out == "1\n")
    }
}

extension ReportAndPipeExitTests {
    @Test("the overview's net worth chart counts every asset, as the figure above it, and says so")
    func overviewNetWorthChart() throws {
        let store = cli.temporaryStore()
        let setup = """
        local p = af.create_portfolio{ name = "P" }
        af.create_asset{ name = "In", type = "stock", portfolio = p, quantity = 10, cost_basis = 10, date = "2024-01-02" }
        af.create_asset{ name = "Out", type = "stock", quantity = 5, cost_basis = 20, date = "2024-01-02" }
        """
        #expect(try cli.run(["repl", "--store", store], input: setup).status == 0)
        let r = try cli.run(["report", "overview", "--format", "json", "--store", store], environment: reports.environment)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains(#"{"label": "Net worth (USD)", "value": 200, "format": "money", "currency": "USD"}"#))
        #expect(r.out.contains(#""title": "Net worth in USD by month (every asset, as the figure above)""#))
        #expect(r.out.contains(#"{"x": "2024-01-02", "y": 200}"#))
    }
}
