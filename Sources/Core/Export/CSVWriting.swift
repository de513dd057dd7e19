import Foundation

/// CSV text as RFC 4180 writes it: a field with a delimiter, a quote, a line break or
/// surrounding spaces is quoted, quotes doubled; lines end with CRLF-free "\n".
///
/// Formula injection (OWASP's rule): a spreadsheet runs a cell that begins with `=`, `+`,
/// `-`, `@`, a tab or a carriage return as a formula. Every CSV meant for people
/// (`export csv`, `report --format csv`) writes such a cell as text: an apostrophe before it,
/// and quoted. A number stays a number: `-12.50` or `+3` is written as it is, since a
/// spreadsheet reads it as the number it is (only cells that are not plain numbers are
/// escaped). Backups are data for `restore`, not for spreadsheets, and are written exactly.
public enum CSVWriting {
    public static func line(_ fields: [String], formulaSafe: Bool = true) -> String {
        fields.map { quoted(formulaSafe ? self.formulaSafe($0) : $0) }.joined(separator: ",")
    }

    public static func document(header: [String], rows: [[String]]) -> String {
        var text = line(header) + "\n"
        for row in rows { text += line(row) + "\n" }
        return text
    }

    static func quoted(_ field: String) -> String {
        let needs = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == ";" || $0 == "\t" }
            || field.first?.isWhitespace == true || field.last?.isWhitespace == true || field.hasPrefix("'")
        return needs ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }

    /// `field` with an apostrophe before it when a spreadsheet would take it for a formula
    /// (see above); unchanged otherwise, plain numbers included.
    public static func formulaSafe(_ field: String) -> String {
        guard let first = field.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return field }
        return isPlainNumber(field) ? field : "'" + field
    }

    /// A sign, digits, and at most one decimal point followed by digits: `-12.50`, `+3`.
    static func isPlainNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars.dropFirst(text.hasPrefix("-") || text.hasPrefix("+") ? 1 : 0)
        guard !scalars.isEmpty else { return false }
        var digits = 0, point = false
        while let c = scalars.first {
            scalars = scalars.dropFirst()
            if c == "." {
                if point || digits == 0 { return false }
                point = true
                digits = 0
            } else if ("0"..."9").contains(c) {
                digits += 1
            } else {
                return false
            }
        }
        return digits > 0
    }
}
