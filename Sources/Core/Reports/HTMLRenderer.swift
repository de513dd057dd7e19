/// Renders a report as one self-contained HTML file: inline CSS, inline SVG charts, no
/// scripts and no network. Each chart is followed by its data as a table (for screen
/// readers and printing); negatives are marked; the print stylesheet keeps blocks whole.
public struct HTMLRenderer: Sendable {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        let formatter = ReportFormatter(currency: document.currency)
        var body = "<h1>\(escape(document.title))</h1>\n"
        for element in document.elements {
            switch element {
            case .text(let text):
                body += text.split(separator: "\n", omittingEmptySubsequences: true).map { "<p>\(escape(String($0)))</p>" }.joined(separator: "\n") + "\n"
            case .figures(let figures):
                if figures.isEmpty { body += "<p class=\"empty\">No figures.</p>\n"; continue }
                body += "<div class=\"figures\">\n" + figures.map { f in
                    "<div class=\"figure\"><div class=\"label\">\(escape(f.label))</div><div class=\"value\(ReportFormatter.isNegative(f.value) ? " neg" : "")\">\(escape(formatter.text(f.value)))</div></div>"
                }.joined(separator: "\n") + "\n</div>\n"
            case .table(let table):
                body += "<section>\n" + (table.title.map { "<h2>\(escape($0))</h2>\n" } ?? "")
                body += table.rows.isEmpty ? "<p class=\"empty\">No rows.</p>\n" : renderTable(table, formatter, className: "data")
                body += "</section>\n"
            case .chart(let chart):
                let title = chart.title ?? chart.kind.rawValue.capitalized + " chart"
                body += "<figure class=\"chart\">\n<figcaption>\(escape(title))</figcaption>\n"
                body += SVGChart(chart: chart, formatter: formatter).render() + "\n"
                if !chart.isEmpty {
                    var data = chart.dataTable
                    data.title = nil
                    body += "<div class=\"chart-data-wrap\">\n" + renderTable(data, formatter, className: "chart-data", caption: "Data of “\(title)”") + "</div>\n"
                }
                body += "</figure>\n"
            }
        }
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(document.title))</title>
        <style>\(HTMLRenderer.css)</style>
        </head>
        <body>
        <main>
        \(body)</main>
        </body>
        </html>

        """
    }

    func renderTable(_ table: ReportTable, _ formatter: ReportFormatter, className: String, caption: String? = nil) -> String {
        let numeric = table.columns.indices.map { table.isNumeric(column: $0) }
        var html = "<table class=\"\(className)\">\n" + (caption.map { "<caption>\(escape($0))</caption>\n" } ?? "")
        html += "<thead><tr>" + table.columns.indices.map { i in
            "<th scope=\"col\"\(numeric[i] ? " class=\"num\"" : "")>\(escape(table.columns[i].label))</th>"
        }.joined() + "</tr></thead>\n<tbody>\n"
        for row in table.rows {
            html += "<tr>" + table.columns.indices.map { i in
                let cell = i < row.count ? row[i] : .empty
                var classes: [String] = []
                if numeric[i] { classes.append("num") }
                if ReportFormatter.isNegative(cell) { classes.append("neg") }
                let attribute = classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
                return "<td\(attribute)>\(escape(formatter.text(cell)))</td>"
            }.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    func escape(_ text: String) -> String { SVGChart.escape(text) }

    static let css = """

    body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827; background: #ffffff; margin: 0; }
    main { max-width: 760px; margin: 0 auto; padding: 24px; }
    h1 { font-size: 26px; margin: 0 0 16px; }
    h2 { font-size: 18px; margin: 24px 0 8px; }
    .figures { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
    .figure { flex: 1 1 160px; border: 1px solid #e5e7eb; border-radius: 8px; padding: 10px 14px; }
    .figure .label { color: #6b7280; font-size: 13px; }
    .figure .value { font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; }
    table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; font-variant-numeric: tabular-nums; }
    th, td { padding: 4px 8px; border-bottom: 1px solid #e5e7eb; text-align: left; }
    th { font-weight: 600; border-bottom: 2px solid #d1d5db; }
    .num { text-align: right; white-space: nowrap; }
    .neg { color: #b91c1c; }
    caption { text-align: left; color: #6b7280; font-size: 13px; padding: 4px 0; }
    figure.chart { margin: 24px 0; }
    figure.chart figcaption { font-weight: 600; font-size: 18px; margin-bottom: 8px; }
    figure.chart svg { max-width: 100%; height: auto; }
    table.chart-data { font-size: 13px; margin: 0; }
    .chart-data-wrap { max-height: 220px; overflow-y: auto; border: 1px solid #e5e7eb; border-radius: 6px; padding: 0 8px; }
    .empty { color: #6b7280; font-style: italic; }
    @media print {
      main { max-width: none; padding: 0; }
      .figure, figure.chart svg, table.data { break-inside: avoid; }
      .chart-data-wrap { max-height: none; overflow: visible; border: none; padding: 0; }
      .neg { color: #000000; font-weight: 600; }
    }

    """
}
