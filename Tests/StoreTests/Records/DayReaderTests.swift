import Testing
@testable import Core
@testable import Store

/// The month-remembering date reader gives `CalendarDate`'s day numbers and refuses what it
/// refuses, in whatever order the dates come.
@Suite("Day reader")
struct DayReaderTests {
    func read(_ reader: inout DayReader, _ text: String) -> Int32? {
        Array(text.utf8).withUnsafeBufferPointer { reader.day($0) }
    }

    @Test("every day of four years, in order and out of order, equals CalendarDate's day number")
    func matchesCalendarDate() {
        var reader = DayReader()
        let first = CalendarDate(year: 2023, month: 1, day: 1)!.dayNumber
        let days = (first..<(first + 4 * 366)).map { CalendarDate(dayNumber: $0) }
        for date in days + days.reversed() + days.shuffled() {
            #expect(read(&reader, date.description) == Int32(date.dayNumber))
        }
    }

    @Test("a day the month does not have, or a malformed date, is refused after a good date of the same month")
    func strict() {
        var reader = DayReader()
        #expect(read(&reader, "2023-02-10") != nil)
        for bad in ["2023-02-29", "2023-02-00", "2023-02-1x", "2023-02-3", "2023-02-100", "2023-02-+1"] { #expect(read(&reader, bad) == nil, "\(bad)") }
        #expect(read(&reader, "2024-02-29") == Int32(CalendarDate(year: 2024, month: 2, day: 29)!.dayNumber))
        #expect(read(&reader, "2024-13-01") == nil)
    }
}
