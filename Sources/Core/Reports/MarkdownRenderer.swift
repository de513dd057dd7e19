/// Renders a report as Markdown: a heading, paragraphs, key figures and tables as pipe
/// tables (numbers right-aligned), and each chart as its data table.
public struct MarkdownRenderer: Sendable {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        let formatter = ReportFormatter(currency: document.currency)
        var blocks = ["# " + escape(document.title)]
        for element in document.elements {
            switch element {
            case .text(let text): blocks.append(text)
            case .figures(let figures):
                if figures.isEmpty { blocks.append("_No figures._"); continue }
                let table = ReportTable(columns: [ReportColumn(key: "figure", label: "Figure"), ReportColumn(key: "value", label: "Value")],
                                        rows: figures.map { [.text($0.label), $0.value] })
                blocks.append(renderTable(table, formatter, valueColumnRight: true))
            case .table(let table):
                var text = table.title.map { "## " + escape($0) + "\n\n" } ?? ""
                text += table.rows.isEmpty ? "_No rows._" : renderTable(table, formatter)
                blocks.append(text)
            case .chart(let chart):
                var text = "## " + escape(chart.title ?? chart.kind.rawValue.capitalized + " chart") + "\n\n"
                text += chart.isEmpty ? "_No data._" : "_\(chart.kind.rawValue) chart data:_\n\n" + renderTable(chart.dataTable, formatter)
                blocks.append(text)
            }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    func renderTable(_ table: ReportTable, _ formatter: ReportFormatter, valueColumnRight: Bool = false) -> String {
        let right = table.columns.indices.map { table.isNumeric(column: $0) || (valueColumnRight && $0 == 1) }
        var lines = ["| " + table.columns.map { escape($0.label) }.joined(separator: " | ") + " |"]
        lines.append("| " + right.map { $0 ? "---:" : "---" }.joined(separator: " | ") + " |")
        for row in table.rows {
            let cells = table.columns.indices.map { i in i < row.count ? escape(formatter.text(row[i])) : "" }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
