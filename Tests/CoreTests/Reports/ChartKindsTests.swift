import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }
private func series(_ name: String, _ points: [(String, String)]) -> ReportSeries {
    ReportSeries(name: name, points: points.map { (CalendarDate($0.0).map(ReportX.date) ?? .label($0.0), dec($0.1)) })
}
private func render(_ chart: ReportChart, _ format: ReportFormat) -> String {
    format.render(ReportDocument(title: "Kinds", currency: "USD", elements: [.chart(chart)]))
}

@Suite("Chart kinds: stacked, heat map, drawdown, waterfall, calendar")
struct ChartKindsTests {
    @Test("Drawdown: percent below the running high, exact; 0 at each new high and before any value")
    func drawdowns() {
        let values = series("Growth", [("2024-01-31", "0"), ("2024-02-29", "100"), ("2024-03-31", "80"), ("2024-04-30", "120"), ("2024-05-31", "90")])
        let result = ReportChart.drawdowns(of: [values])[0].points.map(\.y)
        #expect(result == [dec("0"), dec("0"), dec("-20"), dec("0"), dec("-25")])
    }

    @Test("Heat map and calendar sum each calendar month, from dates or YYYY-MM labels")
    func monthCells() {
        let chart = ReportChart(kind: .calendar, series: [series("Paid", [("2024-03-05", "1.10"), ("2024-03-28", "2.20"), ("2025-01", "5"), ("nonsense", "9")])])
        #expect(chart.monthCells == [ReportChart.MonthCell(year: 2024, month: 3, value: dec("3.30"), count: 2),
                                     ReportChart.MonthCell(year: 2025, month: 1, value: dec("5"), count: 1)])
    }

    @Test("Waterfall: start and end from zero, each change from the running total")
    func waterfall() {
        let chart = ReportChart(kind: .waterfall, series: [series("Steps", [("Start", "100"), ("Contributions", "50"), ("Income", "5"), ("Gains", "-15"), ("End", "140")])])
        let steps = chart.waterfallSteps
        #expect(steps.map(\.from) == [0, 100, 150, 155, 0].map { ExactDecimal($0) })
        #expect(steps.map(\.to) == [100, 150, 155, 140, 140].map { ExactDecimal($0) })
        #expect(steps.map(\.isTotal) == [true, false, false, false, true])
    }

    @Test("Stacked area: each level is the running total of the series before it")
    func stacked() {
        let chart = ReportChart(kind: .stacked, series: [series("A", [("2024-01-31", "1"), ("2024-02-29", "2")]), series("B", [("2024-02-29", "3")])])
        #expect(chart.stackedLevels == [[0, 0], [1, 2], [1, 5]].map { $0.map { ExactDecimal($0) } })
    }

    @Test("Each new kind renders in every format: SVG as XML with its data table, text and Markdown with the values",
          arguments: [ReportChartKind.stacked, .heatmap, .drawdown, .waterfall, .calendar])
    func everyFormat(kind: ReportChartKind) throws {
        let points = [("2023-11-30", "-1.5"), ("2023-12-31", "2.25"), ("2024-01-31", "0.5"), ("2024-02-29", "-3")]
        var chart = ReportChart(kind: kind, title: "A \(kind.rawValue)", series: [series("Return", points), series("Other", points)], format: .percent)
        if kind == .drawdown { chart = ReportChart(kind: kind, title: "Dd", series: ReportChart.drawdowns(of: [series("V", [("2024-01-31", "100"), ("2024-02-29", "90")])]), format: .percent) }
        if kind == .waterfall { chart.series = [series("Steps", [("Start", "100"), ("In", "10"), ("Out", "-4"), ("End", "106")])] }
        let html = render(chart, .html)
        let svg = try #require(html.range(of: "<svg").map { String(html[$0.lowerBound...]) }.flatMap { s in s.range(of: "</svg>").map { String(s[..<$0.upperBound]) } })
        #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(svg)")
        #expect(!svg.contains("No data"))
        #expect(html.contains("class=\"chart-data\""))
        let markdown = render(chart, .markdown)
        let terminal = render(chart, .terminal)
        let json = render(chart, .json)
        #expect(json.contains("\"kind\": \"\(kind.rawValue)\"") || json.contains("\"kind\":\"\(kind.rawValue)\""), "\(json)")
        switch kind {
        case .heatmap, .calendar:
            #expect(svg.contains(">Dec<") && svg.contains(">2023<") && svg.contains(">2024<"))
            #expect(svg.contains("-1.50%") && svg.contains("2.25%"))
            #expect(terminal.contains("  2023       ·       ·       ·") && terminal.contains("-1.50%"), "\(terminal)")
            #expect(markdown.contains("| 2023-11-30 | -1.50% |"), "\(markdown)")
        case .waterfall:
            #expect(terminal.contains("= 100") && terminal.contains("+ 10") && terminal.contains("− -4") && terminal.contains("= 106"), "\(terminal)")
            #expect(markdown.contains("| In | 10.00% |"), "\(markdown)")
        case .drawdown:
            #expect(markdown.contains("| 2024-02-29 | -10.00% |"), "\(markdown)")
        default:
            #expect(terminal.contains("Return") && terminal.contains("Other"))
        }
    }

    @Test("Labels never overlap: long waterfall labels are shortened to their band; grid text is sized to its cell")
    func labelsFit() {
        let long = (1...12).map { ("A very long step label number \($0)", "\($0)") }
        let chart = ReportChart(kind: .waterfall, series: [series("Steps", long)])
        let svg = SVGChart(chart: chart, formatter: ReportFormatter(currency: "USD")).render()
        let band = (720.0 - 16 - 64) / 12
        let labels = svg.components(separatedBy: "text-anchor=\"middle\" fill=\"#374151\">").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(labels.count == 12)
        #expect(labels.allSatisfy { Double($0.count) * 12 * SVGChart.characterWidth <= band }, "\(labels)")
        #expect(labels.allSatisfy { $0.hasSuffix("…") })

        let wide = ReportChart(kind: .heatmap, series: [series("R", [("2024-01-31", "-123456789.12"), ("2024-02-29", "1")])], format: .money)
        let grid = SVGChart(chart: wide, formatter: ReportFormatter(currency: "USD")).render()
        let cellWidth = (720.0 - 56 - 8) / 12
        if let size = grid.components(separatedBy: "font-size=\"").dropFirst().first.flatMap({ Double($0.prefix { $0 != "\"" }) }), size != 12 {
            #expect(size * Double("-123,456,789.12 USD".count) * SVGChart.characterWidth <= cellWidth - 6 + 0.01)
        }
    }

    @Test("Empty and single-point charts of the new kinds draw the No data state or one mark, never crash",
          arguments: [ReportChartKind.stacked, .heatmap, .drawdown, .waterfall, .calendar])
    func edges(kind: ReportChartKind) {
        let empty = ReportChart(kind: kind, series: [series("S", [])])
        #expect(render(empty, .html).contains("No data"))
        #expect(render(empty, .terminal).contains("(no data)"))
        let one = ReportChart(kind: kind, series: [series("S", [("2024-05-31", "-7")])])
        for format in ReportFormat.allCases { #expect(!render(one, format).isEmpty || format == .csv) }
    }
}
