import Testing
@testable import Core

/// Issue 23, item 5: CSV cells a spreadsheet would run as formulas are written as text
/// (OWASP), numbers stay numbers; control characters reach a terminal escaped.
@Suite("CSV formulas and terminal control characters")
struct FormulaInjectionTests {
    @Test("cells beginning with = + - @ tab or CR get an apostrophe and quotes; plain numbers do not", arguments: [
        ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""),
        ("+cmd|' /C calc'!A0", "\"'+cmd|' /C calc'!A0\""),
        ("-2+3", "\"'-2+3\""), ("@SUM(A1)", "\"'@SUM(A1)\""), ("\tx", "\"'\tx\""),
        ("-12.50", "-12.50"), ("+3", "+3"), ("-0.125", "-0.125"), ("ACME", "ACME"), ("a=b", "a=b"), ("-", "\"'-\""),
    ])
    func csvCells(field: String, written: String) {
        #expect(CSVWriting.line([field]) == written)
    }

    @Test("backups keep cells exactly (formulaSafe: false)")
    func exactWhenAsked() {
        #expect(CSVWriting.line(["=1+1", "-5"], formulaSafe: false) == "=1+1,-5")
    }

    @Test("a report's CSV escapes text cells and labels, not numbers")
    func reportCSV() {
        var document = ReportDocument(title: "T", currency: "USD")
        document.elements = [.table(ReportTable(title: nil, columns: [ReportColumn(key: "n", label: "=Name"), ReportColumn(key: "v", label: "Value")],
                                                rows: [[.text("@evil"), .number(-5, .number)], [.text("-minus"), .number(3, .number)]]))]
        let csv = CSVRenderer().render(document)
        #expect(csv == "\"'=Name\",Value\r\n\"'@evil\",-5\r\n\"'-minus\",3\r\n")
    }

    @Test("terminal rendering shows control characters in names escaped, never raw")
    func terminal() {
        var document = ReportDocument(title: "T\u{1B}]0;owned\u{07}", currency: "USD")
        document.elements = [.table(ReportTable(title: nil, columns: [ReportColumn(key: "n", label: "Name")],
                                                rows: [[.text("ACME\u{1B}[2J\u{9B}31m")]])),
                             .text("line one\nline two\u{1B}[1A")]
        let text = TerminalRenderer(style: .plain).render(document)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(text.contains("ACME\\x1B[2J\\x9B31m"))
        #expect(text.contains("T\\x1B]0;owned\\x07"))
        #expect(text.contains("line one\nline two\\x1B[1A"))
    }
}
