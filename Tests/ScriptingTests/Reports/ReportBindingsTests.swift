import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Runs Lua with reports saved only to `outputPath` or inside `folder`; returns what it printed.
func runReportLua(_ source: String, outputPath: String? = nil, folder: String? = nil, trusted: Bool = false) throws -> String {
    let store = try AssetFlowStore(path: nil)
    var printed = ""
    try store.withSession(today: CalendarDate("2024-06-01")!) { session in
        let env = try ScriptEnvironment(session: session, trusted: trusted)
        env.reports.outputPath = outputPath
        env.reports.reportsFolder = folder
        env.reports.isTerminal = false
        env.output = { printed += $0 }
        try env.lua.execute(source, name: "=test")
    }
    return printed
}

let reportSetup = """
    local p = af.create_portfolio{ name = "Core" }
    local a = af.create_asset{ name = "ACME", type = "stock", currency = "USD", portfolio = p, quantity = 10, cost_basis = "100", date = "2024-01-02" }
    a:record_price{ price = "120.5", date = "2024-03-01" }
    local r = af.report.new{ title = "T" }

    """

@Suite("Reports through Lua")
struct ReportBindingsTests {
    @Test("A table from binding rows, with chosen columns and formats; money in the assets' currency")
    func tableFromRows() throws {
        let out = try runReportLua(reportSetup + """
            r:table(p:allocation{}, { columns = { "key", { "value", "Worth" }, "percent" }, format = { value = "money", percent = "percent" } })
            print(r:render("markdown"))
            print(r:render("csv"))
            """)
        #expect(out.contains("| Key | Worth | Percent |\n| --- | ---: | ---: |\n| stock | 1,205.00 USD | 100.00% |"))
        #expect(out.contains("Key,Worth,Percent\r\nstock,1205.00,100.00\r\n"))
    }

    @Test("Figures, text and a chart from p:timeline with x and y defaulting to date and value")
    func chartFromTimeline() throws {
        let out = try runReportLua(reportSetup + """
            r:text("Hello"):figures{ { label = "Net worth", value = af.net_worth(), format = "money" }, { label = "Note", value = "ok", format = "text" } }
            r:chart{ kind = "line", series = p:timeline{ from = "2024-01-01", every = "month" }, format = "money", title = "Value" }
            print(r:render("json"))
            """)
        #expect(out.contains(#"{"type": "text", "text": "Hello"}"#))
        #expect(out.contains(#"{"label": "Net worth", "value": 1205, "format": "money", "currency": "USD"}, {"label": "Note", "value": "ok"}"#))
        #expect(out.contains(#"{"x": "2024-03-01", "y": 1205}"#))
    }

    @Test("Several y fields make several series; named datasets make one series each")
    func severalSeries() throws {
        let out = try runReportLua(reportSetup + """
            r:chart{ kind = "bar", series = { { year = 2023, a = 1, b = 2 }, { year = 2024, a = 3 } }, x = "year", y = { "a", "b" }, names = { "A", "B" } }
            r:chart{ kind = "line", series = { { name = "X", rows = { { date = "2024-01-01", value = 1 } } }, { name = "Y", rows = {} } } }
            print(r:render("json"))
            """)
        #expect(out.contains(#""series": [{"name": "A", "points": [{"x": "2023", "y": 1}, {"x": "2024", "y": 3}]}, {"name": "B", "points": [{"x": "2023", "y": 2}]}]"#))
        #expect(out.contains(#""series": [{"name": "X", "points": [{"x": "2024-01-01", "y": 1}]}, {"name": "Y", "points": []}]"#))
    }

