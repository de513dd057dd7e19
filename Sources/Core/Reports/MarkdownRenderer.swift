/// Renders a report as Markdown: a heading, paragraphs, key figures and tables as pipe
/// tables (numbers right-aligned), and each chart as its data table.
public struct MarkdownRenderer: Sendable {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        let output = ReportOutput()
        render(document, to: output)
        return output.text
    }

    /// The report written to `output` block by block (a table line by line).
    public func render(_ document: ReportDocument, to output: ReportOutput) {
        let formatter = ReportFormatter(currency: document.currency)
        output.write("# " + escape(document.title))
        for element in document.elements {
            output.write("\n\n")
            switch element {
            case .text(let text): output.write(text)
            case .figures(let figures):
                if figures.isEmpty { output.write("_No figures._"); continue }
                let table = ReportTable(columns: [ReportColumn(key: "figure", label: "Figure"), ReportColumn(key: "value", label: "Value")],
                                        rows: figures.map { [.text($0.label), $0.value] })
                renderTable(table, formatter, valueColumnRight: true, to: output)
            case .table(let table):
                if let title = table.title { output.write("## " + escape(title) + "\n\n") }
                if table.rows.isEmpty { output.write("_No rows._") } else { renderTable(table, formatter, to: output) }
            case .chart(let chart):
                output.write("## " + escape(chart.title ?? chart.kind.rawValue.capitalized + " chart") + "\n\n")
                if chart.isEmpty { output.write("_No data._") } else {
                    output.write("_\(chart.kind.rawValue) chart data:_\n\n")
                    renderTable(chart.dataTable, formatter, to: output)
                }
            }
        }
        output.write("\n")
    }

    func renderTable(_ table: ReportTable, _ formatter: ReportFormatter, valueColumnRight: Bool = false, to output: ReportOutput) {
        let numeric = table.numericColumns
        let right = table.columns.indices.map { numeric[$0] || (valueColumnRight && $0 == 1) }
        output.write("| " + table.columns.map { escape($0.label) }.joined(separator: " | ") + " |")
        output.write("\n| " + right.map { $0 ? "---:" : "---" }.joined(separator: " | ") + " |")
        for row in table.rows {
            let cells = table.columns.indices.map { i in i < row.count ? escape(formatter.text(row[i])) : "" }
            output.write("\n| " + cells.joined(separator: " | ") + " |")
        }
    }

    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
