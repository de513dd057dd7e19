import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }
private func day(_ text: String) -> ReportX { .date(CalendarDate(text)!) }

/// Documents with one element each, in three sizes: empty, one data point, several.
enum Samples {
    static let sizes = ["empty", "one", "many"]

    static func table(_ size: String) -> ReportTable {
        let rows: [[ReportCell]] = [
            [.text("ACME, Inc."), .number(dec("1234.5"), .money), .number(dec("-12.345"), .percent)],
            [.text("Bond \"B\""), .number(dec("0.1234567890123456789"), .number), .empty],
        ]
        let columns = [ReportColumn(key: "name"), ReportColumn(key: "value"), ReportColumn(key: "gain_percent", label: "Gain %")]
        return ReportTable(title: "Holdings", columns: columns, rows: size == "empty" ? [] : size == "one" ? [rows[0]] : rows)
    }

    static func chart(_ kind: ReportChartKind, _ size: String) -> ReportChart {
        let count = size == "empty" ? 0 : size == "one" ? 1 : 5
        let xs: [ReportX] = kind == .pie || kind == .bar ? ["stock", "bond", "cash", "gold", "crypto"].map(ReportX.label)
            : ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31"].map(day)
        let names = kind == .fan ? ["p10", "p50", "p90"] : ["Core", "Growth"]
        let series = names.enumerated().map { s, name in
            ReportSeries(name: name, points: (0..<count).map { i in (xs[i], ExactDecimal(1000 * (i + 1) * (s + 1) - (kind == .bar && i == 2 ? 9000 : 0))) })
        }
        return ReportChart(kind: kind, title: "\(kind.rawValue) <chart> & co", series: series, format: .money)
    }

    static func document(_ element: String, _ size: String) -> ReportDocument {
        var doc = ReportDocument(title: "Test & <report>", currency: "USD")
        switch element {
        case "text": doc.elements = size == "empty" ? [.text("")] : [.text("First line\nSecond <line>")]
        case "figures":
            let figures = [ReportFigure(label: "Net worth", value: .number(dec("2500000"), .money)),
                           ReportFigure(label: "Gain", value: .number(dec("-3.5"), .percent))]
            doc.elements = [.figures(size == "empty" ? [] : size == "one" ? [figures[0]] : figures)]
        case "table": doc.elements = [.table(table(size))]
        default: doc.elements = [.chart(chart(ReportChartKind(rawValue: element)!, size))]
        }
        return doc
    }

    static let elements = ["text", "figures", "table"] + ReportChartKind.allCases.map(\.rawValue)
}

/// Checks that `svg` is well-formed XML.
func isWellFormedXML(_ svg: String) -> Bool {
    XMLParser(data: Data(svg.utf8)).parse()
}

/// Every `<svg …>…</svg>` in `html`.
func svgFragments(_ html: String) -> [String] {
    var result: [String] = [], rest = Substring(html)
    while let start = rest.range(of: "<svg"), let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) {
        result.append(String(rest[start.lowerBound..<end.upperBound]))
        rest = rest[end.upperBound...]
    }
    return result
}

@Suite struct ReportRendererTests {
    @Test("Every format renders every element, empty, with one point and with several, without failing",
          arguments: ReportFormat.allCases, Samples.elements)
    func everyFormatEveryElement(format: ReportFormat, element: String) throws {
        for size in Samples.sizes {
            let text = format.render(Samples.document(element, size))
            if format == .csv {
                #expect(element != "table" || text.hasPrefix("name,value,Gain %\r\n") || text.hasPrefix("Name,Value,Gain %\r\n"))
                continue
            }
            #expect(text.contains("Test") , "\(format) \(element) \(size)")
            if format == .json {
                #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "invalid JSON for \(element) \(size)")
            }
            if format == .html {
                #expect(svgFragments(text).allSatisfy(isWellFormedXML), "SVG of \(element) \(size) is not valid XML")
                #expect(!text.contains("<script") && !text.contains("src=") && !text.contains("href="), "HTML must be self-contained")
            }
        }
    }

    @Test("Empty data is an empty state, not an error: each text format says so")
    func emptyStates() {
        #expect(TerminalRenderer(style: .plain).render(Samples.document("table", "empty")).contains("(no rows)"))
        #expect(TerminalRenderer(style: .plain).render(Samples.document("line", "empty")).contains("(no data)"))
        #expect(MarkdownRenderer().render(Samples.document("bar", "empty")).contains("_No data._"))
        #expect(HTMLRenderer().render(Samples.document("pie", "empty")).contains(">No data</text>"))
        #expect(HTMLRenderer().render(Samples.document("table", "empty")).contains("No rows."))
        #expect(CSVRenderer().render(Samples.document("table", "empty")) == "Name,Value,Gain %\r\n")
    }

    @Test("SVG of every chart kind and size is well-formed XML with a title", arguments: ReportChartKind.allCases)
    func svgIsXML(kind: ReportChartKind) {
        for size in Samples.sizes {
            let svg = SVGChart(chart: Samples.chart(kind, size), formatter: ReportFormatter(currency: "USD")).render()
            #expect(isWellFormedXML(svg), "\(kind) \(size)")
            #expect(svg.contains("<title>\(kind.rawValue) &lt;chart&gt; &amp; co</title>"))
        }
    }

