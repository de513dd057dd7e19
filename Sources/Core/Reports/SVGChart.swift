import Foundation

/// Draws a report chart as one self-contained SVG: axes with ticks, labels abbreviated as
/// the seeds' app does ("2.5M"), a legend when there is more than one series, and a
/// "No data" state. Coordinates are Double (SVG pixels); values are converted only to place
/// them, and every label is formatted from the exact decimals.
public struct SVGChart: Sendable {
    public var chart: ReportChart
    public var formatter: ReportFormatter
    public var width = 720.0
    public var height = 320.0

    public static let palette = ["#2563eb", "#16a34a", "#dc2626", "#d97706", "#7c3aed", "#0891b2", "#db2777", "#65a30d"]

    public init(chart: ReportChart, formatter: ReportFormatter) {
        self.chart = chart
        self.formatter = formatter
    }

    struct Plot {
        var left = 64.0, top = 16.0, right = 0.0, bottom = 0.0
        var pixelWidth: Double { right - left }
        var pixelHeight: Double { bottom - top }
    }

    public func render() -> String {
        let title = chart.title ?? chart.kind.rawValue.capitalized + " chart"
        var svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \##(px(width)) \##(px(height))" width="\##(px(width))" height="\##(px(height))" role="img" aria-label="\##(SVGChart.escape(title))" font-family="system-ui, sans-serif" font-size="12">"##
        svg += "<title>\(SVGChart.escape(title))</title>"
        if chart.kind.isGrid, !chart.monthCells.isEmpty, height != SVGChart.gridHeight(years: chart.monthCells.last!.year - chart.monthCells.first!.year + 1) {
            var sized = self  // a grid is as tall as its years
            sized.height = SVGChart.gridHeight(years: chart.monthCells.last!.year - chart.monthCells.first!.year + 1)
            return sized.render()
        }
        if chart.isEmpty || (chart.kind == .pie && pieSlices.isEmpty) || (chart.kind.isGrid && chart.monthCells.isEmpty) {
            svg += ##"<rect x="0.5" y="0.5" width="\##(px(width - 1))" height="\##(px(height - 1))" fill="none" stroke="#d1d5db"/>"##
            svg += ##"<text x="\##(px(width / 2))" y="\##(px(height / 2))" text-anchor="middle" fill="#6b7280">No data</text>"##
            return svg + "</svg>"
        }
        svg += chart.kind == .pie ? pie() : chart.kind.isGrid ? grid() : chart.kind == .waterfall ? waterfall() : axesChart()
        return svg + "</svg>"
    }

    // MARK: Charts with axes

