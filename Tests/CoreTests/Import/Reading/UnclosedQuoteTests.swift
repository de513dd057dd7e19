import Foundation
import Testing
@testable import Core

@Suite("An unmatched quote is an error at its line")
struct UnclosedQuoteTests {
    @Test("a quote that never closes is refused at its line, naming the lines it would swallow")
    func unclosed() throws {
        let text = "Date,Asset,Type,Quantity,Price,Note\n2024-01-02,A,buy,1,1,ok\n2024-01-03,A,buy,1,1,\"oops\n2024-01-04,A,buy,1,1,x\n2024-01-05,A,buy,1,1,y\n"
        do {
            _ = try CSVTable.parse(text: text)
            Issue.record("the file was read")
        } catch let failure as ImportFailure {
            #expect(failure.lines == ["1 row has an error; nothing was imported.",
                                      "line 3: " + UnclosedQuote.message(line: 3, lastLine: 6)])
            #expect(failure.lines[1].contains("lines 3–6 would be read as one field"))
        }
    }

    @Test("closed quotes, doubled quotes, quotes inside unquoted fields and multi-line notes are fine")
    func fine() throws {
        let table = try CSVTable.parse(text: "Asset,Note\n\"A, Inc.\",\"say \"\"hi\"\"\"\nB,5\" screen\n\"C\",\"two\nlines\"\n")
        #expect(table.rows.count == 3)
        #expect(UnclosedQuote.find(in: "a,\"b\"\"\n", delimiter: ",", fromLine: 1) != nil)
        #expect(UnclosedQuote.find(in: "a,\"b\"\"\"\n", delimiter: ",", fromLine: 1) == nil)
    }
}
