import Testing
@testable import Core

/// Exact inside, rounded for display: the one place the rules live.
@Suite("Display format")
struct DisplayFormatTests {
    func dec(_ s: String) -> ExactDecimal { try! ExactDecimal.parse(s) }

    @Test("money in its currency's minor units: JPY 0, USD 2, BTC 8, unknown 2")
    func money() {
        #expect(DisplayFormat.money(dec("1234.5"), currency: "JPY") == "1235")
        #expect(DisplayFormat.money(dec("1234.5"), currency: "USD") == "1234.50")
        #expect(DisplayFormat.money(dec("0.123456789"), currency: "BTC") == "0.12345679")
        #expect(DisplayFormat.money(dec("1"), currency: "XYZ") == "1.00")
        #expect(DisplayFormat.minorUnits(of: "jpy") == 0)
        #expect(DisplayFormat.minorUnits(of: "ETH") == 8)  // 18 in the list; display stops at 8
        #expect(DisplayFormat.minorUnitsOtherThanTwo["JPY"] == 0 && DisplayFormat.minorUnitsOtherThanTwo["USD"] == nil)
    }

    @Test("a plain decimal: at most 8 places, trailing zeros trimmed; the exact text stays")
    func plain() {
        let third = dec("970") / 3
        #expect(DisplayFormat.plain(third) == "323.33333333")
        #expect(third.plainText == "323.333333333333333333333333333333333333")
        #expect(DisplayFormat.plain(dec("165.00")) == "165")
        #expect(DisplayFormat.plain(dec("-0.000000005")) == "-0.00000001")
        #expect(DisplayFormat.placesShown(dec("1.50")) == 1)
        #expect(DisplayFormat.fixed(dec("2"), places: 3) == "2.000")
    }

    @Test("a rate already in percent: 2 places and %")
    func percent() {
        #expect(DisplayFormat.percent(dec("12.345")) == "12.35%")
    }
}
