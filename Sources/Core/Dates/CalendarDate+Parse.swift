import Foundation

/// Text that is not a date, saying which way it is wrong: "'2025-02-30' is not a valid
/// date" (the right form, a day that does not exist) or "'2025/02/03' is not a date in the
/// form YYYY-MM-DD".
public struct DateParseError: Error, Equatable, CustomStringConvertible, Sendable {
    public let text: String
    /// True when the text has the form YYYY-MM-DD but names no real day.
    public let hasForm: Bool

    public var description: String {
        hasForm ? "'\(text)' is not a valid date" : "'\(text)' is not a date in the form YYYY-MM-DD"
    }
}

extension CalendarDate {
    /// Parses "YYYY-MM-DD" strictly; the error says whether the form or the day is wrong.
    ///
    ///     try CalendarDate.parse("2025-02-28")   // 2025-02-28
    ///     try CalendarDate.parse("2025-02-30")   // throws '2025-02-30' is not a valid date
    ///     try CalendarDate.parse("28.02.2025")   // throws '28.02.2025' is not a date in the form YYYY-MM-DD
    public static func parse(_ text: String) throws -> CalendarDate {
        if let date = CalendarDate(text) { return date }
        let bytes = Array(text.utf8)
        let hasForm = bytes.count == 10 && bytes.enumerated().allSatisfy { i, b in
            i == 4 || i == 7 ? b == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
        }
        throw DateParseError(text: text, hasForm: hasForm)
    }
}
