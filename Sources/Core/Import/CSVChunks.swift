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
            let used = read(bytes, from: (0, 1), delimiter: UInt8(delimiter.value), trim: trim,
                            parts: parts ?? ParallelWork.partCount(bytes.count, minimumPart: 256 * 1024)) { _, size in
                var list = RowList()
                list.rows.reserveCapacity(size / 24)  // about a row per 24 bytes or more: rarely grown
                return list
            }
            if used.count == 1 { return used[0].sink.rows }
            var rows: [CSVTable.Row] = []
            rows.reserveCapacity(used.reduce(0) { $0 + $1.sink.rows.count })
            for part in used { rows += part.sink.rows }
            return rows
        }
    }

    /// Reads `bytes` from `start` (a row's start: byte offset and line) to the end in `parts`
    /// side by side, each part giving its rows to a sink of its own (`makeSink(part, bytes)`);
    /// returns the parts whose rows make the reading, in order (see the type's comment).
    /// With `checkpointEvery`, each part also notes the start of about every so many rows
    /// (`PartReader.checkpoints`): places a later reading may start from, exactly.
    static func read<Sink: CSVRowSink>(_ bytes: UnsafeBufferPointer<UInt8>, from start: (offset: Int, line: Int),
                                        delimiter: UInt8, trim: Bool, parts: Int, checkpointEvery: Int? = nil,
                                        makeSink: (Int, Int) -> Sink) -> [PartReader<Sink>] {
        let cuts = self.cuts(bytes, from: start, parts: parts)
        let sinks = cuts.indices.map { index in
            makeSink(index, (index + 1 < cuts.count ? cuts[index + 1].offset : bytes.count) - cuts[index].offset)
        }
        let readers = ParallelWork.map(cuts.count) { index -> PartReader<Sink> in
            let reader = PartReader(bytes, start: cuts[index], delimiter: delimiter, trim: trim, sink: sinks[index],
                                    checkpointEvery: checkpointEvery)
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
        return used
    }

    /// Reads `bytes` from `start` until the next row would start on line `stop` or later (or
    /// to the end), one part: for a reading that starts at a place known to start a row.
    static func read<Sink: CSVRowSink>(_ bytes: UnsafeBufferPointer<UInt8>, from start: (offset: Int, line: Int),
                                        until stop: Int?, delimiter: UInt8, trim: Bool, into sink: Sink) -> Sink {
        let reader = PartReader(bytes, start: start, delimiter: delimiter, trim: trim, sink: sink, checkpointEvery: nil)
        reader.read(until: stop)
        return reader.sink
    }

    /// The first non-blank row of `bytes` (a file's header) and where the row after it
    /// starts; nil for a file of blank lines.
    static func firstRow(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, trim: Bool) -> (row: CSVTable.Row, next: (offset: Int, line: Int))? {
        var reader = CSVByteReader(bytes, delimiter: delimiter)
        var line = 1
        while let fields = reader.next() {
            if let row = row(fields, line: &line, trim: trim, mayHoldLineBreaks: reader.lastRowQuoted) { return (row, (reader.position, line)) }
        }
        return nil
    }

    /// A delimiter outside ASCII (never one of the guessed ones): CSV.swift, in one part (and
    /// the reference the tests compare `CSVByteReader` with).
    static func readWithCSVSwift(_ text: String, delimiter: Unicode.Scalar, trim: Bool) -> [CSVTable.Row]? {
        guard let reader = try? CSVReader(string: text, hasHeaderRow: false, trimFields: false, delimiter: delimiter) else { return nil }
        var rows: [CSVTable.Row] = [], line = 1
        while let row = reader.next() {
            if let kept = Self.row(row, line: &line, trim: trim) { rows.append(kept) }
        }
        return rows
    }

    /// Where each part of `text` starts: byte offset and line (1-based). The first part starts at 0.
    static func cuts(_ text: String, parts: Int) -> [(offset: Int, line: Int)] {
        var text = text
        return text.withUTF8 { cuts($0, from: (0, 1), parts: parts) }
    }

    /// Where each part of the bytes from `start` on starts: byte offset and line (1-based).
    /// The first part starts at `start`.
    static func cuts(_ bytes: UnsafeBufferPointer<UInt8>, from start: (offset: Int, line: Int), parts: Int) -> [(offset: Int, line: Int)] {
        var cuts = [start]
        guard parts > 1 else { return cuts }
        let count = bytes.count, length = count - start.offset
        var line = start.line, position = start.offset, previous: UInt8 = 0
        for part in 1..<parts {
            let target = start.offset + length * part / parts
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

    /// Reading from one cut on: the non-blank rows it has read (given to its sink), and the
    /// line the next row starts on.
    final class PartReader<Sink: CSVRowSink> {
        private var reader: CSVByteReader
        private let trim: Bool
        private(set) var sink: Sink
        private(set) var line: Int
        private(set) var finished = false
        /// Where this part started (a row's start).
        let start: (offset: Int, line: Int)
        /// The start (offset, line) of about every `checkpointEvery`-th row read after the first.
        private(set) var checkpoints: [(offset: Int, line: Int)] = []
        private let checkpointEvery: Int?
        private var sinceCheckpoint = 0

        init(_ text: UnsafeBufferPointer<UInt8>, start: (offset: Int, line: Int), delimiter: UInt8, trim: Bool, sink: Sink,
             checkpointEvery: Int?) {
            reader = CSVByteReader(text, delimiter: delimiter, start: start.offset)
            self.trim = trim
            self.sink = sink
            self.start = start
            self.checkpointEvery = checkpointEvery
            line = start.line
        }

        /// Reads rows until the next one would start on line `stop` or later, or the text ends.
        func read(until stop: Int?) {
            while stop.map({ line < $0 }) ?? true {
                if let every = checkpointEvery, sinceCheckpoint >= every {
                    checkpoints.append((reader.position, line))
                    sinceCheckpoint = 0
                }
                guard let fields = reader.next() else {
                    finished = true
                    return
                }
                if let row = CSVChunks.row(fields, line: &line, trim: trim, mayHoldLineBreaks: reader.lastRowQuoted) {
                    sink.take(row)
                    sinceCheckpoint += 1
                }
            }
        }
    }

    /// The row read at `line` (moved past its lines), nil for a blank line.
    /// `mayHoldLineBreaks` false: the reader saw no quoted field, so no field holds a line break.
    static func row(_ fields: [String], line: inout Int, trim: Bool, mayHoldLineBreaks: Bool = true) -> CSVTable.Row? {
        var fields = fields
        if trim, fields.contains(where: ImportText.needsTrim) { fields = fields.map(ImportText.trimmed) }
        let start = line
        line += 1 + (mayHoldLineBreaks ? fields.reduce(0) { $0 + CSVTable.lineBreaks(in: $1) } : 0)
        if fields.allSatisfy({ $0.utf8.allSatisfy(ImportText.isBlank) }) { return nil }  // blank line
        return CSVTable.Row(line: start, fields: fields)
    }
}

/// Where a reading's rows go, one at a time in the file's order.
protocol CSVRowSink {
    mutating func take(_ row: CSVTable.Row)
}

/// A sink that keeps every row.
struct RowList: CSVRowSink {
    var rows: [CSVTable.Row] = []
    mutating func take(_ row: CSVTable.Row) { rows.append(row) }
}
