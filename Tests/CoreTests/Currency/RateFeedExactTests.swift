import Foundation
import Testing
@testable import Core

/// Rates are money: the feed's numbers are read from their digits, never through a binary
/// float (the guide's first non-negotiable). A Double keeps about 17 significant digits, so
/// these rates would come back changed through one.
@Suite("Rate feed: rates read exactly")
struct RateFeedExactTests {
    @Test("every digit of a rate is kept, in plain and exponent notation")
    func exactDigits() throws {
        let json = #"{"date": "2024-06-03", "usd": {"eur": 0.123456789012345678901, "jpy": 149.830000000000000001, "btc": 1.51e-5, "xau": "n/a"}}"#
        let rates = try RateFeed.parse(Data(json.utf8), base: "USD", requestedDate: CalendarDate("2024-06-03")!, source: "t", fetchedAt: "")
        let byQuote = Dictionary(uniqueKeysWithValues: rates.map { ($0.quote, $0.rate) })
        #expect(byQuote["EUR"] == (try ExactDecimal.parse("0.123456789012345678901")))
        #expect(byQuote["JPY"] == (try ExactDecimal.parse("149.830000000000000001")))
        #expect(byQuote["BTC"] == (try ExactDecimal.parse("0.0000151")))
        #expect(RateFeed.unknownCodes(Data(json.utf8), base: "USD") == ["XAU"])
    }

    @Test("a known currency whose rate is not a number makes the response invalid")
    func notANumber() {
        let json = #"{"usd": {"eur": "0.92"}}"#
        #expect(throws: RuleViolation.self) {
            try RateFeed.parse(Data(json.utf8), base: "USD", requestedDate: CalendarDate("2024-06-03")!, source: "t", fetchedAt: "")
        }
    }
}
