import Foundation
import Testing
@testable import Core

/// Reading in parts side by side must give exactly what one reading from the start gives,
/// wherever the cuts fall: inside quoted fields, between CR and LF, among blank lines.
@Suite("CSV read in parts: the same rows and lines as one reading")
struct CSVChunksTests {
    /// (line, fields) of every row, for comparing readings.
    func rows(_ text: String, parts: Int, trim: Bool = true) -> [String]? {
        CSVChunks.read(text, delimiter: ",", trim: trim, parts: parts)?.map { "\($0.line): \($0.fields)" }
    }

    @Test("a plain file cut in 2 to 8 parts reads as one")
    func plainFile() throws {
        let text = "Date,Asset,Price\n" + (1...5_000).map { "2024-01-\(10 + $0 % 18),A\($0 % 7),\($0).5" }.joined(separator: "\n") + "\n"
        let whole = try #require(rows(text, parts: 1))
        #expect(whole.count == 5_001)
        for parts in 2...8 { #expect(rows(text, parts: parts) == whole) }
        #expect(CSVChunks.cuts(text, parts: 4).count == 4)
    }

    @Test("a quoted field many lines long that spans the cuts: the part before reads on")
    func quotedFieldOverCuts() throws {
        let long = (1...2_000).map { "note line \($0)" }.joined(separator: "\n")
        let text = "Asset,Note\nA,short\nB,\"" + long + "\"\nC,\"x\r\ny\"\nD,last\n"
        let whole = try #require(rows(text, parts: 1))
        #expect(whole.count == 5)
        #expect(whole.last == "2005: [\"D\", \"last\"]")  // B on lines 3–2002, C on 2003–2004
        for parts in 2...8 {
            #expect(CSVChunks.cuts(text, parts: parts).count > 1)  // cuts do fall inside the field
            #expect(rows(text, parts: parts) == whole)
        }
    }

    @Test("random files (quotes, doubled quotes, CR, CRLF, blank lines, stray quotes, spaces) read the same in any number of parts")
    func randomFiles() throws {
        var random = SplitMix64(seed: 20261123)
        let pieces = ["a", "b c", "1.5", "\"q\"", "\"x,y\"", "\"two\nlines\"", "\"cr\r\nlf\"", "\"say \"\"hi\"\"\"",
                      "stray\"quote", "\"unclosed", " pad ", "", "\"lone\rcr\"", "\"\"", "é"]
        let ends = ["\n", "\r\n", "\r", "\n\n", "\r\n\r\n"]
        for _ in 0..<300 {
            var text = "H1,H2,H3\n"
            for _ in 0..<(1 + random.below(60)) {
                text += (0..<(1 + random.below(4))).map { _ in pieces[random.below(pieces.count)] }.joined(separator: ",")
                text += ends[random.below(ends.count)]
            }
            if random.chance(20) { text.removeLast() }  // no final line break
            for trim in [true, false] {
                let whole = rows(text, parts: 1, trim: trim)
                for parts in [2, 3, 5, 8] { #expect(rows(text, parts: parts, trim: trim) == whole, "\(text.debugDescription) in \(parts) parts") }
            }
        }
    }

    @Test("the byte reader gives CSV.swift's fields and lines on random files (stray and doubled quotes, CR, unclosed quotes, any delimiter)")
    func byteReaderMatchesCSVSwift() throws {
        var random = SplitMix64(seed: 20261126)
        let pieces = ["a", "b c", "1.5", "\"q\"", "\"x,y\"", "\"x;y\"", "\"two\nlines\"", "\"cr\r\nlf\"", "\"say \"\"hi\"\"\"",
                      "stray\"quote", "\"unclosed", " pad ", "", "\"lone\rcr\"", "\"\"", "é", "\"a\"b\"", "\"a\"é,\"", "\"a\" ", "\t", "€\"x"]
        let ends = ["\n", "\r\n", "\r", "\n\n", "\r\n\r\n", ""]
        for delimiter: Unicode.Scalar in [",", ";", "\t"] {
            for _ in 0..<300 {
                var text = ""
                for _ in 0..<(1 + random.below(12)) {
                    text += (0..<(1 + random.below(4))).map { _ in pieces[random.below(pieces.count)] }.joined(separator: String(delimiter))
                    text += ends[random.below(ends.count)]
                }
                for trim in [true, false] {
                    let fast = CSVChunks.read(text, delimiter: delimiter, trim: trim, parts: 1)?.map { "\($0.line): \($0.fields)" }
                    let reference = CSVChunks.readWithCSVSwift(text, delimiter: delimiter, trim: trim)?.map { "\($0.line): \($0.fields)" }
                    #expect(fast == reference, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test("CSVCells gives CSV.swift's trimmed rows and lines, as bytes, on random files (stray and doubled quotes, CR, spaces, any delimiter)")
    func cellsMatchCSVSwift() throws {
        var random = SplitMix64(seed: 20261127)
        let pieces = ["a", "b c", "1.5", "\"q\"", "\"x,y\"", "\"x;y\"", "\"two\nlines\"", "\"cr\r\nlf\"", "\"say \"\"hi\"\"\"",
                      "stray\"quote", "\"unclosed", " pad ", "", "\"lone\rcr\"", "\"\"", "é", "\"a\"b\"", "\"a\"é,\"", "\"a\" ", "\t", "€\"x",
                      "\u{A0}nb\u{A0}", " \u{3000}wide ", "\" q \"\"x\"\" \"", "  ", "\"\t\""]
        let ends = ["\n", "\r\n", "\r", "\n\n", "\r\n\r\n", "", " \n", "\t\r\n"]
        for delimiter: Unicode.Scalar in [",", ";", "\t"] {
            for _ in 0..<400 {
                var text = ""
                for _ in 0..<(1 + random.below(12)) {
                    text += (0..<(1 + random.below(4))).map { _ in pieces[random.below(pieces.count)] }.joined(separator: String(delimiter))
                    text += ends[random.below(ends.count)]
                }
                let reference = try #require(CSVChunks.readWithCSVSwift(text, delimiter: delimiter, trim: true))
                for headerTrimmed in [false, true] {
                    let cells = CSVCells(text: text, delimiter: UInt8(delimiter.value), headerTrimmed: headerTrimmed)
                    let read = (0..<cells.count).map { "\(cells.line(of: $0)): \(cells.fields(of: $0))" }
                    let expected = reference.enumerated().map { i, row in
                        "\(row.line): \(i == 0 && headerTrimmed ? row.fields.map { $0.trimmingCharacters(in: .whitespaces) } : row.fields)"
                    }
                    #expect(read == expected, "\(text.debugDescription)")
                    for row in 0..<cells.count {
                        let fields = cells.fields(of: row)
                        #expect(cells.cellCount(of: row) == fields.count)
                        #expect(cells.isEmpty(row) == fields.allSatisfy(\.isEmpty))
                        #expect(cells.joined(row, separator: 0x1F) == fields.joined(separator: "\u{1F}"))
                        for (i, field) in fields.enumerated() { #expect(cells.field(i, of: row) == field) }
                        cells.withRow(row) { bytes, spans in
                            #expect(spans.count == 2 * fields.count)
                            let texts = stride(from: 0, to: spans.count, by: 2).map {
                                String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(spans[$0])..<Int(spans[$0 + 1])]), as: UTF8.self)
                            }
                            #expect(texts == fields)
                        }
                    }
                }
            }
        }
    }

    @Test("a table parsed from a big text has the rows, lines and header of one reading")
    func bigTable() throws {
        var text = "\n\nDate;Asset;Note\r\n"
        for n in 1...40_000 { text += n % 1000 == 0 ? "2024-01-02;A;\"multi\r\nline \(n)\"\r\n\r\n" : "2024-01-02;A\(n % 9);n\(n)\r\n" }
        let table = try CSVTable.parse(text: text)  // over 256 KB: read in parts on a machine with several cores
        #expect(table.headerLine == 3)
        #expect(table.delimiter == ";")
        #expect(table.rows.count == 40_000)
        #expect(table.rows.map(\.line) == (try #require(CSVChunks.read(text, delimiter: ";", trim: true, parts: 1))).dropFirst().map(\.line))
        // Row n starts after the header's line 3, n − 1 rows and two more lines per earlier multi-line row.
        #expect(table.rows.last?.line == 3 + 1 + 39_999 + 39 * 2)
    }
}