    @Test("Axis labels in the SVG are abbreviated; a legend names each series; a pie shows shares")
    func svgLabels() {
        let line = SVGChart(chart: Samples.chart(.line, "many"), formatter: ReportFormatter(currency: "USD")).render()
        #expect(line.contains(">10K</text>") || line.contains(">8K</text>"))
        #expect(line.contains(">Core</text>") && line.contains(">Growth</text>"))
        let pie = SVGChart(chart: Samples.chart(.pie, "many"), formatter: ReportFormatter(currency: "USD")).render()
        #expect(pie.contains("stock  6.67%"))
    }

    @Test("CSV rounds for reading by format (money in minor units) and quotes text with commas and quotes")
    func csvForReading() {
        let csv = CSVRenderer().render(Samples.document("table", "many"))
        #expect(csv == "Name,Value,Gain %\r\n\"ACME, Inc.\",1234.50,-12.35\r\n\"Bond \"\"B\"\"\",0.12345679,\r\n")
    }

    @Test("JSON keeps decimals exact as number literals, with their format")
    func jsonExact() throws {
        let json = JSONRenderer().render(Samples.document("table", "many"))
        #expect(json.contains(#""value": 0.1234567890123456789"#))
        #expect(json.contains(#""values": "exact""#))
        #expect(json.contains(#"{"name": "ACME, Inc.", "value": 1234.5, "gain_percent": -12.345}"#))
        let figures = JSONRenderer().render(Samples.document("figures", "one"))
        #expect(figures.contains(#"{"label": "Net worth", "value": 2500000, "format": "money"}"#))
    }

    @Test("Terminal: aligned columns with separators; colour only when asked, negatives red")
    func terminal() {
        let plain = TerminalRenderer(style: .plain).render(Samples.document("table", "many"))
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.contains("ACME, Inc.  1,234.50 USD  -12.35%\nBond \"B\"      0.12345679\n"))
        let coloured = TerminalRenderer(style: .init(colour: true)).render(Samples.document("table", "many"))
        #expect(coloured.contains("\u{1B}[31m-12.35%\u{1B}[0m"))
    }

    @Test("Colour needs a terminal and no NO_COLOR")
    func colourRule() {
        #expect(TerminalRenderer.Style.forOutput(isTerminal: true, environment: [:]).colour)
        #expect(!TerminalRenderer.Style.forOutput(isTerminal: true, environment: ["NO_COLOR": "1"]).colour)
        #expect(TerminalRenderer.Style.forOutput(isTerminal: true, environment: ["NO_COLOR": ""]).colour)
        #expect(!TerminalRenderer.Style.forOutput(isTerminal: false, environment: [:]).colour)
    }

    @Test("Terminal charts: a sparkline per series for lines, Unicode bars with shares for a pie; one point works")
    func terminalCharts() {
        let line = TerminalRenderer(style: .plain).render(Samples.document("line", "many"))
        #expect(line.contains("▁▃▅▆█") || line.contains("▁▂▄▆█") || line.contains("▁▃▄▆█"))
        let pie = TerminalRenderer(style: .plain).render(Samples.document("pie", "many"))
        #expect(pie.contains("██████████████████████████████ 5,000.00 USD  33.33%"))
        let one = TerminalRenderer(style: .plain).render(Samples.document("line", "one"))
        #expect(one.contains("Core    ▄  1,000.00 USD … 1,000.00 USD"))
    }

    @Test("Markdown: pipe tables with numbers right-aligned and pipes escaped; charts as data tables")
    func markdown() {
        let md = MarkdownRenderer().render(Samples.document("table", "many"))
        #expect(md.contains("| Name | Value | Gain % |\n| --- | ---: | ---: |\n| ACME, Inc. | 1,234.50 USD | -12.35% |"))
        let chart = MarkdownRenderer().render(Samples.document("bar", "one"))
        #expect(chart.contains("| stock | 1,000.00 USD | 2,000.00 USD |"))
    }

    @Test("HTML: one file with inline CSS, a data table under each chart, negatives marked, print styles")
    func html() {
        let html = HTMLRenderer().render(Samples.document("line", "many"))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<style>") && html.contains("@media print"))
        #expect(html.contains("<table class=\"chart-data\">"))
        let table = HTMLRenderer().render(Samples.document("table", "one"))
        #expect(table.contains("<td class=\"num neg\">-12.35%</td>"))
    }
}

@Suite("ReportFormat.forOutputFile")
struct ReportOutputFileTests {
    @Test("known extensions pick the format; none gives nil; others are refused")
    func extensions() throws {
        #expect(try ReportFormat.forOutputFile("a.HTML") == .html)
        #expect(try ReportFormat.forOutputFile("a.txt") == .terminal)
        #expect(try ReportFormat.forOutputFile("report") == nil)
        #expect(throws: RuleViolation("AssetFlow does not write .pdf files: give --output a name ending in .txt, .md, .csv, .json or .html.")) {
            try ReportFormat.forOutputFile("x.pdf")
        }
    }
}
