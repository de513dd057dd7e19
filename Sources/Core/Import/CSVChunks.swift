import CSV
import Foundation

/// Reads CSV text (`CSVByteReader`, CSV.swift's rules) in parts side by side, one per core, and gives the same
/// non-blank rows, with the same lines, as one reading from the start.
///
/// The text is cut after line breaks near equal shares. A cut is only a guess: a line break
/// may lie inside a quoted field. Each part is read from its cut until its next row would
/// start on, or past, the line where the next part begins. The parts are then joined in
/// order: when the part before ends exactly on that line, it ended at the cut, so the next
/// part's rows follow it; when a quoted field carried it past the line, the cut was inside
/// that field, the next part's rows are dropped, and the part before reads on by itself
/// to a later cut it does land on (or to the end). So a wrong guess costs time, never rows.
enum CSVChunks {
    /// The non-blank rows of `text` with the line each starts on (the header first); nil
    /// when CSV.swift cannot read it.
    static func read(_ text: String, delimiter: Unicode.Scalar, trim: Bool,
                     parts: Int? = nil) -> [CSVTable.Row]? {
        guard delimiter.isASCII else { return readWithCSVSwift(text, delimiter: delimiter, trim: trim) }
        var text = text
        // Over the text's own bytes, without a copy per part (each part's reader starts at its cut).
        return text.withUTF8 { bytes in
            let cuts = self.cuts(bytes, parts: parts ?? ParallelWork.partCount(bytes.count, minimumPart: 256 * 1024))
            let readers = ParallelWork.map(cuts.count) { index -> PartReader in
                let start = cuts[index]
                let end = index + 1 < cuts.count ? cuts[index + 1].offset : bytes.count
                let reader = PartReader(bytes, start: start.offset, bytes: end - start.offset, firstLine: start.line,
                                        delimiter: UInt8(delimiter.value), trim: trim)
                reader.read(until: index + 1 < cuts.count ? cuts[index + 1].line : nil)
                return reader
            }
            var current = readers[0]
            var used = [current]
            while !current.finished {
                if let next = cuts.indices.first(where: { cuts[$0].line == current.line }) {
                    current = readers[next]  // `current` ended exactly at this cut
                    used.append(current)
                } else {  // a quoted field ran over the cut: read on to the next cut
                    current.read(until: cuts.first { $0.line > current.line }?.line)
                }
            }
            if used.count == 1 { return used[0].rows }
            var rows: [CSVTable.Row] = []
            rows.reserveCapacity(used.reduce(0) { $0 + $1.rows.count })
            for part in used { rows += part.rows }
            return rows
        }
    }

    /// A delimiter outside ASCII (never one of the guessed ones): CSV.swift, in one part (and
    /// the reference the tests compare `CSVByteReader` with).
    static func readWithCSVSwift(_ text: String, delimiter: Unicode.Scalar, trim: Bool) -> [CSVTable.Row]? {
        guard let reader = try? CSVReader(string: text, hasHeaderRow: false, trimFields: false, delimiter: delimiter) else { return nil }
        var rows: [CSVTable.Row] = [], line = 1
        while let row = reader.next() {
            if let kept = PartReader.row(row, line: &line, trim: trim) { rows.append(kept) }
        }
        return rows
    }

    /// Where each part of `text` starts: byte offset and line (1-based). The first part starts at 0.
    static func cuts(_ text: String, parts: Int) -> [(offset: Int, line: Int)] {
        var text = text
        return text.withUTF8 { cuts($0, parts: parts) }
    }

    /// Where each part starts: byte offset and line (1-based). The first part starts at 0.
    static func cuts(_ bytes: UnsafeBufferPointer<UInt8>, parts: Int) -> [(offset: Int, line: Int)] {
        var cuts = [(offset: 0, line: 1)]
        guard parts > 1 else { return cuts }
        let count = bytes.count
        var line = 1, position = 0, previous: UInt8 = 0
        for part in 1..<parts {
            let target = count * part / parts
            // Count line breaks up to the first line feed at or after the target (CRLF once).
            while position < count {
                let byte = bytes[position]
                if byte == 10 { if previous != 13 { line += 1 } } else if byte == 13 { line += 1 }
                previous = byte
                position += 1
                if byte == 10, position > target { break }
            }
            guard position < count, previous == 10 else { break }
            if position > cuts.last!.offset { cuts.append((position, line)) }
        }
        return cuts
    }

    /// Reading from one cut on: the non-blank rows it has read, and the line the next row
    /// starts on.
    final class PartReader {
        private var reader: CSVByteReader
        private let trim: Bool
        private(set) var rows: [CSVTable.Row] = []
        private(set) var line: Int
        private(set) var finished = false

        /// `bytes`: about how much of the text this part will read.
        init(_ text: UnsafeBufferPointer<UInt8>, start: Int, bytes: Int, firstLine: Int, delimiter: UInt8, trim: Bool) {
            reader = CSVByteReader(text, delimiter: delimiter, start: start)
            self.trim = trim
            line = firstLine
            rows.reserveCapacity(bytes / 24)  // about a row per 24 bytes or more: rarely grown
        }

        /// Reads rows until the next one would start on line `stop` or later, or the text ends.
        func read(until stop: Int?) {
            while stop.map({ line < $0 }) ?? true {
                guard let fields = reader.next() else {
                    finished = true
                    return
                }
                if let row = Self.row(fields, line: &line, trim: trim) { rows.append(row) }
            }
        }

        /// The row read at `line` (moved past its lines), nil for a blank line.
        static func row(_ fields: [String], line: inout Int, trim: Bool) -> CSVTable.Row? {
            var fields = fields
            if trim, fields.contains(where: ImportText.needsTrim) { fields = fields.map(ImportText.trimmed) }
            let start = line
            line += 1 + fields.reduce(0) { $0 + CSVTable.lineBreaks(in: $1) }
            if fields.allSatisfy({ $0.utf8.allSatisfy(ImportText.isBlank) }) { return nil }  // blank line
            return CSVTable.Row(line: start, fields: fields)
        }
    }
}
