import Foundation
import Testing
@testable import Core

/// The two readings of an import file (`CSVImportFile`) against the one reading of the
/// whole file: the same header, the same column decisions, the same rows and errors.
@Suite("Import file read in two passes: the survey and the cleaned rows")
struct CSVImportFileTests {
    @Test("the in-place UTF-8 check accepts exactly what String(validating:) accepts")
    func utf8Check() {
        var random = SplitMix64(seed: 20_261_126)
        let pieces: [[UInt8]] = [[0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0xA0, 0x80],
                                 [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5], [0x80], [0xFF],
                                 Array("plain ascii text, long enough for the eight-byte path".utf8)]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 12) {
                var piece = pieces[Int(random.next() % UInt64(pieces.count))]
                if random.next() % 5 == 0 { piece = Array(piece.prefix(Int(random.next() % UInt64(piece.count + 1)))) }
                bytes += piece
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer(CSVImportFile.isUTF8) == expected, "\(bytes)")
        }
    }

    @Test("the delimiter guessed from the bytes is the one guessed from the text")
    func delimiter() {
        for text in ["a;b;c\n1,2;3", "\n\n\"x,y\";b\tc\n", "é\u{00A0}\n\u{00A0}\na\tb", "", "\"a\nb\",c;d;e\n", "x"] {
            var copy = text
            let fromBytes = copy.withUTF8 { CSVTable.guessDelimiter(UTF8Scalars($0)) }
            #expect(fromBytes == CSVTable.guessDelimiter(text))
        }
    }

    @Test("survey and second reading of a long file give the one reading's rows and errors, part by part")
    func longFile() throws {
        var text = "Date,Asset,Type,Quantity,Price,Note\n"
        for n in 1...50_000 {
            switch n % 1_999 {
            case 0: text += "2024-13-01,A\(n % 5),buy,1,2,\n"
            case 1: text += "2024-01-02,,sell,abc,2,\"two\nlines\"\n\n"
            default: text += "2024-01-\(10 + n % 18),A\(n % 5),buy,\(n % 7 + 1),\"1,\(n % 100)\",\n"
            }
        }
        let options = ImportOptions(kind: .transactions)
        let table = try CSVTable.parse(text: text)
        let mapping = try ColumnMapping.resolve(kind: .transactions, headers: table.headers)
        let expected = ImportRow.read(table, mapping: mapping, options: options)

        let file = try CSVImportFile(data: Data(text.utf8))
        #expect(file.headers == table.headers && file.headerLine == table.headerLine && file.delimiter == table.delimiter)
        let survey = try file.survey(mapping: mapping, options: options)
        #expect(survey.rowCount == table.rows.count)
        #expect(survey.starts.count > 4)
        var stream = survey.rows()
        var lines: [Int] = [], reported: [Int] = [], batches = 0
        stream.progress = { reported.append($0) }
        let errors = stream.forEachBatch { rows in
            lines += rows.map(\.line)
            batches += 1
            #expect(rows.count <= CSVImportFile.checkpointRows + 1)
        }
        #expect(lines == expected.rows.map(\.line))
        #expect(errors == expected.errors)
        #expect(batches > 4)
        #expect(reported.last == table.rows.count)
        #expect(Set(stream.assetNames) == Set(table.rows.map { $0.fields[1] }))
    }
}
