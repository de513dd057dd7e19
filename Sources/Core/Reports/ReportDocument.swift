import Foundation

/// A report as data: a title and a list of elements (text, key figures, tables, charts),
/// rendered to terminal text, Markdown, CSV, JSON or HTML by the renderers beside it.
/// Built by `af.report.new{…}` in Lua; pure data, so every renderer is a pure function.
///
///     var doc = ReportDocument(title: "Overview", currency: "USD")
///     doc.elements.append(.figures([ReportFigure(label: "Net worth", value: .number(1234.5, .money))]))
///     TerminalRenderer(style: .plain).render(doc)
public struct ReportDocument: Equatable, Sendable {
    public var title: String
    /// The currency money is shown in ("USD"); "" shows money without one.
    public var currency: String
    public var elements: [ReportElement] = []

    public init(title: String, currency: String = "", elements: [ReportElement] = []) {
        self.title = title
        self.currency = currency
        self.elements = elements
    }

    /// The tables of the report, in order (what CSV renders).
    public var tables: [ReportTable] {
        elements.compactMap { if case .table(let t) = $0 { return t } else { return nil } }
    }
}

/// One block of a report.
public enum ReportElement: Equatable, Sendable {
    case text(String)
    case figures([ReportFigure])
    case table(ReportTable)
    case chart(ReportChart)
}

/// How a number is shown: `money` in the currency's minor units with the report's currency,
/// `percent` with two decimals and "%", `integer` rounded, `number` at most 8 places (DisplayFormat).
public enum ReportNumberFormat: String, CaseIterable, Equatable, Sendable {
    case number, integer, money, percent
}

/// One value of a table cell or key figure.
public enum ReportCell: Equatable, Sendable {
    case empty
    case text(String)
    case number(ExactDecimal, ReportNumberFormat)
    /// An amount of money that knows its currency (a Lua money value): always shown with its
    /// own currency, whatever the report's, so a figure is never labelled with another one.
    case money(ExactDecimal, currency: String)

    public var number: ExactDecimal? {
        switch self {
        case .number(let n, _), .money(let n, _): n
        default: nil
        }
    }
}

/// A key figure: "Net worth  12,345.00 USD".
public struct ReportFigure: Equatable, Sendable {
    public var label: String
    public var value: ReportCell

    public init(label: String, value: ReportCell) {
        self.label = label
        self.value = value
    }
}

/// A column of a table: the row field it shows and its heading.
public struct ReportColumn: Equatable, Sendable {
    public var key: String
    public var label: String

    public init(key: String, label: String? = nil) {
        self.key = key
        self.label = label ?? ReportColumn.defaultLabel(for: key)
    }

    /// "unrealized_gain" → "Unrealized gain".
    public static func defaultLabel(for key: String) -> String {
        let spaced = key.replacingOccurrences(of: "_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}

/// A table: columns and rows of cells (one cell per column), kept packed (`ReportRows`).
public struct ReportTable: Equatable, Sendable {
    public var title: String?
    public var columns: [ReportColumn]
    public var rows: ReportRows

    public init(title: String? = nil, columns: [ReportColumn], rows: [[ReportCell]]) {
        self.init(title: title, columns: columns, packed: ReportRows(rows))
    }

    public init(title: String? = nil, columns: [ReportColumn], packed rows: ReportRows) {
        self.title = title
        self.columns = columns
        self.rows = rows
    }

    /// True when the column holds numbers (and nothing but numbers or blanks): aligned right.
    public func isNumeric(column: Int) -> Bool {
        column < columns.count ? numericColumns[column] : rows.numericColumns(column + 1)[column]
    }

    /// `isNumeric` of every column, in one pass over the rows.
    public var numericColumns: [Bool] { rows.numericColumns(columns.count) }
}

/// The kinds of chart.
public enum ReportChartKind: String, CaseIterable, Equatable, Sendable {
    /// Lines over x; `area` fills under them; `bar` groups bars per x; `pie` uses the first
    /// series' values as slices; `fan` draws bands between the outer series pairs and the
    /// middle series as a line (percentiles of a projection: p10, p25, p50, p75, p90).
    case line, area, bar, pie, fan
    case stacked, heatmap, drawdown, waterfall, calendar
}

/// An x value: a calendar day (a time axis) or a label (evenly spaced categories).
public enum ReportX: Equatable, Hashable, Sendable, CustomStringConvertible {
    case date(CalendarDate)
    case label(String)

    public var description: String {
        switch self {
        case .date(let d): d.description
        case .label(let l): l
        }
    }
}

/// A named list of points.
public struct ReportSeries: Equatable, Sendable {
    public var name: String
    public var points: [(x: ReportX, y: ExactDecimal)]

    public init(name: String, points: [(x: ReportX, y: ExactDecimal)]) {
        self.name = name
        self.points = points
    }

    public static func == (a: ReportSeries, b: ReportSeries) -> Bool {
        a.name == b.name && a.points.count == b.points.count && zip(a.points, b.points).allSatisfy { $0.x == $1.x && $0.y == $1.y }
    }
}

/// A chart and the format of its values (for axis labels and its data table).
public struct ReportChart: Equatable, Sendable {
    public var kind: ReportChartKind
    public var title: String?
    public var series: [ReportSeries]
    public var format: ReportNumberFormat

    public init(kind: ReportChartKind, title: String? = nil, series: [ReportSeries], format: ReportNumberFormat = .number) {
        self.kind = kind
        self.title = title
        self.series = series
        self.format = format
    }

    /// True when there is nothing to draw.
    public var isEmpty: Bool { series.allSatisfy { $0.points.isEmpty } }

    /// Every x in first-seen order across the series.
    public var xValues: [ReportX] {
        var seen = Set<ReportX>(), result: [ReportX] = []
        for s in series { for p in s.points where seen.insert(p.x).inserted { result.append(p.x) } }
        if result.allSatisfy({ if case .date = $0 { true } else { false } }) {
            result.sort { if case .date(let a) = $0, case .date(let b) = $1 { return a < b } else { return false } }
        }
        return result
    }

    /// The chart's data as a table (x, then one column per series): printed under an HTML
    /// chart for screen readers and used by the text formats.
    public var dataTable: ReportTable {
        let xs = xValues
        let columns = [ReportColumn(key: "x", label: kind == .pie ? "Slice" : "")] + series.map { ReportColumn(key: $0.name, label: $0.name) }
        let lookups = series.map { s in Dictionary(s.points.map { ($0.x, $0.y) }, uniquingKeysWith: { a, _ in a }) }
        let rows: [[ReportCell]] = xs.map { x in
            [.text(x.description)] + lookups.map { l in l[x].map { .number($0, format) } ?? .empty }
        }
        return ReportTable(title: title, columns: columns, rows: rows)
    }
}
