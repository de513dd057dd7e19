import Foundation
import Testing
@testable import Core

@Suite("CSV reading: BOM, CRLF, delimiters, quotes, line numbers")
struct CSVTableTests {
    @Test("a UTF-8 BOM is dropped and CRLF lines are split")
    func bomAndCRLF() throws {
        let table = try CSVTable.parse(data: Data([0xEF, 0xBB, 0xBF]) + Data("Date,Asset\r\n2024-01-02,ACME\r\n".utf8))
        #expect(table.headers == ["Date", "Asset"])
        #expect(table.rows.map(\.fields) == [["2024-01-02", "ACME"]])
        #expect(table.rows[0].line == 2)
    }

    @Test("the delimiter is detected: comma, semicolon or tab", arguments: [",", ";", "\t"])
    func delimiters(_ separator: String) throws {
        let table = try CSVTable.parse(text: ["Date", "Asset", "Price"].joined(separator: separator) + "\n"
                                       + ["2024-01-02", "ACME", "1,5"].joined(separator: separator) + "\n")
        #expect(table.delimiter == Character(separator))
        #expect(table.headers == ["Date", "Asset", "Price"])
        if separator != "," { #expect(table.rows[0].fields[2] == "1,5") }
    }

    @Test("quoted fields keep delimiters, doubled quotes and line breaks; later rows keep their line number")
    func quotedFields() throws {
        let table = try CSVTable.parse(text: "Asset,Note\n\"A, Inc.\",\"say \"\"hi\"\"\"\n\"B\",\"two\nlines\"\n\nC,x\n")
        #expect(table.rows.map(\.fields) == [["A, Inc.", "say \"hi\""], ["B", "two\nlines"], ["C", "x"]])
        #expect(table.rows.map(\.line) == [2, 3, 6])
    }

    @Test("fields and headers are trimmed; blank lines are skipped but counted")
    func trimmingAndBlankLines() throws {
        let table = try CSVTable.parse(text: "  Date , Asset \n\n   \n 2024-01-02 ,  ACME \n")
        #expect(table.headers == ["Date", "Asset"])
        #expect(table.rows[0].fields == ["2024-01-02", "ACME"])
        #expect(table.rows[0].line == 4)
    }

    @Test("UTF-16 with a BOM is read")
    func utf16() throws {
        let data = "Date,Asset\n2024-01-02,Café\n".data(using: .utf16)!
        #expect(try CSVTable.parse(data: data).rows[0].fields == ["2024-01-02", "Café"])
    }

    @Test("the app's messages: not text, empty, no data rows")
    func messages() {
        #expect(throws: RuleViolation(CSVTable.notTextMessage)) { try CSVTable.parse(data: Data([0x41, 0xFF, 0xFE, 0x0A, 0xC3])) }
        #expect(throws: RuleViolation("File is empty or contains no data.")) { try CSVTable.parse(text: "") }
        #expect(throws: RuleViolation("File is empty or contains no data.")) { try CSVTable.parse(text: "\n \n") }
        #expect(throws: RuleViolation("File contains no data rows.")) { try CSVTable.parse(text: "Date,Asset\n") }
    }

    @Test("CSVWriting quotes what needs it and reads back the same")
    func writingRoundTrip() throws {
        let fields = ["plain", "a,b", "say \"hi\"", " padded ", "two\nlines", ""]
        let text = CSVWriting.document(header: ["a", "b", "c", "d", "e", "f"], rows: [fields])
        #expect(try CSVTable.parse(text: text, trim: false).rows[0].fields == fields)
    }
}
