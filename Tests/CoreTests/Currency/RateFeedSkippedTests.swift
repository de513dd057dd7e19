import Foundation
import Testing
@testable import Core

/// Issue 23: a fetch reports the rates it did not store (not above zero) instead of skipping
/// them silently; unknown codes (metals, tokens) are still left out without a word.
@Suite("Rate feed: what was skipped")
struct RateFeedSkippedTests {
    @Test("rates of zero or below are listed as skipped; unknown codes are not")
    func skipped() throws {
        let json = #"{"date": "2024-06-03", "eur": {"usd": 1.08, "gbp": 0, "chf": -1, "xau": 0}}"#
        let day = try RateFeed.parseReportingSkipped(Data(json.utf8), base: "EUR", requestedDate: CalendarDate("2024-06-03")!,
                                                     source: "test", fetchedAt: "now")
        #expect(day.rates.map(\.quote) == ["USD"])
        #expect(day.skipped == ["CHF -1 on 2024-06-03", "GBP 0 on 2024-06-03"])
    }
}
