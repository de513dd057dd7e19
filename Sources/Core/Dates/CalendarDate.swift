import Foundation

/// A calendar day with no time and no time zone: what every date in AssetFlow is.
///
/// Dates go in and come out as "YYYY-MM-DD". Storing plain days avoids the real app's bug
/// where a backup restored in another time zone shifted a date by one day.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let dayNumber: Int

    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// The day of a proleptic Gregorian year, month and day; nil when it does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CalendarDate.daysIn(month: month, year: year) else { return nil }
        dayNumber = CalendarDate.days(year: year, month: month, day: day)
    }

    /// Parses "YYYY-MM-DD" strictly (allocation-free: the store reads many of these).
    public init?(_ text: String) {
        var text = text
        guard let date = text.withUTF8({ CalendarDate(utf8: $0) }) else { return nil }
        self = date
    }

    /// Parses "YYYY-MM-DD" from UTF-8 bytes.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let parsed = { () -> (Int, Int, Int)? in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for i in range {
                    let b = bytes[i]
                    guard b >= 0x30, b <= 0x39 else { return nil }
                    value = value * 10 + Int(b - 0x30)
                }
                return value
            }
            guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
            return (y, m, d)
        }() else { return nil }
        self.init(year: parsed.0, month: parsed.1, day: parsed.2)
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool { a.dayNumber < b.dayNumber }

    public var components: (year: Int, month: Int, day: Int) { CalendarDate.civil(dayNumber) }
    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    public var description: String {
        let (y, m, d) = components
        guard (0...9999).contains(y) else { return String(format: "%04d-%02d-%02d", y, m, d) }
        // Ten ASCII digits and dashes, without String(format:) (the store writes many).
        let bytes: [UInt8] = [UInt8(48 + y / 1000), UInt8(48 + y / 100 % 10), UInt8(48 + y / 10 % 10), UInt8(48 + y % 10), 45,
                              UInt8(48 + m / 10), UInt8(48 + m % 10), 45, UInt8(48 + d / 10), UInt8(48 + d % 10)]
        return String(decoding: bytes, as: UTF8.self)
    }

    public func adding(days: Int) -> CalendarDate { CalendarDate(dayNumber: dayNumber + days) }

    /// Whole calendar days from `self` to `other`.
    public func days(until other: CalendarDate) -> Int { other.dayNumber - dayNumber }

    /// The same day `months` later; a day past the month's end falls back to its last day
    /// (January 31 + 1 month = February 28 or 29).
    public func adding(months: Int, preferredDay: Int? = nil) -> CalendarDate {
        let (y, m, d) = components
        let total = y * 12 + (m - 1) + months
        let year = total >= 0 ? total / 12 : (total - 11) / 12
        let month = total - year * 12 + 1
        let day = min(preferredDay ?? d, CalendarDate.daysIn(month: month, year: year))
        return CalendarDate(year: year, month: month, day: day)!
    }

    /// Today in the given time zone: the one place a clock is read, by the callers of Core.
    public static func today(timeZone: TimeZone = .current, now: Date = Date()) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day], from: now)
        return CalendarDate(year: c.year!, month: c.month!, day: c.day!)!
    }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days-from-civil and civil-from-days algorithms.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    static func civil(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