    func axesChart() -> String {
        let legendRows = chart.series.count > 1 ? 1 : 0
        var plot = Plot()
        plot.right = width - 16
        plot.bottom = height - 36 - Double(legendRows) * 22
        let ys = axisValues
        var low = ys.min()!, high = ys.max()!
        if [.bar, .area, .stacked, .drawdown].contains(chart.kind) { low = min(low, 0); high = max(high, 0) }
        let ticks = SVGChart.niceTicks(low: low, high: high)
        low = ticks.first!; high = ticks.last!
        func pixelY(_ chartValue: Double) -> Double { plot.bottom - (chartValue - low) / (high - low) * plot.pixelHeight }

        var svg = ""
        for tick in ticks {
            let y = pixelY(tick)
            svg += ##"<line x1="\##(px(plot.left))" y1="\##(px(y))" x2="\##(px(plot.right))" y2="\##(px(y))" stroke="#e5e7eb"/>"##
            let label = ReportFormatter.axisLabel(ExactDecimal(shortestTextOf: tick) ?? 0)
            svg += ##"<text x="\##(px(plot.left - 6))" y="\##(px(y + 4))" text-anchor="end" fill="#374151">\##(SVGChart.escape(label + (chart.format == .percent ? "%" : "")))</text>"##
        }
        svg += ##"<line x1="\##(px(plot.left))" y1="\##(px(plot.top))" x2="\##(px(plot.left))" y2="\##(px(plot.bottom))" stroke="#6b7280"/>"##
        svg += ##"<line x1="\##(px(plot.left))" y1="\##(px(plot.bottom))" x2="\##(px(plot.right))" y2="\##(px(plot.bottom))" stroke="#6b7280"/>"##
        // Below-zero values: a zero line, so a negative bar hangs below it.
        if low < 0, high > 0 {
            svg += ##"<line class="zero" x1="\##(px(plot.left))" y1="\##(px(pixelY(0)))" x2="\##(px(plot.right))" y2="\##(px(pixelY(0)))" stroke="#6b7280"/>"##
        }

        let xs = chart.xValues
        let pixelX = xPlacement(xs, plot)
        // As many labels as fit side by side (about 7 px a character at 12 px, a 12 px gap),
        // so long names never overlap: the others are thinned out.
        let longest = Double(xs.map(\.description.count).max() ?? 1)
        let fit = max(1, Int(plot.pixelWidth / (longest * 7 + 12)))
        let shown = SVGChart.labelIndices(count: xs.count, most: min(chart.kind == .bar ? 12 : 6, fit))
        for i in shown {
            let anchor = chart.kind == .bar || xs.count == 1 ? "middle" : (i == 0 ? "start" : (i == xs.count - 1 ? "end" : "middle"))
            svg += ##"<text x="\##(px(pixelX(xs[i])))" y="\##(px(plot.bottom + 18))" text-anchor="\##(anchor)" fill="#374151">\##(SVGChart.escape(xs[i].description))</text>"##
        }

        switch chart.kind {
        case .bar: svg += bars(xs, plot, pixelY)
        case .fan: svg += fan(pixelX, pixelY, plot)
        case .stacked: svg += stacked(pixelX, pixelY)
        default: svg += lines(pixelX, pixelY, plot, filled: chart.kind == .area || chart.kind == .drawdown)
        }
        if legendRows > 0 { svg += legend(legendEntries, y: height - 14) }
        return svg
    }

