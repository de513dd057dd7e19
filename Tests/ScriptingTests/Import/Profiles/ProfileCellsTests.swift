import Foundation
import Testing
@testable import Core
@testable import Scripting

/// A profile reads a file's cells as bytes (`ProfileImport.cells(of:)`, `CSVCells`): the
/// same rows, lines and errors as the reading through `CSVTable` (`rows(of:)`).
@Suite("Profile files read as byte cells")
struct ProfileCellsTests {
    /// Every row as "line: fields", or the error's description.
    static func reading(_ read: () throws -> [ProfileRow]) -> [String] {
        do { return try read().map { "\($0.line): \($0.fields)" } } catch { return ["error: \(error)"] }
    }

    static func bothReadings(_ data: Data) -> (cells: [String], rows: [String]) {
        let cells = reading {
            let file = try ProfileImport.cells(of: data)
            return (0..<file.count).map { ProfileRow(file, row: $0) }
        }
        return (cells, reading { try ProfileImport.rows(of: data) })
    }

    @Test("every sample and mutated samples (quotes, delimiters, cut short, lines doubled) read the same")
    func samplesAndMutations() throws {
        var g = ProfileFuzzTests.Generator(state: 1127)
        for (file, _) in ProfileFuzzTests.samples {
            let original = String(decoding: try sample(file), as: UTF8.self)
            let (cells, rows) = Self.bothReadings(try sample(file))
            #expect(cells == rows, "\(file)")
            for _ in 0..<40 {
                var text = original
                for _ in 0...g.next(3) { text = ProfileFuzzTests.mutate(text, &g) }
                let (cells, rows) = Self.bothReadings(Data(text.utf8))
                #expect(cells == rows, "\(file): \(text.debugDescription)")
            }
        }
    }

    @Test("a row kept by its key once run (`keyed`, the cells gone with the file) has the key its cells give, with or without a broker id")
    func keyedRows() throws {
        var g = ProfileFuzzTests.Generator(state: 2711)
        for (file, _) in ProfileFuzzTests.samples {
            var texts = [String(decoding: try sample(file), as: UTF8.self)]
            for _ in 0..<10 { texts.append(ProfileFuzzTests.mutate(texts[0], &g)) }
            for text in texts {
                guard let cells = try? ProfileImport.cells(of: Data(text.utf8)) else { continue }
                for row in 0..<cells.count {
                    var plain = ProfileRow(cells, row: row)
                    if row % 3 == 1 { plain.brokerID = "B\(row)" }
                    if row % 3 == 2 { plain.brokerID = "" }
                    let keyed = plain.keyed
                    #expect(keyed.key == plain.key && keyed.line == plain.line && keyed.brokerID == plain.brokerID, "\(file) row \(row)")
                    #expect(keyed.fields.isEmpty && keyed.withoutCells.brokerID == plain.brokerID)
                }
            }
        }
    }

    @Test("files the reading refuses or trims: empty, blank lines, unclosed quotes, BOMs, UTF-16, not text, padded headers")
    func edges() throws {
        let texts = ["", "\n\n  \n", " a , b \n1,2\n", "\u{FEFF}A;B\n1;2\n", "A,B\n\"open,2\nx,y\n", "\u{A0}A\u{A0}, B\n1,2", "A,B\n,\n1,2\n",
                     "A\tB\n\"x\"\"y\"\t\"multi\r\nline\"\r\n3\t4", "a,\"b\"c\",d\ne,f"]
        var datas = texts.map { Data($0.utf8) }
        datas.append(Data([0xFF, 0xFE] + Array("A,B\n1,2\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        datas.append(Data([0x41, 0x2C, 0x00, 0x0A]))
        datas.append(Data([0x41, 0x2C, 0xC3, 0x0A]))
        for data in datas {
            let (cells, rows) = Self.bothReadings(data)
            #expect(cells == rows, "\(Array(data))")
        }
    }

    @Test("a row's key is its cells joined, as from its texts")
    func keys() throws {
        let file = try ProfileImport.cells(of: Data("A,B,C\n x ,\"y\"\"z\",\n,,1\n".utf8))
        for row in 0..<file.count {
            #expect(ProfileRow(file, row: row).key == ProfileRow(line: file.line(of: row), fields: file.fields(of: row)).key)
        }
        #expect(ProfileRow(file, row: 1, brokerID: "7").key == "id:7")
    }
}
