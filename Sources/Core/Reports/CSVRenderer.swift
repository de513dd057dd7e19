/// Renders a report's tables as CSV (RFC 4180): a header of column labels, then the rows
/// with numbers as exact plain decimals ("1234.5678", no separators, no currency). Several
/// tables are separated by a blank line; a report without tables gives "".
public struct CSVRenderer: Sendable {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        document.tables.map(render).joined(separator: "\n")
    }

    public func render(_ table: ReportTable) -> String {
        var lines = [table.columns.map { quote($0.label) }.joined(separator: ",")]
        for row in table.rows {
            lines.append(table.columns.indices.map { i in
                guard i < row.count else { return "" }
                switch row[i] {
                case .empty: return ""
                case .text(let t): return quote(t)
                case .number(let n, _): return n.plainText
                }
            }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    func quote(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
