import Foundation
import Testing
@testable import Core
@testable import Scripting

@Suite("Reports label money with its own currency (issue 22)")
struct ReportMoneyLabelTests {
    /// A report in EUR showing money in USD and in EUR, and a plain decimal as money.
    static let script = """
        af.set_rate{ base = "USD", quote = "EUR", date = "2024-01-02", rate = "0.9" }
        local a = af.create_asset{ name = "ACME", type = "stock", currency = "USD", quantity = 10, cost_basis = "100", date = "2024-01-02" }
        local r = af.report.new{ title = "T", currency = "EUR" }
        r:figures{ { label = "Value", value = a.current_value, format = "money" },
                   { label = "Value, no format", value = a.current_value },
                   { label = "In EUR", value = (a:value_in("EUR")), format = "money" },
                   { label = "A decimal", value = D"12.5", format = "money" },
                   { label = "As a number", value = a.current_value, format = "number" } }
        r:table({ { name = "ACME", value = a.current_value, cost = a.cost_basis } }, { format = { value = "money" } })

        """

    @Test("a figure or cell of money shows its own currency whatever the report's, in every format", arguments: ReportFormat.allCases)
    func ownCurrency(format: ReportFormat) throws {
        let out = try runReportLua(Self.script + "print(r:render(\"\(format.rawValue)\"))")
        switch format {
        case .terminal, .markdown, .html:
            #expect(out.contains("1,000.00 USD"), "\(out)")
            #expect(!out.contains("1,000.00 EUR"), "a USD amount labelled EUR: \(out)")
            #expect(out.contains("900.00 EUR") && out.contains("12.50 EUR"), "\(out)")
        case .json:
            #expect(out.contains(#"{"label": "Value", "value": 1000, "format": "money", "currency": "USD"}"#), "\(out)")
            #expect(out.contains(#"{"label": "Value, no format", "value": 1000, "format": "money", "currency": "USD"}"#), "\(out)")
            #expect(out.contains(#"{"label": "In EUR", "value": 900, "format": "money", "currency": "EUR"}"#), "\(out)")
            #expect(out.contains(#"{"label": "A decimal", "value": 12.5, "format": "money"}"#), "\(out)")
            #expect(out.contains(#"{"label": "As a number", "value": 1000, "format": "number"}"#), "\(out)")
        case .csv:
            #expect(out.contains("ACME,1000.00,1000.00"), "\(out)")  // CSV: minor units, no currency
        }
    }

    @Test("the report formatter never labels money with another currency than its own")
    func formatter() {
        let formatter = ReportFormatter(currency: "EUR")
        #expect(formatter.text(.money(ExactDecimal.parseOrNil("1234.5")!, currency: "USD")) == "1,234.50 USD")
        #expect(formatter.text(.money(ExactDecimal(1234), currency: "JPY")) == "1,234 JPY")
        #expect(formatter.text(.number(ExactDecimal.parseOrNil("1234.5")!, .money)) == "1,234.50 EUR")
        #expect(ReportFormatter.isNegative(.money(ExactDecimal.parseOrNil("-0.001")!, currency: "EUR")) == false)  // shows as 0.00
        #expect(ReportFormatter.isNegative(.money(ExactDecimal(-1), currency: "EUR")))
    }
}
