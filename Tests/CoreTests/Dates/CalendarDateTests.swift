import Testing
@testable import Core

@Suite("CalendarDate")
struct CalendarDateTests {
    @Test("round-trips YYYY-MM-DD", arguments: ["1970-01-01", "2024-02-29", "1999-12-31", "2100-03-01"])
    func roundTrip(text: String) {
        #expect(CalendarDate(text)?.description == text)
    }

    @Test("rejects malformed or impossible dates", arguments: ["2023-02-29", "2024-13-01", "2024-1-01", "20240101", "2024-01-01x", ""])
    func rejects(text: String) {
        #expect(CalendarDate(text) == nil)
    }

    @Test("month arithmetic falls back to the month's last day")
    func months() {
        let jan31 = CalendarDate("2024-01-31")!
        #expect(jan31.adding(months: 1).description == "2024-02-29")
        #expect(jan31.adding(months: 13).description == "2025-02-28")
        #expect(CalendarDate("2024-03-15")!.adding(months: -3).description == "2023-12-15")
    }

    @Test("days between dates")
    func days() {
        #expect(CalendarDate("2024-01-01")!.days(until: CalendarDate("2025-01-01")!) == 366)
        #expect(CalendarDate("1970-01-01")!.dayNumber == 0)
    }
}

@Suite("CalendarDate.parse")
struct CalendarDateParseTests {
    @Test("a day that does not exist is 'not a valid date'; another form says which form")
    func parse() throws {
        #expect(try CalendarDate.parse("2025-02-28") == CalendarDate("2025-02-28"))
        #expect(throws: DateParseError(text: "2025-02-30", hasForm: true)) { try CalendarDate.parse("2025-02-30") }
        #expect(DateParseError(text: "2025-02-30", hasForm: true).description == "'2025-02-30' is not a valid date")
        #expect(throws: DateParseError(text: "2025/02/28", hasForm: false)) { try CalendarDate.parse("2025/02/28") }
        #expect(DateParseError(text: "28.2.2025", hasForm: false).description == "'28.2.2025' is not a date in the form YYYY-MM-DD")
    }
}
