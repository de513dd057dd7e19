/// Renders a report as JSON, for machines. Numbers are written as exact decimal literals
/// (`1234.5678`, never through a binary float, never rounded: `"values": "exact"` says so);
/// each number carries its format. Keys keep a fixed order.
///
///     {"title": "Overview", "currency": "USD", "elements": [
///       {"type": "figures", "figures": [{"label": "Net worth", "value": 1234.5, "format": "money"}]}, …]}
public struct JSONRenderer: Sendable {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        let output = ReportOutput()
        render(document, to: output)
        return output.text
    }

    /// The document written to `output` element by element (a table row by row).
    public func render(_ document: ReportDocument, to output: ReportOutput) {
        output.write("{" + string("title") + ": " + string(document.title) + ", " + string("currency") + ": " + string(document.currency) + ", "
                     + string("values") + ": " + string("exact") + ", " + string("elements") + ": [")
        for (i, element) in document.elements.enumerated() {
            output.write(i == 0 ? "\n  " : ",\n  ")
            switch element {
            case .text(let text):
                output.write(object([("type", string("text")), ("text", string(text))]))
            case .figures(let figures):
                let items = figures.map { f in object([("label", string(f.label))] + cellFields(f.value, key: "value")) }
                output.write(object([("type", string("figures")), ("figures", array(items))]))
            case .table(let table):
                // {"type": "table", "title": …, "columns": […], "rows": [{…}, {…}]}, a row at a time
                let head = [("type", string("table"))] + (table.title.map { [("title", string($0))] } ?? [])
                    + [("columns", array(table.columns.map { object([("key", string($0.key)), ("label", string($0.label))]) }))]
                output.write("{" + head.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + ", " + string("rows") + ": [")
                for (r, row) in table.rows.enumerated() {
                    output.write((r == 0 ? "" : ", ") + object(table.columns.indices.map { i in (table.columns[i].key, i < row.count ? value(row[i]) : "null") }))
                }
                output.write("]}")
            case .chart(let chart):
                let series = chart.series.map { s in
                    object([("name", string(s.name)),
                            ("points", array(s.points.map { object([("x", string($0.x.description)), ("y", $0.y.plainText)]) }))])
                }
                output.write(object([("type", string("chart")), ("kind", string(chart.kind.rawValue))]
                                    + (chart.title.map { [("title", string($0))] } ?? [])
                                    + [("format", string(chart.format.rawValue)), ("series", array(series))]))
            }
        }
        output.write(document.elements.isEmpty ? "]}\n" : "\n]}\n")
    }

    func cellFields(_ cell: ReportCell, key: String) -> [(String, String)] {
        if case .number(_, let format) = cell { return [(key, value(cell)), ("format", string(format.rawValue))] }
        if case .money(_, let currency) = cell { return [(key, value(cell)), ("format", string("money")), ("currency", string(currency))] }
        return [(key, value(cell))]
    }

    func value(_ cell: ReportCell) -> String {
        switch cell {
        case .empty: "null"
        case .text(let t): string(t)
        case .number(let n, _), .money(let n, _): n.plainText
        }
    }

    func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    func array(_ items: [String], multiline: Bool = false) -> String {
        multiline && !items.isEmpty ? "[\n  " + items.joined(separator: ",\n  ") + "\n]" : "[" + items.joined(separator: ", ") + "]"
    }

    func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
