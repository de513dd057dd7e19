import Foundation

/// Dates in an import file: ISO `YYYY-MM-DD` (a time after it is ignored), or a format the
/// user names with the tokens `YYYY`, `YY`, `MM`, `M`, `MMM` (a month's name), `DD`, `D`
/// and literal separators: `DD/MM/YYYY`, `M/D/YYYY`, `DD.MM.YYYY`, `DD-MMM-YY`. A lone cell is read here; a file's column is
/// read by `DateColumn`, which also takes month names and decides the order of day and
/// month from all of its dates.
public struct ImportDate: Sendable, Equatable {
    enum Token: Equatable, Sendable { case year4, year2, month(Bool), monthName, day(Bool), literal(Character) }
    let tokens: [Token]
    public let pattern: String

    /// A format; an error explains the tokens when it has no year, month or day.
    public init(format pattern: String) throws {
        var tokens: [Token] = []
        var rest = Substring(pattern.uppercased())
        while let first = rest.first {
            if rest.hasPrefix("YYYY") { tokens.append(.year4); rest = rest.dropFirst(4) }
            else if rest.hasPrefix("YY") { tokens.append(.year2); rest = rest.dropFirst(2) }
            else if rest.hasPrefix("MMM") { tokens.append(.monthName); rest = rest.drop { $0 == "M" } }
            else if rest.hasPrefix("MM") { tokens.append(.month(true)); rest = rest.dropFirst(2) }
            else if rest.hasPrefix("DD") { tokens.append(.day(true)); rest = rest.dropFirst(2) }
            else if first == "M" { tokens.append(.month(false)); rest = rest.dropFirst() }
            else if first == "D" { tokens.append(.day(false)); rest = rest.dropFirst() }
            else { tokens.append(.literal(first)); rest = rest.dropFirst() }
        }
        let hasYear = tokens.contains(.year4) || tokens.contains(.year2)
        let hasMonth = tokens.contains(.month(true)) || tokens.contains(.month(false)) || tokens.contains(.monthName)
        let hasDay = tokens.contains(.day(true)) || tokens.contains(.day(false))
        guard hasYear, hasMonth, hasDay else {
            throw RuleViolation("Invalid date format '\(pattern)': use YYYY (or YY), MM (or M) and DD (or D) with separators, such as DD/MM/YYYY.")
        }
        self.tokens = tokens
        self.pattern = pattern
    }

    public static func message(_ raw: String, format: ImportDate?) -> String {
        guard let format else { return unreadableMessage(raw) }
        return "Cannot parse '\(raw)' as a date (expected \(format.pattern); give the file's format with --date-format)."
    }

    /// A cell that is no date in any form a file's column is read in.
    public static func unreadableMessage(_ raw: String) -> String {
        "Cannot parse '\(raw)' as a date (expected a date such as 2024-07-15, 15/07/2024, 07/15/2024 or 15 Jul 2024; give the file's format with --date-format)."
    }

    /// The day `raw` names; nil for an empty cell. Without a format, a lone cell is read when
    /// it means one day whatever the file: ISO (with a time), `YYYYMMDD`, a month name
    /// ("15 Jul 2024", "3. März 2024"); "03/04/2024" needs its column (`DateColumn`).
    public static func parse(_ raw: String, format: ImportDate?) throws -> CalendarDate? {
        if let date = CalendarDate(raw) { return date }  // ISO, the common case
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        let parsed: CalendarDate?
        if let format { parsed = format.date(String(DateCell.dateText(text))) ?? iso(text) } else {
            // A lone cell has no column to decide D/M or M/D: only dates that mean one day.
            if case .exact(let date)? = DateCell.read(text) { parsed = date } else { parsed = nil }
        }
        guard let parsed else { throw RuleViolation(message(raw, format: format)) }
        return parsed
    }

    /// ISO with an optional time ("2024-01-02T10:30:00Z", "2024-01-02 10:30").
    static func iso(_ text: String) -> CalendarDate? {
        if let date = CalendarDate(text) { return date }
        guard text.count > 10 else { return nil }
        let separator = text[text.index(text.startIndex, offsetBy: 10)]
        guard separator == "T" || separator == " " else { return nil }
        return CalendarDate(String(text.prefix(10)))
    }

    func date(_ text: String) -> CalendarDate? {
        var chars = Substring(text)
        var year: Int?, month: Int?, day: Int?
        func digits(_ fixed: Int?) -> Int? {
            let run = chars.prefix { $0.isASCII && $0.isNumber }
            let taken = fixed.map { run.prefix($0) } ?? run.prefix(2)
            guard !taken.isEmpty, fixed == nil || taken.count == fixed! else { return nil }
            chars = chars.dropFirst(taken.count)
            return Int(taken)
        }
        for token in tokens {
            switch token {
            case .year4: year = digits(4)
            case .year2: year = digits(2).map { 2000 + $0 }
            case .month(let padded): month = digits(padded ? 2 : nil)
            case .monthName:  // "Jul", "okt.", "März": a word in any of MonthNames' languages
                let word = chars.prefix { $0.isLetter }
                chars = chars.dropFirst(word.count)
                if chars.first == ".", !(tokens.contains(.literal("."))) { chars = chars.dropFirst() }
                month = MonthNames.month(word)
            case .day(let padded): day = digits(padded ? 2 : nil)
            case .literal(let c):
                guard chars.first == c else { return nil }
                chars = chars.dropFirst()
            }
        }
        guard chars.isEmpty, let year, let month, let day else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }
}
