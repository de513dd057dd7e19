import Foundation

/// A CSV file as a header and rows, each row with the line it starts on.
///
/// Reading is done by CSV.swift (quoted fields, doubled quotes, CRLF); this type adds what
/// people's files need around it: a UTF-8 or UTF-16 byte-order mark, the delimiter guessed
/// from the header (`,` `;` or tab), blank lines skipped but still counted, so that every
/// message can name the line a spreadsheet shows.
public struct CSVTable: Sendable {
    public struct Row: Sendable {
        /// 1-based line of the file where the row starts.
        public var line: Int
        public var fields: [String]
    }

    /// Header titles, trimmed.
    public var headers: [String]
    public var headerLine: Int
    public var rows: [Row]
    public var delimiter: Character

    public static let emptyMessage = "File is empty or contains no data."
    public static let noRowsMessage = "File contains no data rows."
    public static let notTextMessage = "The file is not UTF-8 text. Save it as \"CSV UTF-8\" and import it again."
    /// A file that cannot be read at all (missing, a folder, no permission).
    public static func unreadableMessage(_ path: String) -> String { "Could not open file. Please check the file is a valid CSV. (\(path))" }

    /// Decodes a file's bytes (UTF-8 with or without BOM, or UTF-16 with BOM) and parses it.
    public static func parse(data: Data, delimiter: Character? = nil, trim: Bool = true) throws -> CSVTable {
        try parse(text: try decode(data), delimiter: delimiter, trim: trim)
    }

    /// The text of a file's bytes; an error when they are not text.
    public static func decode(_ data: Data) throws -> String {
        let bytes = [UInt8](data.prefix(3))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard let text = String(validating: data.dropFirst(3), as: UTF8.self) else { throw RuleViolation(notTextMessage) }
            return text
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: data, encoding: .utf16) else { throw RuleViolation(notTextMessage) }
            return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        }
        // Over the bytes themselves: Data's own iterator goes a byte at a time through a call.
        let text = data.withUnsafeBytes { bytes -> String? in
            guard !bytes.contains(0) else { return nil }
            return String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self)
        }
        guard let text else { throw RuleViolation(notTextMessage) }
        return text
    }

    /// Parses CSV text; the delimiter is guessed from the header line when not given.
    /// Fields are trimmed of spaces and tabs unless `trim` is false (a backup's exact values).
    ///
    /// A big text is read in parts side by side (see `CSVChunks`), with the same rows and
    /// lines as one reading from the start.
    public static func parse(text: String, delimiter: Character? = nil, trim: Bool = true, allowNoRows: Bool = false) throws -> CSVTable {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let separator = delimiter ?? guessDelimiter(text)
        guard let scalar = separator.unicodeScalars.first else { throw RuleViolation(emptyMessage) }
        guard var rows = CSVChunks.read(text, delimiter: scalar, trim: trim), !rows.isEmpty else { throw RuleViolation(emptyMessage) }
        if let last = rows.last { try checkQuotesClosed(text, delimiter: scalar, lastRowLine: last.line) }
        let header = rows.removeFirst()  // moves the rest down in place, no copy of the rows
        if rows.isEmpty, !allowNoRows { throw RuleViolation(noRowsMessage) }
        return CSVTable(headers: header.fields.map { $0.trimmingCharacters(in: .whitespaces) }, headerLine: header.line,
                        rows: rows, delimiter: separator)
    }

    /// Throws the unclosed quote's error when a quote opens a field and never closes (see
    /// `UnclosedQuote`); `lastRowLine` is the line of the text's last non-blank row.
    public static func checkQuotesClosed(_ text: String, delimiter: Unicode.Scalar, lastRowLine: Int) throws {
        var bytes = text  // no copy: for its UTF-8 in place, searched by memchr (`utf8.contains` went a byte at a time)
        let quoted = bytes.withUTF8 { $0.count > 0 && memchr($0.baseAddress!, Int32(UInt8(ascii: "\"")), $0.count) != nil }
        guard quoted, let unclosed = UnclosedQuote.find(in: text, delimiter: delimiter, fromLine: lastRowLine) else { return }
        throw ImportFailure(rowErrors: [RowError(line: unclosed.line, column: nil,
                                                 message: UnclosedQuote.message(line: unclosed.line, lastLine: unclosed.lastLine))],
                            kind: .transactions)
    }

    /// The separator that occurs most in the first non-blank line outside quotes: `,` `;`
    /// or tab (a comma when none occurs).
    static func guessDelimiter(_ text: String) -> Character { guessDelimiter(text.unicodeScalars) }

    /// The same, over the text's scalars (read only as far as the first line).
    static func guessDelimiter<S: Sequence>(_ scalars: S) -> Character where S.Element == Unicode.Scalar {
        var counts: [Character: Int] = [",": 0, ";": 0, "\t": 0]
        var quoted = false, seenContent = false
        for scalar in scalars {
            if scalar == "\"" { quoted.toggle() }
            if !quoted, scalar == "\n" || scalar == "\r" {
                if seenContent { break } else { continue }
            }
            if !scalar.properties.isWhitespace || scalar == "\t" { seenContent = true }
            if !quoted, let count = counts[Character(scalar)] { counts[Character(scalar)] = count + 1 }
        }
        let best = counts.max { a, b in a.value < b.value || (a.value == b.value && a.key != ",") }!
        return best.value == 0 ? "," : best.key
    }

    /// Line breaks inside a quoted field (CRLF counts once), so later rows keep their line.
    static func lineBreaks(in field: String) -> Int {
        guard field.utf8.contains(where: { $0 == 10 || $0 == 13 }) else { return 0 }
        var count = 0
        var previous: Unicode.Scalar = " "
        for scalar in field.unicodeScalars {
            if scalar == "\n" { if previous != "\r" { count += 1 } } else if scalar == "\r" { count += 1 }
            previous = scalar
        }
        return count
    }

    /// The number of the column with this header (trimmed, ignoring case), if any.
    public func column(named name: String) -> Int? {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        return headers.firstIndex { $0.lowercased() == key }
    }
}
