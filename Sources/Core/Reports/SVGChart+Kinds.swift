import Foundation

/// SVG for the heat map and calendar (a years × months grid), the waterfall, and the
/// stacked area. Labels never overlap: grid cells and waterfall bands have fixed slots, and
/// a label that does not fit its slot is shortened (the full text stays in the tooltip and
/// the data table under the chart).
extension SVGChart {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Average width of a character of the 12 px sans-serif text, as a share of the font size.
    static let characterWidth = 0.62

    /// The height a grid chart needs for its years (the width stays fixed).
    static func gridHeight(years: Int) -> Double { 36 + Double(max(1, years)) * 26 + 8 }

    /// Years down, months across; each cell coloured by its value (heat map: green up, red
    /// down; calendar: darker for more) and labelled when the text fits.
    func grid() -> String {
        let cells = chart.monthCells
        guard let firstYear = cells.first?.year, let lastYear = cells.last?.year else { return "" }
        let left = 56.0, top = 28.0, rowHeight = 26.0
        let cellWidth = (width - left - 8) / 12
        let largest = cells.map { $0.value < 0 ? -$0.value : $0.value }.max() ?? 0
        let texts = cells.map { formatter.text($0.value, chart.format) }
        let longest = Double(texts.map(\.count).max() ?? 1)
        let fontSize = min(11, (cellWidth - 6) / (longest * SVGChart.characterWidth))
        var svg = ""
        for (m, name) in SVGChart.monthNames.enumerated() {
            svg += ##"<text x="\##(px(left + cellWidth * (Double(m) + 0.5)))" y="\##(px(top - 8))" text-anchor="middle" fill="#374151">\##(name)</text>"##
        }
        for year in firstYear...lastYear {
            let y = top + Double(year - firstYear) * rowHeight
            svg += ##"<text x="\##(px(left - 8))" y="\##(px(y + rowHeight / 2 + 4))" text-anchor="end" fill="#374151">\##(year)</text>"##
            for m in 0..<12 {  // the empty grid, so a month without a value shows as one
                svg += ##"<rect x="\##(px(left + cellWidth * Double(m) + 1))" y="\##(px(y + 1))" width="\##(px(cellWidth - 2))" height="\##(px(rowHeight - 2))" rx="3" fill="#f3f4f6"/>"##
            }
        }
        for (cell, text) in zip(cells, texts) {
            let x = left + cellWidth * Double(cell.month - 1), y = top + Double(cell.year - firstYear) * rowHeight
            let share = largest > 0 ? min(1, abs(double(cell.value / largest))) : 0
            let (fill, opacity) = colour(cell.value, share: share)
            let tip = SVGChart.escape("\(SVGChart.monthNames[cell.month - 1]) \(cell.year): \(text)" + (chart.kind == .calendar ? " (\(cell.count) payment\(cell.count == 1 ? "" : "s"))" : ""))
            svg += ##"<rect x="\##(px(x + 1))" y="\##(px(y + 1))" width="\##(px(cellWidth - 2))" height="\##(px(rowHeight - 2))" rx="3" fill="\##(fill)" fill-opacity="\##(px(opacity))"><title>\##(tip)</title></rect>"##
            if fontSize >= 7 {
                let ink = opacity > 0.6 ? "#ffffff" : "#111827"
                svg += ##"<text x="\##(px(x + cellWidth / 2))" y="\##(px(y + rowHeight / 2 + fontSize / 3))" text-anchor="middle" font-size="\##(px(fontSize))" fill="\##(ink)">\##(SVGChart.escape(text))</text>"##
            }
        }
        return svg
    }

    /// A cell's colour and opacity: the calendar one blue that darkens with the amount; the
    /// heat map green for gains and red for losses.
    func colour(_ value: ExactDecimal, share: Double) -> (String, Double) {
        if chart.kind == .calendar { return ("#2563eb", 0.12 + 0.78 * share) }
        if value == 0 { return ("#9ca3af", 0.15) }
        return (value > 0 ? "#16a34a" : "#dc2626", 0.15 + 0.75 * share)
    }

