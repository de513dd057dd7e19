import CSV
import Foundation

/// Reads CSV text with CSV.swift in parts side by side, one per core, and gives the same
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
        let cuts = self.cuts(text, parts: parts ?? ParallelWork.partCount(text.utf8.count, minimumPart: 256 * 1024))
        let readers = ParallelWork.map(cuts.count) { index -> PartReader? in
            let start = cuts[index]
            let piece = index == 0 ? text : String(text[start.offset...])
            let end = index + 1 < cuts.count ? cuts[index + 1].offset : text.utf8.endIndex
            let bytes = text.utf8.distance(from: start.offset, to: end)
            guard let reader = PartReader(piece, bytes: bytes, firstLine: start.line, delimiter: delimiter, trim: trim) else { return nil }
            reader.read(until: index + 1 < cuts.count ? cuts[index + 1].line : nil)
            return reader
        }
        guard var current = readers[0] else { return nil }
        var used = [current]
        while !current.finished {
            if let next = cuts.indices.first(where: { cuts[$0].line == current.line }), let reader = readers[next] {
                current = reader  // `current` ended exactly at this cut
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

    /// Where each part starts: byte offset and line (1-based). The first part starts at 0.
    static func cuts(_ text: String, parts: Int) -> [(offset: String.UTF8View.Index, line: Int)] {
        let utf8 = text.utf8
        var cuts = [(offset: utf8.startIndex, line: 1)]
        guard parts > 1 else { return cuts }
        let count = utf8.count
        var line = 1, position = utf8.startIndex, previous: UInt8 = 0
        for part in 1..<parts {
            let target = utf8.index(utf8.startIndex, offsetBy: count * part / parts)
            // Count line breaks up to the first line feed at or after the target (CRLF once).
            while position < utf8.endIndex {
                let byte = utf8[position]
                if byte == 10 { if previous != 13 { line += 1 } } else if byte == 13 { line += 1 }
                previous = byte
                utf8.formIndex(after: &position)
                if byte == 10, position > target { break }
            }
            guard position < utf8.endIndex, previous == 10 else { break }
            if position > cuts.last!.offset { cuts.append((position, line)) }
        }
        return cuts
    }

    /// CSV.swift reading from one cut on: the non-blank rows it has read, and the line the
    /// next row starts on.
    final class PartReader {
        private let reader: CSVReader
        private let trim: Bool
        private(set) var rows: [CSVTable.Row] = []
        private(set) var line: Int
        private(set) var finished = false

        /// `bytes`: about how much of `text` this part will read.
        init?(_ text: String, bytes: Int, firstLine: Int, delimiter: Unicode.Scalar, trim: Bool) {
            guard let reader = try? CSVReader(string: text, hasHeaderRow: false, trimFields: false, delimiter: delimiter) else { return nil }
            self.reader = reader
            self.trim = trim
            line = firstLine
            rows.reserveCapacity(bytes / 24)  // about a row per 24 bytes or more: rarely grown
        }

        /// Reads rows until the next one would start on line `stop` or later, or the text ends.
        func read(until stop: Int?) {
            while stop.map({ line < $0 }) ?? true {
                guard var fields = reader.next() else {
                    finished = true
                    return
                }
                if trim, fields.contains(where: ImportText.needsTrim) { fields = fields.map(ImportText.trimmed) }
                let start = line
                line += 1 + fields.reduce(0) { $0 + CSVTable.lineBreaks(in: $1) }
                if fields.allSatisfy({ $0.utf8.allSatisfy(ImportText.isBlank) }) { continue }  // blank line
                rows.append(CSVTable.Row(line: start, fields: fields))
            }
        }
    }
}
