/// Renders a report's tables as CSV (RFC 4180): a header of column labels, then the rows
/// with numbers as plain decimals rounded for reading by their format (DisplayFormat: money
/// in the currency's minor units, percents with 2 places, other numbers at most 8 places; no
/// separators, no currency). A report's CSV is for people and spreadsheets; the exact values
/// are in its JSON and in `assetflow export`. Several tables are separated by a blank line;
/// a report without tables gives "".
public struct CSVRenderer: Sendable {
    public init() {}

    public func render(_ document: ReportDocument) -> String {
        let output = ReportOutput()
        render(document, to: output)
        return output.text
    }

    /// The tables, written to `output` row by row.
    public func render(_ document: ReportDocument, to output: ReportOutput) {
        for (i, table) in document.tables.enumerated() {
            if i > 0 { output.write("\n") }
            render(table, currency: document.currency, to: output)
        }
    }

    public func render(_ table: ReportTable, currency: String = "") -> String {
        let output = ReportOutput()
        render(table, currency: currency, to: output)
        return output.text
    }

    func render(_ table: ReportTable, currency: String, to output: ReportOutput) {
        output.write(table.columns.map { quote($0.label) }.joined(separator: ","))
        for row in table.rows {
            output.write("\r\n" + table.columns.indices.map { i in
                guard i < row.count else { return "" }
                switch row[i] {
                case .empty: return ""
                case .text(let t): return quote(t)
                case .number(let n, let format): return CSVRenderer.text(n, format, currency: currency)
                case .money(let n, let own): return CSVRenderer.text(n, .money, currency: own)
                }
            }.joined(separator: ","))
        }
        output.write("\r\n")
    }

    /// A number as CSV carries it: rounded by its format, plain digits.
    static func text(_ n: ExactDecimal, _ format: ReportNumberFormat, currency: String) -> String {
        switch format {
        case .number: DisplayFormat.plain(n)
        case .integer: n.rounded(places: 0).plainText
        case .percent: n.fixedText(places: 2)
        case .money: DisplayFormat.money(n, currency: currency)
        }
    }

    /// Text as a cell: a would-be formula as text (`CSVWriting.formulaSafe`), then quoted if needed.
    func quote(_ field: String) -> String {
        let text = CSVWriting.formulaSafe(field)
        guard text.hasPrefix("'") || text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
