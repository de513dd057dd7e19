import Foundation

/// How dates are shown to a person (the app's date format setting, S58): numeric
/// (6/30/2024), abbreviated (Jun 30, 2024; the default), long (June 30, 2024) or complete
/// (Sunday, June 30, 2024). Stored as its name in the `date_format` setting; files, the
/// Lua API and CSV keep ISO dates (2024-06-30), which sort and parse unambiguously.
public enum DateDisplayFormat: String, CaseIterable, Sendable {
    case numeric, abbreviated, long, complete

    public static let `default` = DateDisplayFormat.abbreviated

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The format named `text` (any case, trimmed); the error lists the four.
    public static func parse(_ text: String) throws -> DateDisplayFormat {
        guard let format = DateDisplayFormat(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw RuleViolation("Unknown date format '\(text)'. Use " + allCases.map(\.rawValue).joined(separator: ", ") + ".", rule: .unknownValue)
        }
        return format
    }

    /// The format stored as `value`: the default when unset or not a format's name.
    public static func stored(_ value: String?) -> DateDisplayFormat {
        value.flatMap { DateDisplayFormat(rawValue: $0) } ?? .default
    }

    /// `date` for a person to read, in this format (English month and day names).
    public func format(_ date: CalendarDate) -> String {
        let (y, m, d) = date.components
        let month = Self.monthNames[m - 1]
        switch self {
        case .numeric: return "\(m)/\(d)/\(y)"
        case .abbreviated: return "\(month.prefix(3)) \(d), \(y)"
        case .long: return "\(month) \(d), \(y)"
        case .complete:
            // 1970-01-01 (day 0) was a Thursday (index 3 from Monday).
            let weekday = Self.weekdayNames[((date.dayNumber % 7) + 7 + 3) % 7]
            return "\(weekday), \(month) \(d), \(y)"
        }
    }
}
