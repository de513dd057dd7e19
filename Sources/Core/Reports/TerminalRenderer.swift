import Foundation

/// Renders a report as terminal text: aligned columns, thousands separators, negatives in
/// red (or marked by their minus sign without colour), Unicode sparklines and bar charts.
/// Colour only when writing to a terminal and `NO_COLOR` is unset: the caller says which.
public struct TerminalRenderer: Sendable {
    public struct Style: Sendable {
        public var colour: Bool
        /// Characters of the longest bar.
        public var barWidth = 30
        /// Most points drawn in a sparkline (longer series are sampled evenly).
        public var sparklineWidth = 60

        public init(colour: Bool) { self.colour = colour }

        public static let plain = Style(colour: false)

        /// Colour when `isTerminal` and `NO_COLOR` is unset or empty (no-color.org).
        public static func forOutput(isTerminal: Bool, environment: [String: String]) -> Style {
            Style(colour: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
        }
    }

    public var style: Style

    public init(style: Style) { self.style = style }

    public func render(_ shown: ReportDocument) -> String {
        let output = ReportOutput()
        render(shown, to: output)
        return output.text
    }

    /// The report written to `output` block by block (a table line by line).
    public func render(_ shown: ReportDocument, to output: ReportOutput) {
        // Names with control characters are shown escaped, never raw: a table's text cells
        // as they are formatted (`visibleLine`), the rest here.
        let document = shown.visible(rows: false)
        let formatter = ReportFormatter(currency: document.currency)
        output.write(paint(document.title, "1") + "\n" + String(repeating: "═", count: max(3, document.title.count)))
        for element in document.elements {
            output.write("\n\n")
            switch element {
            case .text(let text): output.write(text)
            case .figures(let figures): output.write(renderFigures(figures, formatter))
            case .table(let table): renderTable(table, formatter, to: output)
            case .chart(let chart): output.write(renderChart(chart, formatter))
            }
        }
        output.write("\n")
    }

    // MARK: Elements

    func renderFigures(_ figures: [ReportFigure], _ formatter: ReportFormatter) -> String {
        if figures.isEmpty { return dim("(no figures)") }
        let labelWidth = figures.map(\.label.count).max() ?? 0
        let values = figures.map { formatter.text($0.value) }
        let valueWidth = values.map(\.count).max() ?? 0
        return zip(figures, values).map { figure, value in
            "  " + pad(figure.label, labelWidth) + "  " + cell(padLeft(value, valueWidth), negative: ReportFormatter.isNegative(figure.value))
        }.joined(separator: "\n")
    }

