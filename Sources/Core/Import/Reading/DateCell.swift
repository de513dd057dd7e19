import Foundation

/// The order of day, month and year in a date of three numbers.
public enum DateOrder: String, Sendable, CaseIterable {
    case yearMonthDay, dayMonthYear, monthDayYear

    /// "DD/MM/YYYY" with the file's separator, for messages.
    func pattern(_ separator: Character) -> String {
        let s = String(separator)
        switch self {
        case .yearMonthDay: return "YYYY\(s)MM\(s)DD"
        case .dayMonthYear: return "DD\(s)MM\(s)YYYY"
        case .monthDayYear: return "MM\(s)DD\(s)YYYY"
        }
    }

    var bit: Int { 1 << DateOrder.allCases.firstIndex(of: self)! }
}

/// One date cell taken apart before its column decides what it means.
///
/// A time after the date is ignored ("2024-07-15 10:30", "15/07/2024 02:32 PM",
/// "Sep. 30, 2016, 02:32 AM"), and so is everything from " as of " on: in
/// "07/15/2024 as of 07/12/2024" the first date is the trade date. A month written as a
/// word (`MonthNames`) makes the date certain ("15 Jul 2024", "15-okt-2024",
/// "3. März 2024", "Jul 15, 2024"); so do ISO dates and `YYYYMMDD`. Three numbers
/// ("03/04/2024", "15.07.24") may fit several orders: `DateColumn` decides.
public enum DateCell: Sendable, Equatable {
    case exact(CalendarDate)
    case numbers([Substring], separator: Character)

    /// The cell's shape; nil when it cannot be a date (or is empty).
    public static func read(_ raw: String) -> DateCell? {
        if let date = CalendarDate(raw) { return .exact(date) }
        let core = dateText(raw)
        if core.isEmpty { return nil }
        if let date = ImportDate.iso(String(core)) { return .exact(date) }
        let tokens = tokenize(core)
        let numbers = tokens.filter { $0.first!.isNumber }
        let words = tokens.filter { !$0.first!.isNumber && !fillers.contains($0.lowercased()) }
        if words.isEmpty {
            if numbers.count == 1, numbers[0].count == 8, let compact = Int(numbers[0]) {
                return CalendarDate(year: compact / 10000, month: compact / 100 % 100, day: compact % 100).map(DateCell.exact)
            }
            guard numbers.count == 3, numbers.allSatisfy({ $0.count <= 4 }) else { return nil }
            let separators = core.filter { !$0.isNumber && !$0.isWhitespace }
            guard let separator = separators.first ?? (core.contains(" ") ? " " : nil),
                  separators.allSatisfy({ $0 == separator }) else { return nil }
            return .numbers(numbers, separator: separator)
        }
        guard words.count == 1, let month = MonthNames.month(words[0]), numbers.count == 2 else { return nil }
        let (day, year): (Substring, Substring) = numbers[0].count == 4 ? (numbers[1], numbers[0]) : (numbers[0], numbers[1])
        guard day.count <= 2, year.count == 4 || year.count == 2, let d = Int(day), var y = Int(year) else { return nil }
        if year.count == 2 { y += 2000 }
        return CalendarDate(year: y, month: month, day: d).map(DateCell.exact)
    }

    /// Words that may stand between the parts ("15 de julio de 2024") or after a day ("15th").
    static let fillers: Set<String> = ["de", "del", "of", "the", "st", "nd", "rd", "th", "er",
                                       "mon", "tue", "wed", "thu", "fri", "sat", "sun", "monday", "tuesday", "wednesday",
                                       "thursday", "friday", "saturday", "sunday"]

    /// The date part of a cell: without " as of …" and without a time and what follows it.
    static func dateText(_ raw: String) -> Substring {
        var text = Substring(raw)
        if let asOf = text.range(of: " as of ", options: .caseInsensitive) { text = text[..<asOf.lowerBound] }
        if let colon = text.firstIndex(of: ":") {
            var start = colon
            while start > text.startIndex, text[text.index(before: start)].isNumber { start = text.index(before: start) }
            text = text[..<start]
            if text.last == "T" || text.last == "t", text.dropLast().last?.isNumber == true { text = text.dropLast() }
        }
        return Substring(text.trimmingCharacters(in: CharacterSet(charactersIn: " ,\t")))
    }

    /// Runs of digits and runs of letters; everything else separates them.
    static func tokenize(_ text: Substring) -> [Substring] {
        var tokens: [Substring] = []
        var start: Substring.Index?
        var digits = false
        for index in text.indices {
            let c = text[index]
            let kind: Bool? = c.isNumber && c.isASCII ? true : (c.isLetter ? false : nil)
            if let s = start, kind != digits {
                tokens.append(text[s..<index])
                start = nil
            }
            if start == nil, let kind {
                start = index
                digits = kind
            }
        }
        if let s = start { tokens.append(text[s...]) }
        return tokens
    }

    /// The date three numbers make in `order`; nil when they do not make one (a year must
    /// have four digits, or two: 20YY; a year of two digits comes first only with `-`).
    static func date(_ parts: [Substring], separator: Character, order: DateOrder) -> CalendarDate? {
        let (y, m, d): (Substring, Substring, Substring)
        switch order {
        case .yearMonthDay: (y, m, d) = (parts[0], parts[1], parts[2])
        case .dayMonthYear: (y, m, d) = (parts[2], parts[1], parts[0])
        case .monthDayYear: (y, m, d) = (parts[2], parts[0], parts[1])
        }
        guard y.count == 4 || y.count == 2, m.count <= 2, d.count <= 2 else { return nil }
        if order == .yearMonthDay, y.count == 2, separator != "-" { return nil }
        guard var year = Int(y), let month = Int(m), let day = Int(d) else { return nil }
        if y.count == 2 { year += 2000 }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// The orders in which this cell is a date on or before `today`, as bits.
    func orders(today: CalendarDate?) -> Int {
        guard case .numbers(let parts, let separator) = self else { return 0 }
        var bits = 0
        for order in DateOrder.allCases {
            guard let date = Self.date(parts, separator: separator, order: order) else { continue }
            if let today, date > today { continue }
            bits |= order.bit
        }
        return bits
    }
}
