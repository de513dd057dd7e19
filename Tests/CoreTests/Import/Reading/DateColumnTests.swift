import Testing
@testable import Core

@Suite("Import dates by column: times, month names, 2-digit years, day/month order from the whole column")
struct DateColumnTests {
    static let today = CalendarDate("2026-11-26")!

    /// Each cell's date (ISO) or "error: message", read as an import reads its date column.
    static func read(_ cells: [String], format: String? = nil) -> [String] {
        let numbered = cells.enumerated().map { (line: $0.offset + 2, text: $0.element) }
        let column = DateColumn(numbered, format: format.flatMap { try? ImportDate(format: $0) }, today: today)
        return numbered.map { cell in
            do { return try column.read(cell.text, line: cell.line)?.description ?? "empty" } catch {
                return "error: \(error)"
            }
        }
    }

    @Test("times are ignored; ISO, compact and month names need no other date")
    func certain() {
        #expect(Self.read(["2024-07-15 10:30:00", "2024-07-15T10:30:00Z", "20240715", "15/07/2024 02:32 PM"])
                == ["2024-07-15", "2024-07-15", "2024-07-15", "2024-07-15"])
        #expect(Self.read(["Sep. 30, 2016, 02:32 AM", "Jul 15, 2024", "15 Jul 2024"]) == ["2016-09-30", "2024-07-15", "2024-07-15"])
    }

    @Test("month names in English, Dutch, German, French, Spanish, Portuguese and Italian", arguments: [
        ("15 Jul 2024", "2024-07-15"), ("15-okt-2024", "2024-10-15"), ("3. März 2024", "2024-03-03"), ("3. Maerz 2024", "2024-03-03"),
        ("1 févr. 2024", "2024-02-01"), ("12 août 2024", "2024-08-12"), ("5 de diciembre de 2023", "2023-12-05"),
        ("7 set 2024", "2024-09-07"), ("9 outubro 2024", "2024-10-09"), ("2 gennaio 2024", "2024-01-02"), ("14-mrt-24", "2024-03-14"),
        ("31 mei 2024", "2024-05-31"), ("Mon, 15 Jul 2024", "2024-07-15"), ("1 Dez 2023", "2023-12-01"), ("15th July 2024", "2024-07-15"),
    ])
    func monthNames(_ text: String, _ iso: String) {
        #expect(Self.read([text]) == [iso])
    }

    @Test("07/15/2024 as of 07/12/2024: the first date is the trade date")
    func asOf() {
        #expect(Self.read(["07/15/2024 as of 07/12/2024", "07/16/2024"]) == ["2024-07-15", "2024-07-16"])
    }

    @Test("D/M or M/D is decided from the whole column")
    func order() {
        #expect(Self.read(["03/04/2024", "15/04/2024"]) == ["2024-04-03", "2024-04-15"])  // a day above 12: day first
        #expect(Self.read(["03/04/2024", "04/15/2024"]) == ["2024-03-04", "2024-04-15"])  // month first
        #expect(Self.read(["01/01/2024", "05/05/2024"]) == ["2024-01-01", "2024-05-05"])  // the same either way
        #expect(Self.read(["15.07.2024", "01.08.2024"]) == ["2024-07-15", "2024-08-01"])
    }

    @Test("an undecided column is refused with both readings; a mixed one names a line of the other order")
    func refused() {
        let undecided = Self.read(["03/04/2024", "05/06/2024"])
        #expect(undecided[0] == "error: '03/04/2024': it could be 2024-04-03 or 2024-03-04, and no date in this column tells which: give --date-format DD/MM/YYYY or MM/DD/YYYY.")
        let mixed = Self.read(["15/07/2024", "16/07/2024", "07/17/2024"])
        #expect(mixed[0] == "2024-07-15" && mixed[2] == "error: '07/17/2024': this column mixes date orders: this date cannot be read in the order of line 2 ('15/07/2024') and most others (DD/MM/YYYY); give --date-format.")
    }

    @Test("2-digit years where the column's other dates leave one reading, else an error")
    func twoDigitYears() {
        #expect(Self.read(["15/07/24", "16/07/24"]) == ["2024-07-15", "2024-07-16"])
        #expect(Self.read(["21-01-15", "21-01-31"]) == ["2021-01-15", "2021-01-31"])  // Binance: YY-MM-DD
        #expect(Self.read(["21-01-15", "22-03-04"])[0].hasPrefix("error: '21-01-15': it could be"))
    }

    @Test("--date-format still decides, and a time after the date is ignored")
    func format() {
        #expect(Self.read(["03/04/2024 10:00", "05/06/2024"], format: "DD/MM/YYYY") == ["2024-04-03", "2024-06-05"])
        #expect(Self.read(["2024-13-01"])[0] == "error: " + ImportDate.message("2024-13-01", format: nil))
        #expect(Self.read(["15-okt-24", "03-Mar-24"], format: "DD-MMM-YY") == ["2024-10-15", "2024-03-03"])
        #expect(Self.read(["Jul 5 2024"], format: "MMM D YYYY") == ["2024-07-05"])
    }
}