    /// Floating bars: totals from zero (grey), changes from the running total (green up,
    /// red down), joined by thin connectors.
    func waterfall() -> String {
        let steps = chart.waterfallSteps
        guard !steps.isEmpty else { return "" }
        var plot = Plot()
        plot.right = width - 16
        plot.bottom = height - 36
        let values: [Double] = steps.flatMap { step -> [Double] in [double(step.from), double(step.to)] } + [0]
        let ticks = SVGChart.niceTicks(low: values.min()!, high: values.max()!)
        let low = ticks.first!, high = ticks.last!
        func pixelY(_ v: Double) -> Double { plot.bottom - (v - low) / (high - low) * plot.pixelHeight }
        var svg = ticksAndAxes(ticks, plot, pixelY)
        let band = plot.pixelWidth / Double(steps.count)
        let most = max(1, Int((band - 4) / (12 * SVGChart.characterWidth)))
        for (i, step) in steps.enumerated() {
            let x = plot.left + band * Double(i) + band * 0.15
            let top = pixelY(double(max(step.from, step.to))), bottom = pixelY(double(min(step.from, step.to)))
            let fill = step.isTotal ? "#6b7280" : (step.value < 0 ? "#dc2626" : "#16a34a")
            let tip = SVGChart.escape(step.label + ": " + formatter.text(step.value, chart.format))
            svg += ##"<rect x="\##(px(x))" y="\##(px(top))" width="\##(px(band * 0.7))" height="\##(px(max(1, bottom - top)))" fill="\##(fill)"><title>\##(tip)</title></rect>"##
            if i + 1 < steps.count {
                let level = pixelY(double(step.to))
                svg += ##"<line x1="\##(px(x + band * 0.7))" y1="\##(px(level))" x2="\##(px(x + band))" y2="\##(px(level))" stroke="#9ca3af" stroke-dasharray="2,2"/>"##
            }
            svg += ##"<text x="\##(px(plot.left + band * (Double(i) + 0.5)))" y="\##(px(plot.bottom + 18))" text-anchor="middle" fill="#374151">\##(SVGChart.escape(SVGChart.shortened(step.label, to: most)))</text>"##
        }
        return svg
    }

    /// Horizontal grid lines with their labels, and the two axes.
    func ticksAndAxes(_ ticks: [Double], _ plot: Plot, _ pixelY: (Double) -> Double) -> String {
        var svg = ""
        for tick in ticks {
            let y = pixelY(tick)
            svg += ##"<line x1="\##(px(plot.left))" y1="\##(px(y))" x2="\##(px(plot.right))" y2="\##(px(y))" stroke="#e5e7eb"/>"##
            let label = ReportFormatter.axisLabel(ExactDecimal(shortestTextOf: tick) ?? 0)
            svg += ##"<text x="\##(px(plot.left - 6))" y="\##(px(y + 4))" text-anchor="end" fill="#374151">\##(SVGChart.escape(label + (chart.format == .percent ? "%" : "")))</text>"##
        }
        svg += ##"<line x1="\##(px(plot.left))" y1="\##(px(plot.top))" x2="\##(px(plot.left))" y2="\##(px(plot.bottom))" stroke="#6b7280"/>"##
        svg += ##"<line x1="\##(px(plot.left))" y1="\##(px(plot.bottom))" x2="\##(px(plot.right))" y2="\##(px(plot.bottom))" stroke="#6b7280"/>"##
        return svg
    }

    /// `text` cut to `most` characters with "…" when longer.
    static func shortened(_ text: String, to most: Int) -> String {
        text.count <= most ? text : String(text.prefix(max(1, most - 1))) + "…"
    }

    /// Series stacked one on another: each band between the running total before it and
    /// after it.
    func stacked(_ pixelX: (ReportX) -> Double, _ pixelY: (Double) -> Double) -> String {
        let xs = chart.xValues, levels = chart.stackedLevels
        var svg = ""
        for s in chart.series.indices {
            let colour = SVGChart.palette[s % SVGChart.palette.count]
            let upper = xs.indices.map { (pixelX(xs[$0]), pixelY(double(levels[s + 1][$0]))) }
            let lower = xs.indices.reversed().map { (pixelX(xs[$0]), pixelY(double(levels[s][$0]))) }
            let outline = (upper + lower).map { px($0.0) + "," + px($0.1) }.joined(separator: " ")
            svg += ##"<polygon points="\##(outline)" fill="\##(colour)" fill-opacity="0.55" stroke="\##(colour)" stroke-width="1"><title>\##(SVGChart.escape(chart.series[s].name))</title></polygon>"##
        }
        return svg
    }

    /// The values the y axis must cover: the stacked totals for a stacked area.
    var axisValues: [Double] {
        if chart.kind == .stacked { return chart.stackedLevels.flatMap { $0.map(double) } }
        return chart.series.flatMap { $0.points.map { double($0.y) } }
    }
}
