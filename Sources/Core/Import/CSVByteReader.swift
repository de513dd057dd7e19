import Foundation

/// Reads CSV rows straight from UTF-8 bytes, with exactly CSV.swift's rules (the reference a
/// test compares it with on random files): a field that starts with `"` is quoted, `""` in it
/// is one quote, a quote followed by the delimiter or a line break (or the end) closes it,
/// and a quote followed by anything else keeps the quote and drops that character (CSV.swift's
/// own recovery); in an unquoted field a quote is a plain character; CR, LF and CRLF end a row.
///
/// Every character that decides anything (quote, delimiter, CR, LF) is ASCII, which UTF-8
/// never uses inside a longer character, so a byte at a time gives the same fields as CSV.swift's
/// scalar at a time — about ten times faster, and without building each field a scalar at a
/// time. A field is made from its bytes in one step (a short one without allocating), or not
/// made at all (`nextField`: where its bytes are, for a reader that copies them elsewhere).
struct CSVByteReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let delimiter: UInt8
    /// The next byte to read; `bytes.count` at the end.
    private(set) var position: Int
    /// The bytes of the last field `nextField` read when it held a doubled or stray quote
    /// (`Field.copied`); kept between fields so that its storage is reused.
    private(set) var pieces: [UInt8] = []
    /// The last row's number of fields: the next row's array is made that wide at once
    /// (growing it field by field reallocated it three or four times a row).
    private var width = 0
    /// Whether the last row `next` read had a quoted field: only such a field can hold a line
    /// break, so a row without one needs no search for them.
    private(set) var lastRowQuoted = false

    /// `delimiter` must be ASCII. Reading starts at `start`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, start: Int = 0) {
        self.bytes = bytes
        self.delimiter = delimiter
        position = start
    }

    private static let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    /// A field `nextField` read: `bytes[start..<end]` of the text, or (`copied`) the reader's
    /// `pieces`; `quoted` when it started with a quote (only such a field can hold a line
    /// break); `last` when it ended its row (a line break or the end of the text followed it).
    struct Field {
        var start: Int, end: Int
        var copied: Bool, quoted: Bool, last: Bool
    }

    /// True at the end of the text: no row left.
    var atEnd: Bool { position >= bytes.count }

    /// The next field of the row being read; call only when not `atEnd` at a row's start.
    mutating func nextField() -> Field {
        if position == bytes.count {  // a delimiter was the text's last character
            return Field(start: position, end: position, copied: false, quoted: false, last: true)
        }
        if bytes[position] == Self.quote {
            position += 1
            return quotedField()
        }
        return plainField()
    }

    /// The next row's fields; nil at the end of the text.
    mutating func next() -> [String]? {
        guard position < bytes.count else { return nil }
        var row: [String] = []
        row.reserveCapacity(width)
        lastRowQuoted = false
        while true {
            let field = nextField()
            lastRowQuoted = lastRowQuoted || field.quoted
            row.append(field.copied ? String(decoding: pieces, as: UTF8.self) : text(field.start, field.end))
            if field.last { width = row.count; return row }
        }
    }

    /// An unquoted field from `position`: to the delimiter (consumed) or the line break or
    /// end (consumed, the row's last field).
    private mutating func plainField() -> Field {
        let start = position, count = bytes.count
        // Every byte above both the delimiter and CR is plain (letters, digits, most
        // punctuation): one comparison a byte for those.
        let plain = max(delimiter, Self.cr)
        var p = position
        while p < count {
            let b = bytes[p]
            if b > plain { p += 1; continue }
            if b == delimiter {
                position = p + 1
                return Field(start: start, end: p, copied: false, quoted: false, last: false)
            }
            if b == Self.lf || b == Self.cr {
                position = p
                skipLineBreak()
                return Field(start: start, end: p, copied: false, quoted: false, last: true)
            }
            p += 1
        }
        position = p
        return Field(start: start, end: p, copied: false, quoted: false, last: true)
    }

    /// A quoted field, `position` just past its opening quote.
    private mutating func quotedField() -> Field {
        var start = position
        var copied = false  // true once `pieces` holds the field's first part (a doubled or stray quote)
        func field(upTo end: Int, last: Bool) -> Field {
            guard copied else { return Field(start: start, end: end, copied: false, quoted: true, last: last) }
            pieces.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            return Field(start: 0, end: pieces.count, copied: true, quoted: true, last: last)
        }
        while position < bytes.count {
            guard bytes[position] == Self.quote else {  // on to the next quote (memchr), or the end
                let rest = bytes.count - position
                let base = UnsafeRawPointer(bytes.baseAddress!)
                position = memchr(base + position, Int32(Self.quote), rest).map { base.distance(to: UnsafeRawPointer($0)) } ?? bytes.count
                continue
            }
            let closing = position
            position += 1
            if position == bytes.count { return field(upTo: closing, last: true) }
            let next = bytes[position]
            if next == Self.lf || next == Self.cr {
                let value = field(upTo: closing, last: true)
                skipLineBreak()
                return value
            }
            if next == delimiter {
                position += 1
                return field(upTo: closing, last: false)
            }
            // `""` keeps one quote; a quote before anything else keeps the quote and drops
            // that character (a whole UTF-8 character), as CSV.swift does.
            if !copied { pieces.removeAll(keepingCapacity: true) }
            pieces.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...closing]))
            copied = true
            position += 1
            if next != Self.quote { while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 } }
            start = position
        }
        return field(upTo: position, last: true)  // the text ended inside the quotes
    }

    /// Past a CR, LF or CRLF at `position`.
    private mutating func skipLineBreak() {
        let b = bytes[position]
        position += 1
        if b == Self.cr, position < bytes.count, bytes[position] == Self.lf { position += 1 }
    }

    private func text(_ start: Int, _ end: Int) -> String {
        start == end ? "" : String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
