import Foundation
import Testing
@testable import Core

@Suite("Charts: labels never overlap, negative bars go below the axis (issue 22)")
struct ChartLabelTests {
    func chart(_ kind: ReportChartKind, labels: [String], values: [ExactDecimal]) -> ReportChart {
        ReportChart(kind: kind, title: "t", series: [ReportSeries(name: "s", points: zip(labels, values).map { (x: ReportX.label($0), y: $1) })], format: .money)
    }

    @Test("long category labels are thinned so that the shown ones fit side by side")
    func thinned() {
        let labels = (1...12).map { "A rather long asset name \($0)" }
        let svg = SVGChart(chart: chart(.bar, labels: labels, values: labels.map { _ in 10 }), formatter: ReportFormatter(currency: "USD")).render()
        let shown = labels.filter { svg.contains(">\($0)</text>") }
        #expect(!shown.isEmpty && shown.count < 12, "\(shown.count) labels shown")
        // Each label is about 7 px a character: the shown ones must not need more than the width.
        #expect(Double(shown.count) * (Double(labels[0].count) * 7 + 12) <= 720, "\(shown.count)")
    }

    @Test("a negative bar hangs below a zero line in SVG, and left of an axis in the terminal")
    func negativeBars() {
        let c = chart(.bar, labels: ["2023", "2024"], values: [-50, 100])
        let svg = SVGChart(chart: c, formatter: ReportFormatter(currency: "USD")).render()
        #expect(svg.contains("class=\"zero\""))
        let doc = ReportDocument(title: "t", currency: "USD", elements: [.chart(c)])
        let text = TerminalRenderer(style: .plain).render(doc)
        let lines = text.split(separator: "\n").map(String.init)
        let negative = lines.first { $0.contains("2023") }!, positive = lines.first { $0.contains("2024") }!
        // The axis "│" is in the same column; the negative bar ends at it, the positive starts there.
        let axis = { (line: String) in line.distance(from: line.startIndex, to: line.firstIndex(of: "│")!) }
        #expect(axis(negative) == axis(positive), "\(text)")
        #expect(negative.contains("█│") && positive.contains("│█"), "\(text)")
    }
}

@Suite("A zero computed with many places rounds to the places asked for (issue 22: plan.after's 0.0000)")
struct ZeroRoundingTests {
    @Test("0 with 7 places is 0.00 at 2 places")
    func zero() throws {
        let zero = try ExactDecimal.parse("0.0000001") - ExactDecimal.parse("0.0000001")
        #expect(zero.fixedText(places: 2) == "0.00")
        #expect(zero.rounded(places: 2) == 0)
    }
}
