import Foundation
import Testing
@testable import Core
@testable import Store

/// `PackedMonth.start(of:)` reads a month key "YYYY-MM" into the day before it begins and
/// its length, as the months' rows are decoded; `PackedMonth.LastStart` remembers the last.
@Suite("Monthly series: the month keys' start and length")
struct PackedMonthStartTests {
    /// The reading the digits at once replaced (issue 27), as the reference.
    func reference(_ text: String) -> (Int32, UInt8)? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard bytes[i] >= 0x30, bytes[i] <= 0x39 else { return nil }
                value = value * 10 + Int(bytes[i] - 0x30)
            }
            return value
        }
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"), let year = number(0..<4), let month = number(5..<7),
              let first = CalendarDate(year: year, month: month, day: 1) else { return nil }
        return (Int32(truncatingIfNeeded: first.dayNumber - 1), UInt8(CalendarDate.daysIn(month: month, year: year)))
    }

    func start(_ text: String) -> (Int32, UInt8)? {
        var text = text
        return text.withUTF8 { PackedMonth.start(of: $0) }
    }

    @Test("every month of years 0 to 9999, and keys that are not months: as the reference reads them")
    func sameAsReference() {
        var keys: [String] = []
        for year in stride(from: 0, through: 9_999, by: 1) where year < 2_200 || year % 97 == 0 {
            for month in 0...13 { keys.append(String(format: "%04d-%02d", year, month)) }
        }
        keys += ["", "2024-1", "2024-001", "2024/01", "2024-0a", "2O24-01", "2024-1:", "2024-/1", "complete", "2024-01-01",
                 ":024-01", "/024-01", "2024-\u{7f}1", "9999-12", "0000-01", "2024-02", "2023-02", "1900-02", "2000-02"]
        for key in keys {
            let (a, b) = (start(key), reference(key))
            #expect(a?.0 == b?.0 && a?.1 == b?.1, "\(key)")
        }
        #expect(start("2024-02")! == (Int32(CalendarDate("2024-01-31")!.dayNumber), 29))
    }

    @Test("the last month remembered gives what start(of:) gives, month after month and back")
    func lastStart() {
        var last = PackedMonth.LastStart()
        for key in ["2024-01", "2024-01", "2024-02", "2024-1", "2024-02", "2023-02", "2023-02", "complete", "2024-13", "2024-12"] {
            var text = key
            let remembered = text.withUTF8 { last.start(of: $0) }
            #expect(remembered?.0 == start(key)?.0 && remembered?.1 == start(key)?.1, "\(key)")
        }
    }
}
