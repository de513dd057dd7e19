import Testing
@testable import Core

@Suite("Import numbers: symbols, separators, decimal comma, negatives; exact")
struct ImportNumberTests {
    func n(_ text: String, comma: Bool = false) throws -> String? { try ImportNumber.parse(text, decimalComma: comma)?.plainText }

    @Test("currency symbols, codes and thousands separators")
    func cleaning() throws {
        #expect(try n("$1,234.50") == "1234.5")
        #expect(try n("€ 12") == "12")
        #expect(try n("£0.10") == "0.1")
        #expect(try n("1 234.5 USD") == "1234.5")
        #expect(try n("USD 99") == "99")
        #expect(try n("1'234.25") == "1234.25")
    }

    @Test("--decimal-comma: 1.234,50 is 1234.5")
    func decimalComma() throws {
        #expect(try n("1.234,50", comma: true) == "1234.5")
        #expect(try n("0,1", comma: true) == "0.1")
        #expect(try n("1.234,50 €", comma: true) == "1234.5")
    }

    @Test("negatives: -12, 12-, (12)")
    func negatives() throws {
        #expect(try n("-12.5") == "-12.5")
        #expect(try n("12.5-") == "-12.5")
        #expect(try n("(1,234.00)") == "-1234")
        #expect(try n("($5)") == "-5")
    }

    @Test("exact: 0.1 + 0.2 from text is 0.3, and long decimals keep every digit")
    func exact() throws {
        let sum = try ImportNumber.parse("0.1")! + ImportNumber.parse("0.2")!
        #expect(try sum == ImportNumber.parse("0.3")!)
        #expect(try n("123456789.123456789") == "123456789.123456789")
    }

    @Test("empty is nil; anything else is the app's message quoting the text",
          arguments: ["12abc", "1.2.3", "abc", "(-12)", "--1", "$", "1,2,3.4.5"])
    func invalid(_ text: String) throws {
        #expect(throws: RuleViolation("Cannot parse '\(text)' as a number.")) { try ImportNumber.parse(text) }
    }

    @Test("out of range: more than 15 digits before the point or 18 after is refused, not rounded")
    func range() throws {
        #expect(try n("999999999999999.000000000000000001") == "999999999999999.000000000000000001")
        #expect(try n("0001.5000") == "1.5")
        for text in ["1000000000000000", "0.0000000000000000001", "$1,000,000,000,000,000.00"] {
            #expect(throws: RuleViolation(ImportNumber.rangeMessage(text))) { try ImportNumber.parse(text) }
        }
    }

    @Test("an empty cell is no number")
    func empty() throws {
        #expect(try ImportNumber.parse("") == nil)
        #expect(try ImportNumber.parse("   ") == nil)
    }

    @Test("the fast product of plain decimals equals the exact product")
    func product() throws {
        for (a, b) in [("10", "12.5"), ("0.001", "3"), ("-4", "2.25"), ("7", "0"), ("123456789", "98765.4321")] {
            let exact = (try ExactDecimal.parse(a) * ExactDecimal.parse(b)).plainText
            #expect(ImportText.product(a, b) == exact)
        }
        #expect(ImportText.product("9999999999", "9999999999") == nil)  // overflows 64 bits: the slow path
    }

    @Test("plain decimal text is recognised exactly", arguments: [("12.5", true), ("0", true), ("-3", true), ("0.25", true),
                                                                  ("12.50", false), ("012", false), ("-0", false), ("1.", false), ("+1", false), ("1e3", false)])
    func plainForm(_ text: String, _ plain: Bool) {
        #expect(ImportText.isPlainDecimal(text) == plain)
    }
}
