import Foundation

/// CSV text as RFC 4180 writes it: a field with a delimiter, a quote, a line break or
/// surrounding spaces is quoted, quotes doubled; lines end with CRLF-free "\n".
public enum CSVWriting {
    public static func line(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",")
    }

    public static func document(header: [String], rows: [[String]]) -> String {
        var text = line(header) + "\n"
        for row in rows { text += line(row) + "\n" }
        return text
    }

    static func quoted(_ field: String) -> String {
        let needs = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == ";" || $0 == "\t" }
            || field.first?.isWhitespace == true || field.last?.isWhitespace == true
        return needs ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }
}
