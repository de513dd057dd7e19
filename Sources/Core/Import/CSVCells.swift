import Foundation

/// A CSV text's rows as byte ranges of one buffer, without a `String` per cell: for a Lua
/// import profile, whose cells go straight into Lua strings.
///
/// Read by `CSVByteReader` with `CSVChunks.row`'s rules (a cell with a space or tab at an
/// end trimmed as `ImportText.trimmed` does, blank lines skipped but counted), so row `i`'s
/// `fields(of:)` and `line(of:)` are exactly those of `CSVChunks.read(text, delimiter:,
/// trim: true)` (a test compares them on random files, with CSV.swift as the reference).
/// With `headerTrimmed`, the first row's cells are also trimmed of Unicode spaces, as
/// `CSVTable.parse` trims its header.
public final class CSVCells: Sendable {
    /// The text's UTF-8 bytes, then the bytes of the cells that are not a slice of them (a
    /// quoted cell with a doubled quote, a trimmed cell).
    public let bytes: [UInt8]
    /// Start and end in `bytes` of every cell, row after row (two entries a cell): 32 bits
    /// each (the text is at most `maxSize` bytes), reserved for the count the text's
    /// delimiters and line breaks bound (a 100,000-row file's took 42.8 MB as `Int`s grown
    /// from a guess, 13.6 MB so).
    public let spans: [Int32]
    /// Row `i`'s cells are entries `2 × firstCell[i] ..< 2 × firstCell[i + 1]` of `spans`.
    private let firstCell: [Int]
    /// The 1-based line each row starts on.
    public let lines: [Int]

    /// The number of rows (blank lines are not rows).
    public var count: Int { lines.count }

    /// The largest text read, in UTF-8 bytes: a cell is copied after the text at most three
    /// times (unquoted, trimmed, a header's trimmed of Unicode spaces), so that every span,
    /// below four times this, fits in 32 bits.
    public static let maxSize = 500_000_000

