import Testing
@testable import Core

@Suite("Import dates: ISO, or the format the user names")
struct ImportDateTests {
    @Test("ISO, with or without a time")
    func iso() throws {
        #expect(try ImportDate.parse("2024-01-02", format: nil) == CalendarDate("2024-01-02"))
        #expect(try ImportDate.parse("2024-01-02T10:30:00Z", format: nil) == CalendarDate("2024-01-02"))
        #expect(try ImportDate.parse("2024-01-02 10:30", format: nil) == CalendarDate("2024-01-02"))
    }

    @Test("--date-format", arguments: [("DD/MM/YYYY", "02/01/2024"), ("M/D/YYYY", "1/2/2024"), ("DD.MM.YYYY", "02.01.2024"),
                                       ("YYYYMMDD", "20240102"), ("D.M.YY", "2.1.24")])
    func formats(_ format: String, _ text: String) throws {
        #expect(try ImportDate.parse(text, format: ImportDate(format: format)) == CalendarDate("2024-01-02"))
    }

    @Test("a date that does not exist or does not fit is an error naming the expected format")
    func invalid() throws {
        let format = try ImportDate(format: "DD/MM/YYYY")
        #expect(throws: RuleViolation(ImportDate.message("31/02/2024", format: format))) { try ImportDate.parse("31/02/2024", format: format) }
        #expect(throws: RuleViolation(ImportDate.message("2024/01/02", format: nil))) { try ImportDate.parse("2024/01/02", format: nil) }
        #expect(ImportDate.message("x", format: format).contains("expected DD/MM/YYYY"))
    }

    @Test("a format without year, month and day is refused")
    func badFormat() {
        #expect(throws: RuleViolation.self) { try ImportDate(format: "MM/DD") }
    }
}