    /// Where each x goes: by day for dates (a time axis), evenly spaced otherwise; a lone x is centred.
    func xPlacement(_ xs: [ReportX], _ plot: Plot) -> (ReportX) -> Double {
        let days = xs.compactMap { if case .date(let d) = $0 { d.dayNumber } else { nil } }
        if chart.kind != .bar, days.count == xs.count, let first = days.min(), let last = days.max(), last > first {
            return { x in
                guard case .date(let d) = x else { return plot.left }
                return plot.left + Double(d.dayNumber - first) / Double(last - first) * plot.pixelWidth
            }
        }
        let index = Dictionary(xs.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        if chart.kind == .bar || xs.count == 1 {
            let band = plot.pixelWidth / Double(xs.count)
            return { x in plot.left + band * (Double(index[x] ?? 0) + 0.5) }
        }
        return { x in plot.left + Double(index[x] ?? 0) / Double(xs.count - 1) * plot.pixelWidth }
    }

    func lines(_ pixelX: (ReportX) -> Double, _ pixelY: (Double) -> Double, _ plot: Plot, filled: Bool) -> String {
        var svg = ""
        for (i, series) in chart.series.enumerated() where !series.points.isEmpty {
            let colour = SVGChart.palette[i % SVGChart.palette.count]
            let points = series.points.map { (pixelX($0.x), pixelY(double($0.y))) }
            let list = points.map { px($0.0) + "," + px($0.1) }.joined(separator: " ")
            if filled && points.count > 1 {
                let zero = min(plot.bottom, max(plot.top, pixelY(0)))
                svg += ##"<polygon points="\##(px(points.first!.0)),\##(px(zero)) \##(list) \##(px(points.last!.0)),\##(px(zero))" fill="\##(colour)" fill-opacity="0.25" stroke="none"/>"##
            }
            svg += ##"<polyline points="\##(list)" fill="none" stroke="\##(colour)" stroke-width="2"/>"##
            if points.count <= 24 {
                for p in points { svg += ##"<circle cx="\##(px(p.0))" cy="\##(px(p.1))" r="3" fill="\##(colour)"/>"## }
            }
        }
        return svg
    }

    func bars(_ xs: [ReportX], _ plot: Plot, _ pixelY: (Double) -> Double) -> String {
        let band = plot.pixelWidth / Double(xs.count)
        let seriesCount = Double(chart.series.count)
        let barWidth = max(1, band * 0.8 / seriesCount)
        let zero = pixelY(0)
        var svg = ""
        for (s, series) in chart.series.enumerated() {
            let colour = SVGChart.palette[s % SVGChart.palette.count]
            let lookup = Dictionary(series.points.map { ($0.x, $0.y) }, uniquingKeysWith: { a, _ in a })
            for (i, x) in xs.enumerated() {
                guard let value = lookup[x] else { continue }
                let y = pixelY(double(value))
                let left = plot.left + band * Double(i) + band * 0.1 + barWidth * Double(s)
                svg += ##"<rect x="\##(px(left))" y="\##(px(min(y, zero)))" width="\##(px(barWidth))" height="\##(px(abs(zero - y)))" fill="\##(colour)"><title>\##(SVGChart.escape(series.name + " " + x.description + ": " + formatter.text(value, chart.format)))</title></rect>"##
            }
        }
        return svg
    }

    /// Bands between series i and n−1−i (outer bands lighter), the middle series as a line.
    func fan(_ pixelX: (ReportX) -> Double, _ pixelY: (Double) -> Double, _ plot: Plot) -> String {
        let n = chart.series.count
        var svg = ""
        for i in 0..<(n / 2) {
            let lower = chart.series[i].points, upper = chart.series[n - 1 - i].points
            guard !lower.isEmpty, !upper.isEmpty else { continue }
            let outline = upper.map { (pixelX($0.x), pixelY(double($0.y))) } + lower.reversed().map { (pixelX($0.x), pixelY(double($0.y))) }
            let opacity = 0.15 + 0.2 * Double(i) / Double(max(1, n / 2))
            svg += ##"<polygon points="\##(outline.map { px($0.0) + "," + px($0.1) }.joined(separator: " "))" fill="#2563eb" fill-opacity="\##(px(opacity))" stroke="#2563eb" stroke-opacity="0.4"/>"##
        }
        if n % 2 == 1 {
            let middle = chart.series[n / 2].points.map { (pixelX($0.x), pixelY(double($0.y))) }
            svg += ##"<polyline points="\##(middle.map { px($0.0) + "," + px($0.1) }.joined(separator: " "))" fill="none" stroke="#1e3a8a" stroke-width="2"/>"##
            if middle.count == 1 { svg += ##"<circle cx="\##(px(middle[0].0))" cy="\##(px(middle[0].1))" r="3" fill="#1e3a8a"/>"## }
        }
        return svg
    }

    // MARK: Pie

    var pieSlices: [(label: String, value: ExactDecimal)] {
        (chart.series.first { !$0.points.isEmpty }?.points ?? []).filter { $0.y > 0 }.map { ($0.x.description, $0.y) }
    }

    func pie() -> String {
        let slices = pieSlices
        let total = slices.reduce(ExactDecimal(0)) { $0 + $1.value }
        let radius = min(height - 40, width / 2) / 2, centreX = 24 + radius, centreY = height / 2
        var svg = "", angle = -Double.pi / 2
        for (i, slice) in slices.enumerated() {
            let colour = SVGChart.palette[i % SVGChart.palette.count]
            let share = double(slice.value / total)
            let tip = SVGChart.escape(slice.label + ": " + formatter.text(slice.value, chart.format))
            if slices.count == 1 {
                svg += ##"<circle cx="\##(px(centreX))" cy="\##(px(centreY))" r="\##(px(radius))" fill="\##(colour)"><title>\##(tip)</title></circle>"##
                continue
            }
            let end = angle + share * 2 * Double.pi
            let large = share > 0.5 ? 1 : 0
            svg += ##"<path d="M\##(px(centreX)),\##(px(centreY)) L\##(px(centreX + radius * cos(angle))),\##(px(centreY + radius * sin(angle))) A\##(px(radius)),\##(px(radius)) 0 \##(large) 1 \##(px(centreX + radius * cos(end))),\##(px(centreY + radius * sin(end))) Z" fill="\##(colour)" stroke="#ffffff"><title>\##(tip)</title></path>"##
            angle = end
        }
        let legendX = centreX + radius + 32
        for (i, slice) in slices.enumerated() {
            let y = 28 + Double(i) * 20
            let percent = formatter.text((slice.value / total * 100).rounded(places: 2), .percent)
            svg += ##"<rect x="\##(px(legendX))" y="\##(px(y - 10))" width="12" height="12" fill="\##(SVGChart.palette[i % SVGChart.palette.count])"/>"##
            svg += ##"<text x="\##(px(legendX + 18))" y="\##(px(y))" fill="#111827">\##(SVGChart.escape(slice.label + "  " + percent))</text>"##
        }
        return svg
    }

    /// Name, colour and opacity of each legend entry: the series, or for a fan its bands and middle line.
    var legendEntries: [(name: String, colour: String, opacity: Double)] {
        guard chart.kind == .fan else {
            return chart.series.enumerated().map { ($1.name, SVGChart.palette[$0 % SVGChart.palette.count], 1) }
        }
        let n = chart.series.count
        var entries: [(name: String, colour: String, opacity: Double)] = []
        for i in 0..<(n / 2) {
            let name: String = chart.series[i].name + "–" + chart.series[n - 1 - i].name
            let opacity: Double = 0.15 + 0.2 * Double(i) / Double(max(1, n / 2))
            entries.append((name, "#2563eb", opacity))
        }
        if n % 2 == 1 { entries.append((chart.series[n / 2].name, "#1e3a8a", 1)) }
        return entries
    }

    func legend(_ entries: [(name: String, colour: String, opacity: Double)], y: Double) -> String {
        var svg = "", x = 64.0
        for (name, colour, opacity) in entries {
            svg += ##"<rect x="\##(px(x))" y="\##(px(y - 10))" width="12" height="12" fill="\##(colour)" fill-opacity="\##(String(format: "%.2f", opacity))"/>"##
            svg += ##"<text x="\##(px(x + 16))" y="\##(px(y))" fill="#111827">\##(SVGChart.escape(name))</text>"##
            x += 28 + Double(name.count) * 7
        }
        return svg
    }

    // MARK: Helpers

    /// 4–6 round tick values covering low…high (a flat range is widened around its value).
    static func niceTicks(low: Double, high: Double) -> [Double] {
        var low = low, high = high
        if high == low {
            let pad = low == 0 ? 1 : abs(low) * 0.1
            low -= pad; high += pad
        }
        let rough = (high - low) / 4
        let magnitude = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        let first = floor(low / step) * step, last = ceil(high / step) * step
        return stride(from: first, through: last + step / 2, by: step).map { ($0 / step).rounded() * step }
    }

    /// At most `most` evenly spread indices, always with the first and the last.
    static func labelIndices(count: Int, most: Int) -> [Int] {
        guard count > most else { return Array(0..<count) }
        if most <= 1 { return [0] }
        return Array(Set((0..<most).map { $0 * (count - 1) / (most - 1) })).sorted()
    }

    func double(_ value: ExactDecimal) -> Double { (value).doubleValue }

    func px(_ pixel: Double) -> String {
        let text = String(format: "%.1f", pixel)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Text safe inside XML elements and attributes.
    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
