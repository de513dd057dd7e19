/// Renders a report as one self-contained HTML file: inline CSS, inline SVG charts, no
/// scripts and no network. Each chart is followed by its data as a table (for screen
/// readers and printing); negatives are marked; the print stylesheet keeps blocks whole.
public struct HTMLRenderer: Sendable {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        let output = ReportOutput()
        render(document, to: output)
        return output.text
    }

    /// The page written to `output` element by element (a table row by row).
    public func render(_ document: ReportDocument, to output: ReportOutput) {
        let formatter = ReportFormatter(currency: document.currency)
        output.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                     + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                     + "<title>\(escape(document.title))</title>\n<style>\(HTMLRenderer.css)</style>\n</head>\n<body>\n<main>\n")
        output.write("<h1>\(escape(document.title))</h1>\n")
        for element in document.elements {
            switch element {
            case .text(let text):
                output.write(text.split(separator: "\n", omittingEmptySubsequences: true).map { "<p>\(escape(String($0)))</p>" }.joined(separator: "\n") + "\n")
            case .figures(let figures):
                if figures.isEmpty { output.write("<p class=\"empty\">No figures.</p>\n"); continue }
                output.write("<div class=\"figures\">\n" + figures.map { f in
                    "<div class=\"figure\"><div class=\"label\">\(escape(f.label))</div><div class=\"value\(ReportFormatter.isNegative(f.value) ? " neg" : "")\">\(escape(formatter.text(f.value)))</div></div>"
                }.joined(separator: "\n") + "\n</div>\n")
            case .table(let table):
                output.write("<section>\n" + (table.title.map { "<h2>\(escape($0))</h2>\n" } ?? ""))
                if table.rows.isEmpty { output.write("<p class=\"empty\">No rows.</p>\n") } else { renderTable(table, formatter, className: "data", to: output) }
                output.write("</section>\n")
            case .chart(let chart):
                let title = chart.title ?? chart.kind.rawValue.capitalized + " chart"
                output.write("<figure class=\"chart\">\n<figcaption>\(escape(title))</figcaption>\n")
                output.write(SVGChart(chart: chart, formatter: formatter).render() + "\n")
                if !chart.isEmpty {
                    var data = chart.dataTable
                    data.title = nil
                    output.write("<div class=\"chart-data-wrap\">\n")
                    renderTable(data, formatter, className: "chart-data", caption: "Data of “\(title)”", to: output)
                    output.write("</div>\n")
                }
                output.write("</figure>\n")
            }
        }
        output.write("</main>\n</body>\n</html>\n")
    }

    func renderTable(_ table: ReportTable, _ formatter: ReportFormatter, className: String, caption: String? = nil, to output: ReportOutput) {
        let numeric = table.numericColumns
        var html = "<table class=\"\(className)\">\n" + (caption.map { "<caption>\(escape($0))</caption>\n" } ?? "")
        html += "<thead><tr>" + table.columns.indices.map { i in
            "<th scope=\"col\"\(numeric[i] ? " class=\"num\"" : "")>\(escape(table.columns[i].label))</th>"
        }.joined() + "</tr></thead>\n<tbody>\n"
        output.write(html)
        for row in table.rows {
            output.write("<tr>" + table.columns.indices.map { i in
                let cell = i < row.count ? row[i] : .empty
                var classes: [String] = []
                if numeric[i] { classes.append("num") }
                if ReportFormatter.isNegative(cell) { classes.append("neg") }
                let attribute = classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
                return "<td\(attribute)>\(escape(formatter.text(cell)))</td>"
            }.joined() + "</tr>\n")
        }
        output.write("</tbody>\n</table>\n")
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
