import Foundation

/// Finds a quote that opens a field and never closes. CSV.swift reads such a field to the
/// end of the file, so every later row would become part of one cell (a note, say) and
/// the import would report one row where the file has many. The scan follows CSV.swift's
/// rules: a quote opens a field only as its first character; inside, `""` is a quote, and
/// a quote closes the field when a delimiter, a line break or the end follows it.
enum UnclosedQuote {
    /// The line where the unclosed field starts and the number of lines it swallows; nil
    /// when every quoted field closes. `from` is the line of the last row, where the scan
    /// starts (an unclosed field always belongs to the last row CSV.swift reads).
    static func find(in text: String, delimiter: Unicode.Scalar, fromLine: Int) -> (line: Int, lastLine: Int)? {
        guard let delimiterByte = delimiter.isASCII ? UInt8(delimiter.value) : nil else { return nil }
        var text = text
        return text.withUTF8 { find(in: $0, delimiter: delimiterByte, fromLine: fromLine) }
    }

    /// The same over the text's UTF-8 bytes (read in place); `delimiter` is ASCII.
    static func find(in utf8: UnsafeBufferPointer<UInt8>, delimiter delimiterByte: UInt8, fromLine: Int) -> (line: Int, lastLine: Int)? {
        var index = 0, line = 1
        func breakAt(_ i: Int) -> Int {  // the length of a line break at i (CRLF is one), or 0
            if utf8[i] == 13 { return i + 1 < utf8.count && utf8[i + 1] == 10 ? 2 : 1 }
            return utf8[i] == 10 ? 1 : 0
        }
        while index < utf8.count, line < fromLine {  // skip to the last row's line
            let length = breakAt(index)
            if length > 0 { line += 1; index += length } else { index += 1 }
        }
        var fieldStart = true, quoted = false, openedOn = 0
        while index < utf8.count {
            let byte = utf8[index]
            let length = breakAt(index)
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    let next = index + 1 < utf8.count ? utf8[index + 1] : nil
                    if next == UInt8(ascii: "\"") { index += 2; continue }
                    if next == nil || next == delimiterByte || next == 10 || next == 13 { quoted = false; fieldStart = false }
                    index += 1
                    continue
                }
                if length > 0 { line += 1; index += length; continue }
                index += 1
                continue
            }
            if fieldStart, byte == UInt8(ascii: "\"") {
                quoted = true
                openedOn = line
                fieldStart = false
                index += 1
                continue
            }
            if length > 0 { line += 1; index += length; fieldStart = true; continue }
            fieldStart = byte == delimiterByte
            index += 1
        }
        return quoted ? (openedOn, line) : nil
    }

    static func message(line: Int, lastLine: Int) -> String {
        let swallowed = lastLine > line ? ", so lines \(line)–\(lastLine) would be read as one field" : ""
        return "A quote (\") opens a field here and is never closed\(swallowed). Close the quote, or write a quote inside a quoted field as \"\"."
    }
}
