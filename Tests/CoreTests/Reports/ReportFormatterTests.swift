import Foundation
import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

@Suite struct ReportFormatterTests {
    @Test("Axis labels abbreviate as the seeds' app does (S18): 999,999 → 1000K, 2,500,000 → 2.5M, sign kept",
          arguments: [("999999", "1000K"), ("2500000", "2.5M"), ("1000", "1K"), ("-1500", "-1.5K"), ("12.7", "13"),
                      ("0", "0"), ("1200000000", "1.2B"), ("999", "999"), ("-0.4", "0"), ("150000", "150K")])
    func axisLabels(value: String, label: String) {
        #expect(ReportFormatter.axisLabel(dec(value)) == label)
    }

    @Test("Thousands separators keep every digit and the sign",
          arguments: [("1234567.891", "1,234,567.891"), ("-1234", "-1,234"), ("12", "12"), ("123456", "123,456"), ("0.5", "0.5")])
    func grouping(plain: String, grouped: String) {
        #expect(ReportFormatter.grouped(plain) == grouped)
    }

    @Test("Money in its currency's minor units; percent two decimals and %; number at most 8 places")
    func formats() {
        let f = ReportFormatter(currency: "EUR")
        #expect(f.text(dec("-1234.5"), .money) == "-1,234.50 EUR")
        #expect(f.text(dec("12.345"), .percent) == "12.35%")
        #expect(f.text(dec("1234.56789012345678"), .number) == "1,234.56789012")
        #expect(ReportFormatter(currency: "JPY").text(dec("1234.5"), .money) == "1,235 JPY")
        #expect(ReportFormatter(currency: "BTC").text(dec("0.5"), .money) == "0.50000000 BTC")
        #expect(f.text(dec("2.5"), .integer) == "3")
        #expect(ReportFormatter(currency: "").text(dec("5"), .money) == "5.00")
    }

    @Test("A negative is marked only when it shows as negative (-0.001 money rounds to 0.00)")
    func negatives() {
        #expect(ReportFormatter.isNegative(.number(dec("-1"), .number)))
        #expect(!ReportFormatter.isNegative(.number(dec("-0.001"), .money)))
        #expect(!ReportFormatter.isNegative(.text("-5")))
    }

    @Test("Formats parse by name and by file extension; an unknown one lists the formats")
    func formatNames() throws {
        #expect(try ReportFormat.parse("md") == .markdown)
        #expect(try ReportFormat.parse("HTML") == .html)
        #expect(ReportFormat.forPath("out/report.csv") == .csv)
        #expect(ReportFormat.forPath("report.txt") == .terminal)
        #expect(throws: RuleViolation("Unknown report format 'pdf'. Use one of: terminal, markdown, csv, json, html.")) { try ReportFormat.parse("pdf") }
    }
}
