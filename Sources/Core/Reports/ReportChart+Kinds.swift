/// The data behind the chart kinds that reshape their series: drawdown (from values),
/// heat map and calendar (a years × months grid), waterfall (floating steps) and stacked
/// area (running totals). Exact decimals; only the SVG turns them into pixels.
extension ReportChartKind {
    /// Heat map and calendar: a grid of years × months rather than axes.
    public var isGrid: Bool { self == .heatmap || self == .calendar }
}

extension ReportChart {
    /// The drawdown of each series of values: on each point, (value ÷ highest value so far
    /// − 1) × 100, in percent (0 at a new high, negative below it). A point before any
    /// value above zero is 0, since there is no peak to fall from.
    public static func drawdowns(of series: [ReportSeries]) -> [ReportSeries] {
        series.map { s in
            var peak: ExactDecimal?
            return ReportSeries(name: s.name, points: s.points.map { point in
                if point.y > 0, peak.map({ point.y > $0 }) ?? true { peak = point.y }
                guard let peak, peak > 0 else { return (point.x, ExactDecimal(0)) }
                return (point.x, ((point.y - peak) * 100 / peak).rounded(places: 4))
            })
        }
    }

    /// One cell of a years × months grid.
    public struct MonthCell: Equatable, Sendable {
        public var year: Int
        public var month: Int  // 1…12
        public var value: ExactDecimal
        public var count: Int
    }

    /// The first series summed per calendar month: x is a date ("2024-03-15") or a month
    /// ("2024-03"); other x are left out. Rows are years, ascending.
    public var monthCells: [MonthCell] {
        var cells: [String: MonthCell] = [:]
        for point in series.first?.points ?? [] {
            guard let (year, month) = ReportChart.yearMonth(point.x) else { continue }
            let key = "\(year)-\(month)"
            var cell = cells[key] ?? MonthCell(year: year, month: month, value: 0, count: 0)
            cell.value += point.y
            cell.count += 1
            cells[key] = cell
        }
        return cells.values.sorted { ($0.year, $0.month) < ($1.year, $1.month) }
    }

    /// The year and month of an x: a date, or a label "YYYY-MM".
    static func yearMonth(_ x: ReportX) -> (Int, Int)? {
        let text = x.description
        let parts = text.split(separator: "-")
        guard parts.count >= 2, parts[0].count == 4, let year = Int(parts[0]), parts[1].count == 2, let month = Int(parts[1]), (1...12).contains(month) else { return nil }
        return (year, month)
    }

    /// One bar of a waterfall: the first and last points are totals (drawn from zero), the
    /// points between are changes, each starting where the running total stands.
    public struct WaterfallStep: Equatable, Sendable {
        public var label: String
        public var value: ExactDecimal
        public var from: ExactDecimal
        public var to: ExactDecimal
        public var isTotal: Bool
    }

    /// The first series as waterfall steps: start, changes, end (start + Σ changes when
    /// the last point is left out of the changes, as given otherwise).
    public var waterfallSteps: [WaterfallStep] {
        let points = series.first?.points ?? []
        guard let first = points.first else { return [] }
        var steps = [WaterfallStep(label: first.x.description, value: first.y, from: 0, to: first.y, isTotal: true)]
        var running = first.y
        for (i, point) in points.enumerated().dropFirst() {
            if i == points.count - 1, points.count > 1 {
                steps.append(WaterfallStep(label: point.x.description, value: point.y, from: 0, to: point.y, isTotal: true))
            } else {
                steps.append(WaterfallStep(label: point.x.description, value: point.y, from: running, to: running + point.y, isTotal: false))
                running += point.y
            }
        }
        return steps
    }

    /// The stacked totals at each x: series i is drawn between the sum of series 0..<i and
    /// the sum of series 0...i (missing points count as 0).
    public var stackedLevels: [[ExactDecimal]] {
        let xs = xValues
        let lookups = series.map { s in Dictionary(s.points.map { ($0.x, $0.y) }, uniquingKeysWith: { a, _ in a }) }
        var running = Array(repeating: ExactDecimal(0), count: xs.count)
        var levels: [[ExactDecimal]] = [running]
        for lookup in lookups {
            for (i, x) in xs.enumerated() { running[i] += lookup[x] ?? 0 }
            levels.append(running)
        }
        return levels
    }
}