    @Test("Empty rows and empty series are empty states in every format", arguments: ReportFormat.allCases)
    func emptyData(format: ReportFormat) throws {
        let out = try runReportLua(reportSetup + """
            r:table({}):chart{ kind = "pie", series = {} }:figures{}
            print(r:render("\(format.rawValue)"))
            """)
        let expected: [String] = switch format {
        case .terminal: ["(no rows)", "(no data)", "(no figures)"]
        case .markdown: ["_No rows._", "_No data._", "_No figures._"]
        case .html: ["<p class=\"empty\">No rows.</p>", "<p class=\"empty\">No figures.</p>"]
        case .json: [#""columns": [], "rows": []"#, #""points": []"#, #""figures": []"#]
        case .csv: []
        }
        for text in expected { #expect(out.contains(text), "\(format): \(out)") }
        if format == .csv { #expect(out.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "a table without columns or rows: \(out)") }
    }

    @Test("Mistakes are errors that name the method, the row and the field")
    func errors() throws {
        let out = try runReportLua(reportSetup + """
            print(select(2, pcall(r.chart, r, { kind = "donut", series = {} })))
            print(select(2, pcall(r.table, r, { { a = 1 }, 5 })))
            print(select(2, pcall(r.chart, r, { series = { { value = 1 } } })))
            print(select(2, pcall(r.render, r, "pdf")))
            print(select(2, pcall(r.table, r, {}, { format = { a = "euros" } })))
            """)
        #expect(out.contains("Report:chart: field 'kind': unknown chart kind 'donut' (use line, area, bar, pie, fan, stacked, heatmap, drawdown, waterfall, calendar)"))
        #expect(out.contains("Report:table: row 2 is a number, expected a table of fields"))
        #expect(out.contains("Report:chart: series row 1 has no 'date' field (name the x field with x = \"…\")"))
        #expect(out.contains("Unknown report format 'pdf'. Use one of: terminal, markdown, csv, json, html."))
        #expect(out.contains("Report:table: unknown format 'euros' (use number, integer, money, percent or text)"))
    }

    @Test("r:save in the sandbox: only the --output file or inside the reports folder; never elsewhere, not even via ..")
    func saveRules() throws {
        let folder = NSTemporaryDirectory() + "af-reports-\(UUID().uuidString)"
        let output = NSTemporaryDirectory() + "af-out-\(UUID().uuidString).md"
        // A harmless place outside both allowed ones: a failing check must never touch a real file.
        let elsewhere = NSTemporaryDirectory() + "af-elsewhere-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer {
            for path in [folder, output, elsewhere] { try? FileManager.default.removeItem(atPath: path) }
        }
        let out = try runReportLua(reportSetup + """
            r:text("saved")
            print(pcall(r.save, r, "\(output)"))
            print(pcall(r.save, r, "\(folder)/sub/overview.html"))
            print(select(2, pcall(r.save, r, "\(folder)/../\((elsewhere as NSString).lastPathComponent)/escape.html")))
            print(select(2, pcall(r.save, r, "\(elsewhere)/report.html")))
            io = {}  -- a script cannot make itself trusted
            print(select(2, pcall(r.save, r, "\(elsewhere)/again.html")))
            """, outputPath: output, folder: folder)
        #expect(out.contains("true\t\(output)"))
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("# T\n\nsaved"))
        #expect(FileManager.default.fileExists(atPath: folder + "/sub/overview.html"))
        #expect(out.contains("Report:save: a sandboxed script may not write '\(folder)/../"))
        #expect(out.contains("Report:save: a sandboxed script may not write '\(elsewhere)/report.html'. It may write the --output file or inside the reports folder;"))
        #expect(!out.contains("reports folder \(folder)"))
        #expect(out.contains("Report:save: a sandboxed script may not write '\(elsewhere)/again.html'"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: elsewhere))?.isEmpty == true)
    }

    @Test("Terminal rendering has no colour when not on a terminal")
    func noColourOffTerminal() throws {
        let out = try runReportLua(reportSetup + "r:figures{ { label = \"Loss\", value = -5, format = \"money\" } } print(r:render())")
        #expect(out.contains("Loss  -5.00 USD") && !out.contains("\u{1B}["))
    }
}