    /// Reads `text` (without its byte-order mark, at most `maxSize` bytes) with the ASCII `delimiter`.
    public init(text: String, delimiter: UInt8, headerTrimmed: Bool) {
        var text = text
        var spans: [Int32] = [], firstCell: [Int] = [0], lines: [Int] = []
        var extra: [UInt8] = []
        let size = text.utf8.count
        precondition(size <= Self.maxSize, "a CSV text of \(size) bytes is over CSVCells.maxSize")
        text.withUTF8 { utf8 in
            // At most a cell per delimiter or line break, plus one: the spans' room, not grown.
            var bound = 1
            for b in utf8 where b == delimiter || b == 10 || b == 13 { bound += 1 }
            spans.reserveCapacity(2 * bound)
            lines.reserveCapacity(size / 64)
            Self.read(utf8, delimiter: delimiter, headerTrimmed: headerTrimmed, spans: &spans, firstCell: &firstCell, lines: &lines, extra: &extra)
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(size + extra.count)
        bytes += text.utf8
        bytes += extra
        self.bytes = bytes
        self.spans = spans
        self.firstCell = firstCell
        self.lines = lines
    }

    /// The reading (the arrays as parameters, not captured variables: no exclusivity check
    /// per cell). A cell's span is in `utf8`, or past its end in `extra`.
    private static func read(_ utf8: UnsafeBufferPointer<UInt8>, delimiter: UInt8, headerTrimmed: Bool, spans: inout [Int32],
                             firstCell: inout [Int], lines: inout [Int], extra: inout [UInt8]) {
        let size = utf8.count
        /// The text of a span.
        func text(_ start: Int, _ end: Int, _ extra: [UInt8]) -> String {
            start < size ? String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<end]), as: UTF8.self)
                : String(decoding: extra[(start - size)..<(end - size)], as: UTF8.self)
        }
        var reader = CSVByteReader(utf8, delimiter: delimiter)
        var line = 1
        while !reader.atEnd {
            let rowStart = spans.count
            var breaks = 0, blank = true, field: CSVByteReader.Field
            repeat {
                field = reader.nextField()
                var start = field.start, end = field.end
                if field.copied {
                    start = size + extra.count
                    extra += reader.pieces
                    end = size + extra.count
                }
                if start < end {
                    let (first, last) = start < size ? (utf8[start], utf8[end - 1]) : (extra[start - size], extra[end - 1 - size])
                    if ImportText.isBlank(first) || ImportText.isBlank(last) {  // as `ImportText.trimmed`
                        let trimmed = ImportText.trimmed(text(start, end, extra))
                        start = size + extra.count
                        extra += trimmed.utf8
                        end = size + extra.count
                    }
                }
                if field.quoted {
                    breaks += start < size ? lineBreaks(UnsafeBufferPointer(rebasing: utf8[start..<end]))
                        : extra.withUnsafeBufferPointer { lineBreaks(UnsafeBufferPointer(rebasing: $0[(start - size)..<(end - size)])) }
                }
                if blank {
                    blank = start < size ? UnsafeBufferPointer(rebasing: utf8[start..<end]).allSatisfy(ImportText.isBlank)
                        : extra[(start - size)..<(end - size)].allSatisfy(ImportText.isBlank)
                }
                spans.append(Int32(start))
                spans.append(Int32(end))
            } while !field.last
            let first = line
            line += 1 + breaks
            if blank {  // a blank line: counted, not a row
                spans.removeSubrange(rowStart...)
                continue
            }
            if headerTrimmed, lines.isEmpty {
                for k in stride(from: rowStart, to: spans.count, by: 2) {
                    let value = text(Int(spans[k]), Int(spans[k + 1]), extra)
                    let trimmed = value.trimmingCharacters(in: .whitespaces)
                    guard trimmed.utf8.count != value.utf8.count else { continue }
                    spans[k] = Int32(size + extra.count)
                    extra += trimmed.utf8
                    spans[k + 1] = Int32(size + extra.count)
                }
            }
            lines.append(first)
            firstCell.append(spans.count / 2)
        }
    }

    /// Line breaks in a cell (CRLF counts once), as `CSVTable.lineBreaks` counts them.
    private static func lineBreaks(_ cell: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0, previous: UInt8 = 0
        for b in cell {
            if b == 10 { if previous != 13 { count += 1 } } else if b == 13 { count += 1 }
            previous = b
        }
        return count
    }

    /// The line row `row` starts on.
    public func line(of row: Int) -> Int { lines[row] }

    /// How many cells row `row` has.
    public func cellCount(of row: Int) -> Int { firstCell[row + 1] - firstCell[row] }

    /// Cell `index` of row `row` as text.
    public func field(_ index: Int, of row: Int) -> String {
        let k = 2 * (firstCell[row] + index)
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(spans[k])..<Int(spans[k + 1])]), as: UTF8.self) }
    }

    /// Row `row`'s cells as texts.
    public func fields(of row: Int) -> [String] { (0..<cellCount(of: row)).map { field($0, of: row) } }

    /// True when every cell of row `row` is empty.
    public func isEmpty(_ row: Int) -> Bool {
        stride(from: 2 * firstCell[row], to: 2 * firstCell[row + 1], by: 2).allSatisfy { spans[$0] == spans[$0 + 1] }
    }

    /// Row `row`'s cells joined by `separator` (ASCII), made in one step.
    public func joined(_ row: Int, separator: UInt8) -> String {
        let range = 2 * firstCell[row]..<2 * firstCell[row + 1]
        let length = stride(from: range.lowerBound, to: range.upperBound, by: 2).reduce(0) { $0 + Int(spans[$1 + 1] - spans[$1]) } + range.count / 2
        return String(unsafeUninitializedCapacity: max(length - 1, 0)) { out in
            var n = 0
            bytes.withUnsafeBufferPointer { b in
                for k in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
                    if k > range.lowerBound { out[n] = separator; n += 1 }
                    for i in Int(spans[k])..<Int(spans[k + 1]) { out[n] = b[i]; n += 1 }
                }
            }
            return n
        }
    }

    /// Calls `body` with the buffer's bytes and row `row`'s spans (start and end of each cell
    /// in those bytes), valid during the call.
    public func withRow<T>(_ row: Int, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int32>) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer { b in
            try spans.withUnsafeBufferPointer { s in try body(b, UnsafeBufferPointer(rebasing: s[(2 * firstCell[row])..<(2 * firstCell[row + 1])])) }
        }
    }
}
