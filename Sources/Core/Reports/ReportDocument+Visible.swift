/// Text shown on a terminal: a name that carries control characters (an escape sequence that
/// clears the screen, moves the cursor or retitles the window) is shown escaped, `\x1B`, and
/// never reaches the terminal raw. Line breaks and tabs in free text stay.
public enum VisibleText {
    /// `text` with every control character but `\n` and `\t` (C0, DEL, C1) written as `\xHH`
    /// (`\u{HHHH}` above 0xFF never happens: controls are all below 0xA0).
    public static func escaped(_ text: String, keepingLineBreaks: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, keepingLineBreaks) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar, keepingLineBreaks) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: ("\\x" + (hex.count < 2 ? "0" + hex : hex)).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func isControl(_ s: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
        if keepingLineBreaks, s == "\n" || s == "\t" { return false }
        return s.value < 0x20 || (0x7F...0x9F).contains(s.value)
    }
}

extension ReportDocument {
    /// The document with every text in it made visible (`VisibleText`): for the terminal.
    /// Labels, names and cells lose line breaks too (they would break a table's rows).
    public var visible: ReportDocument { visible(rows: true) }

    /// `visible`, leaving the tables' rows as they are when `rows` is false (the terminal
    /// renderer escapes each text cell as it formats it, rather than copying the rows).
    func visible(rows: Bool) -> ReportDocument {
        func line(_ t: String) -> String { VisibleText.escaped(t, keepingLineBreaks: false) }
        func cell(_ c: ReportCell) -> ReportCell { if case .text(let t) = c { return .text(line(t)) } else { return c } }
        var copy = self
        copy.title = line(title)
        copy.elements = elements.map { element in
            switch element {
            case .text(let text): return .text(VisibleText.escaped(text))
            case .figures(let figures):
                return .figures(figures.map { var f = $0; f.label = line(f.label); f.value = cell(f.value); return f })
            case .table(var table):
                table.title = table.title.map(line)
                table.columns = table.columns.map { var c = $0; c.label = line(c.label); return c }
                if rows { table.rows = ReportRows(table.rows.lazy.map { $0.map(cell) }) }
                return .table(table)
            case .chart(var chart):
                chart.title = chart.title.map(line)
                chart.series = chart.series.map { series in
                    var s = series
                    s.name = line(s.name)
                    s.points = s.points.map { point in
                        if case .label(let l) = point.x { return (x: .label(line(l)), y: point.y) }
                        return point
                    }
                    return s
                }
                return .chart(chart)
            }
        }
        return copy
    }
}
