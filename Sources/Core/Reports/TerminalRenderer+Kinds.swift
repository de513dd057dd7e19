/// Terminal text for the heat map and calendar (a years × months table of values) and the
/// waterfall (one bar per step, from the running total).
extension TerminalRenderer {
    func gridLines(_ chart: ReportChart, _ formatter: ReportFormatter) -> [String] {
        let cells = chart.monthCells
        guard let first = cells.first?.year, let last = cells.last?.year else { return [dim("(no data)")] }
        let texts = Dictionary(cells.map { ("\($0.year)-\($0.month)", ($0.value, formatter.text($0.value, chart.format))) }, uniquingKeysWith: { a, _ in a })
        let width = max(4, texts.values.map(\.1.count).max() ?? 0)
        var lines = ["  " + pad("", 4) + SVGChart.monthNames.map { "  " + padLeft($0, width) }.joined()]
        for year in first...last {
            var line = "  " + String(year)
            for month in 1...12 {
                let entry = texts["\(year)-\(month)"]
                line += "  " + cell(padLeft(entry?.1 ?? "·", width), negative: (entry?.0 ?? 0) < 0)
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        return lines
    }

    func waterfallLines(_ chart: ReportChart, _ formatter: ReportFormatter) -> [String] {
        let steps = chart.waterfallSteps
        let largest = steps.map { max(abs($0.from), abs($0.to)) }.max() ?? 0
        let labelWidth = steps.map(\.label.count).max() ?? 0
        return steps.map { step in
            let offset = step.isTotal ? "" : String(repeating: " ", count: bar(max(0, min(step.from, step.to)), of: largest).count)
            let magnitude = step.isTotal ? abs(step.to) : abs(step.value)
            let sign = step.isTotal ? "=" : (step.value < 0 ? "−" : "+")
            return "  " + pad(step.label, labelWidth) + "  " + offset + cell(bar(magnitude, of: largest), negative: step.value < 0)
                + " " + sign + " " + formatter.text(step.value, chart.format)
        }
    }

    private func abs(_ value: ExactDecimal) -> ExactDecimal { value < 0 ? -value : value }
}
