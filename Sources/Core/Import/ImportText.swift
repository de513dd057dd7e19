import Foundation

/// Fast text helpers for the import's hot path (hundreds of thousands of cells): no
/// Foundation bridging, no copies when there is nothing to change.
enum ImportText {
    /// `text` without leading and trailing spaces and tabs; the same string when it has none.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        if !isBlank(first), !isBlank(last) { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    static func needsTrim(_ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        return isBlank(first) || isBlank(last)
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// True when `text` is already a decimal as `plainText` writes it ("12.5", "-3", "0"),
    /// so the store can keep it as is.
    static func isPlainDecimal(_ text: String) -> Bool {
        var state = 0  // 0 start, 1 after "-", 2 integer digits, 3 after ".", 4 fraction digits
        var integerDigits = 0, leadingZero = false, nonZero = false, last: UInt8 = 0
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "-"):
                guard state == 0 else { return false }
                state = 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if b != UInt8(ascii: "0") { nonZero = true }
                if state <= 2 {
                    if integerDigits == 1, leadingZero { return false }  // "012"
                    if integerDigits == 0 { leadingZero = b == UInt8(ascii: "0") }
                    integerDigits += 1
                    state = 2
                } else {
                    state = 4
                }
            case UInt8(ascii: "."):
                guard state == 2 else { return false }
                state = 3
            default:
                return false
            }
            last = b
        }
        guard state == 2 || (state == 4 && last != UInt8(ascii: "0")) else { return false }  // "1.50", "1."
        return nonZero || text.utf8.first != UInt8(ascii: "-")  // "-0"
    }

    /// The product of two plain decimals ("12.5" × "3" = "37.5") in 64-bit integers, as
    /// plain text; nil when either has more than 18 digits or the product overflows.
    static func product(_ a: String, _ b: String) -> String? {
        guard let x = scaled(a), let y = scaled(b) else { return nil }
        let (m, overflow) = x.mantissa.multipliedReportingOverflow(by: y.mantissa)
        guard !overflow else { return nil }
        return plain(mantissa: m, scale: x.scale + y.scale)
    }

    /// "-12.50" → (-1250, 2), for up to 18 digits.
    static func scaled(_ text: String) -> (mantissa: Int64, scale: Int)? {
        var mantissa: Int64 = 0, scale = 0, digits = 0, negative = false, point = false
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "-") where digits == 0 && !negative: negative = true
            case UInt8(ascii: "."): point = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= 18 else { return nil }
                mantissa = mantissa * 10 + Int64(b - 48)
                if point { scale += 1 }
            default: return nil
            }
        }
        guard digits > 0 else { return nil }
        return (negative ? -mantissa : mantissa, scale)
    }

    /// mantissa × 10^-scale without trailing zeros ("1250", 2 → "12.5"), written right to
    /// left into a stack buffer (a String built by inserts cost more than the product).
    static func plain(mantissa: Int64, scale: Int) -> String {
        if mantissa == 0 { return "0" }
        var m = mantissa.magnitude, scale = scale
        while scale > 0, m % 10 == 0 { m /= 10; scale -= 1 }
        // 20 digits, a point, up to `scale` leading zeros and a sign.
        let capacity = 23 + max(0, scale)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var at = capacity
            func put(_ byte: UInt8) { at -= 1; buffer[at] = byte }
            var written = 0
            while m > 0 || written <= scale {
                if written == scale, scale > 0 { put(UInt8(ascii: ".")) }
                put(UInt8(ascii: "0") + UInt8(m % 10))
                m /= 10
                written += 1
            }
            if mantissa < 0 { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[at...]), as: UTF8.self)
        }
    }

    /// "2024-01-02" without String(format:).
    static func iso(_ date: CalendarDate) -> String {
        let (y, m, d) = date.components
        guard (0...9999).contains(y) else { return date.description }
        var bytes = [UInt8](repeating: 0x30, count: 10)
        bytes[0] += UInt8(y / 1000); bytes[1] += UInt8(y / 100 % 10); bytes[2] += UInt8(y / 10 % 10); bytes[3] += UInt8(y % 10)
        bytes[4] = UInt8(ascii: "-"); bytes[5] += UInt8(m / 10); bytes[6] += UInt8(m % 10)
        bytes[7] = UInt8(ascii: "-"); bytes[8] += UInt8(d / 10); bytes[9] += UInt8(d % 10)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension ExactDecimal {
    /// `plainText`, taking `text` as is when it already is that form (no formatting).
    public func plainText(reusing text: String?) -> String {
        if let text, ImportText.isPlainDecimal(text) { return text }
        return plainText
    }
}

extension CalendarDate {
    /// "YYYY-MM-DD", fast (the import writes hundreds of thousands).
    public var isoText: String { ImportText.iso(self) }
}