    /// The table's lines: its cells are formatted once (the widths need every row), kept
    /// packed with whether each is negative, then padded and written line by line.
    func renderTable(_ table: ReportTable, _ formatter: ReportFormatter, to output: ReportOutput) {
        if let title = table.title { output.write(paint(title, "1") + "\n") }
        if table.rows.isEmpty {
            output.write(dim("(no rows)"))
            return
        }
        let width = table.columns.count
        var texts = ReportRows(), negatives: [Bool] = []
        var widths = table.columns.map(\.label.count)
        var sawNumber = Array(repeating: false, count: width), sawText = Array(repeating: false, count: width)
        negatives.reserveCapacity(table.rows.count * width)
        for row in table.rows {
            var cells: [ReportCell] = []
            cells.reserveCapacity(width)
            for i in 0..<width {
                let value = i < row.count ? row[i] : .empty
                switch value {
                case .number, .money: sawNumber[i] = true
                case .text: sawText[i] = true
                case .empty: break
                }
                let text = TerminalRenderer.visibleText(value, formatter)
                widths[i] = max(widths[i], text.count)
                cells.append(.text(text))
                negatives.append(i < row.count && ReportFormatter.isNegative(value))
            }
            texts.append(cells)
        }
        let numeric = (0..<width).map { sawNumber[$0] && !sawText[$0] }
        func line(_ cells: [ReportCell], negatives: ArraySlice<Bool>) -> String {
            cells.indices.map { i in
                guard case .text(let text) = cells[i] else { return "" }
                let padded = numeric[i] ? padLeft(text, widths[i]) : pad(text, widths[i])
                return cell(padded, negative: negatives[negatives.startIndex + i])
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        let noNegatives = Array(repeating: false, count: width)[...]
        output.write(paint(line(table.columns.map { .text($0.label) }, negatives: noNegatives), "1"))
        output.write("\n" + widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "))
        for (r, cells) in texts.enumerated() {
            output.write("\n" + line(cells, negatives: negatives[r * width..<(r + 1) * width]))
        }
    }

    /// A cell as the terminal shows it: formatted, a text's control characters escaped.
    static func visibleText(_ value: ReportCell, _ formatter: ReportFormatter) -> String {
        if case .text(let t) = value { return VisibleText.escaped(t, keepingLineBreaks: false) }
        return formatter.text(value)
    }

    func renderChart(_ chart: ReportChart, _ formatter: ReportFormatter) -> String {
        var lines: [String] = [paint(chart.title ?? chart.kind.rawValue.capitalized + " chart", "1")]
        if chart.isEmpty {
            lines.append(dim("(no data)"))
            return lines.joined(separator: "\n")
        }
        switch chart.kind {
        case .heatmap, .calendar, .waterfall:
            lines += chart.kind == .waterfall ? waterfallLines(chart, formatter) : gridLines(chart, formatter)
        case .line, .area, .fan, .stacked, .drawdown:
            let nameWidth = chart.series.map(\.name.count).max() ?? 0
            for series in chart.series where !series.points.isEmpty {
                let values = series.points.map(\.y)
                let first = series.points.first!, last = series.points.last!
                let range = "\(formatter.text(values.min()!, chart.format)) … \(formatter.text(values.max()!, chart.format))"
                lines.append("  " + pad(series.name, nameWidth) + "  " + sparkline(values) + "  " + range
                             + dim("  (\(first.x) → \(last.x), last \(formatter.text(last.y, chart.format)))"))
            }
        case .bar, .pie:
            let shown = chart.kind == .pie ? [chart.series.first { !$0.points.isEmpty }!] : chart.series.filter { !$0.points.isEmpty }
            for series in shown {
                if shown.count > 1 { lines.append("  " + series.name) }
                let total = series.points.reduce(ExactDecimal(0)) { $0 + ($1.y < 0 ? -$1.y : $1.y) }
                let largest = series.points.map { $0.y < 0 ? -$0.y : $0.y }.max() ?? 0
                let labelWidth = series.points.map(\.x.description.count).max() ?? 0
                // With a negative value, bars diverge from an axis: negatives to its left.
                let diverging = chart.kind == .bar && series.points.contains { $0.y < 0 }
                // Whole blocks on the left (the partial blocks lean left, so they would leave
                // a gap at the axis).
                let blocks = { (m: ExactDecimal) in max(1, Int(((m / largest).doubleValue * Double(self.style.barWidth)).rounded())) }
                let leftWidth = diverging ? series.points.filter { $0.y < 0 }.map { blocks(-$0.y) }.max() ?? 0 : 0
                for point in series.points {
                    let magnitude = point.y < 0 ? -point.y : point.y
                    var chartBar = bar(magnitude, of: largest)
                    if diverging {
                        let left = point.y < 0 ? String(repeating: "█", count: blocks(magnitude)) : ""
                        chartBar = padLeft(left, leftWidth) + "│" + (point.y < 0 ? "" : chartBar)
                    }
                    var value = formatter.text(point.y, chart.format)
                    if chart.kind == .pie, total > 0 { value += "  " + formatter.text((magnitude / total * 100).rounded(places: 2), .percent) }
                    lines.append("  " + pad(point.x.description, labelWidth) + "  " + cell(chartBar, negative: point.y < 0) + " " + value)
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Drawing

    /// "▁▂▄█": one block per value (sampled down to `sparklineWidth`), scaled min → max.
    func sparkline(_ values: [ExactDecimal]) -> String {
        let blocks = Array("▁▂▃▄▅▆▇█")
        let chartValues = sample(values, to: style.sparklineWidth).map { ($0).doubleValue }
        let low = chartValues.min() ?? 0, high = chartValues.max() ?? 0
        if high == low { return String(repeating: blocks[3], count: chartValues.count) }
        return String(chartValues.map { blocks[min(7, Int((($0 - low) / (high - low) * 7).rounded()))] })
    }

    /// A bar of "█" and a final partial block, proportional to value ÷ largest.
    func bar(_ value: ExactDecimal, of largest: ExactDecimal) -> String {
        guard largest > 0 else { return "" }
        let partials = Array(" ▏▎▍▌▋▊▉")
        let chartEighths = Int(((value / largest).doubleValue * Double(style.barWidth * 8)).rounded())
        var text = String(repeating: "█", count: chartEighths / 8)
        if chartEighths % 8 > 0 { text.append(partials[chartEighths % 8]) }
        return text.isEmpty && value > 0 ? "▏" : text
    }

    func sample(_ values: [ExactDecimal], to count: Int) -> [ExactDecimal] {
        guard values.count > count, count > 1 else { return values }
        return (0..<count).map { values[$0 * (values.count - 1) / (count - 1)] }
    }

    // MARK: Text helpers

    func paint(_ text: String, _ code: String) -> String { style.colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { paint(text, "2") }
    func cell(_ text: String, negative: Bool) -> String { negative ? paint(text, "31") : text }
    func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
    func padLeft(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
