import Foundation
import Testing
@testable import Core

@Suite("ExactDecimal")
struct ExactDecimalTests {
    @Test("parses plain decimal text exactly", arguments: [
        ("12.30", "12.3"), ("-0.5", "-0.5"), ("+7", "7"), (" 1000 ", "1000"), (".25", "0.25"), ("5.", "5"),
        ("0.000", "0"), ("12345678901234567.89", "12345678901234567.89"),
    ])
    func parsesValid(text: String, expected: String) throws {
        #expect(try ExactDecimal.parse(text).plainText == expected)
    }

    @Test("rejects what Foundation's lenient parser accepts, quoting the text", arguments: [
        "12abc", "1.2.3", "1,5", "1_000", "0x10", "1e5", "", "-", ".", "abc", "1 2",
    ])
    func rejectsInvalid(text: String) {
        #expect(throws: DecimalParseError(text: text)) { try ExactDecimal.parse(text) }
        #expect(DecimalParseError(text: text).description == "'\(text)' is not a valid decimal number")
    }

    @Test("floats convert from their shortest round-trip text, never through binary")
    func floats() {
        #expect(ExactDecimal(shortestTextOf: 0.1)?.plainText == "0.1")
        #expect(ExactDecimal(shortestTextOf: 0.1 + 0.2)?.plainText == "0.30000000000000004")
        #expect(ExactDecimal(shortestTextOf: 1e-5)?.plainText == "0.00001")
        #expect(ExactDecimal(shortestTextOf: 2.5e16)?.plainText == "25000000000000000")
        #expect(ExactDecimal(shortestTextOf: .nan) == nil)
        #expect(ExactDecimal(shortestTextOf: .infinity) == nil)
    }

    @Test("prints without trailing zeros or exponent")
    func plainText() throws {
        #expect(try ExactDecimal.parse("165.00").plainText == "165")
        #expect(try ExactDecimal.parse("0.10").plainText == "0.1")
        #expect((ExactDecimal(1) / 3 * 3).plainText == "0.99999999999999999999999999999999999999")
        #expect(try ExactDecimal.parse("2300").fixedText(places: 2) == "2300.00")
        #expect(try ExactDecimal.parse("2.675").rounded(places: 2).plainText == "2.68")
    }

    @Test("the nearest Double at every scale of the short path, 20 to 22 places included")
    func doubleValueAtEveryScale() throws {
        for places in 0...22 {
            let value = ExactDecimal(units: 12345, scale: places, isNegative: false)!
            #expect(value.doubleValue == Double("12345e-\(places)")!, "\(value.plainText)")
        }
    }

    @Test("0.1 + 0.2 is exactly 0.3")
    func exactSum() throws {
        #expect(try ExactDecimal.parse("0.1") + ExactDecimal.parse("0.2") == ExactDecimal.parse("0.3"))
    }
}

@Suite("ExactDecimal text round trip")
struct ExactDecimalRoundTripTests {
    @Test("every computed value reads back exactly from its text, 39-digit mantissas included", arguments: [
        (2, 3), (299090257726997249, 100000000000000), (1, 7), (22, 7), (-5, 13), (123456789, 1000003),
    ])
    func roundTrip(numerator: Int, denominator: Int) throws {
        let value = ExactDecimal(numerator) / ExactDecimal(denominator)
        let text = value.plainText
        #expect(try ExactDecimal.parse(text) == value, "\(text)")
        #expect(try ExactDecimal.parse(text).plainText == text)
    }

    @Test("the value the benchmark met: 39 significant digits; beyond 2^128 or 39 digits is refused, never rounded")
    func thirtyNineDigits() throws {
        let text = "2990.90257726997249142046654499023650404"
        #expect(try ExactDecimal.parse(text).plainText == text)
        #expect(try ExactDecimal.parse("340282366920938463463374607431768211455").plainText == "340282366920938463463374607431768211455")
        #expect(ExactDecimal.parseOrNil("340282366920938463463374607431768211456") == nil)
        #expect(ExactDecimal.parseOrNil("1234567890123456789012345678901234567890") == nil)
    }
}
