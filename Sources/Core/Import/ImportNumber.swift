import Foundation

/// Numbers as people's files write them, cleaned into exact decimals (never a float).
///
/// Accepted: currency symbols (`$ € £ ¥ ₩ ₹`) and a leading or trailing ISO code (`USD`),
/// thousands separators (`,` or, with `decimalComma`, `.`; also spaces and `'`),
/// negatives as `-12`, `12-` or `(12)`. Anything else is an error that quotes the text:
/// "Cannot parse '12abc' as a number."
///
///     try ImportNumber.parse("$1,234.50")                     // 1234.5
///     try ImportNumber.parse("(1.234,50 €)", decimalComma: true) // -1234.5
public enum ImportNumber {
    public static func message(_ raw: String) -> String { "Cannot parse '\(raw)' as a number." }

    /// At most this many digits before the decimal point and after it, so that a file cannot
    /// bring in a value whose products (quantity × price) leave the decimal's range.
    public static let maxIntegerDigits = 15, maxFractionDigits = 18

    public static func rangeMessage(_ raw: String) -> String {
        "'\(raw)' is out of range: at most \(maxIntegerDigits) digits before the decimal point and \(maxFractionDigits) after."
    }

    /// The exact value of `raw`; nil for an empty cell.
    public static func parse(_ raw: String, decimalComma: Bool = false) throws -> ExactDecimal? {
        // An empty cell (an optional column the file leaves blank) is the commonest case of
        // all: answered without Foundation's trimming.
        if raw.utf8.allSatisfy(ImportText.isBlank) { return nil }
        if !decimalComma, let plain = ExactDecimal.parseOrNil(raw) {  // the common case, no copies
            try checkRange(digitsOf: raw, raw: raw)
            return plain
        }
        var text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        var negative = false
        if text.hasPrefix("("), text.hasSuffix(")"), text.count >= 2 {
            negative = true
            text = String(text.dropFirst().dropLast())
        }
        text = stripCurrency(text)
        if text.hasSuffix("-"), !text.hasPrefix("-") {
            negative = true
            text.removeLast()
        }
        if text.hasPrefix("-") || text.hasPrefix("+") {
            if negative { throw RuleViolation(message(raw)) }  // "(-12)" is not a number
            negative = text.hasPrefix("-")
            text.removeFirst()
        }
        text = stripCurrency(text)
        text.removeAll { $0 == " " || $0 == "'" || $0 == "\u{00A0}" || $0 == "\u{202F}" }
        if decimalComma {
            text.removeAll { $0 == "." }
            text = text.replacingOccurrences(of: ",", with: ".")
        } else {
            text.removeAll { $0 == "," }
        }
        guard !text.isEmpty, !text.hasPrefix("-"), !text.hasPrefix("+"), let value = ExactDecimal.parseOrNil(text) else {
            throw RuleViolation(message(raw))
        }
        try checkRange(digitsOf: text, raw: raw)
        return negative ? -value : value
    }

    /// Refuses a plain decimal `text` with too many digits before or after the point
    /// (leading zeros before it and trailing zeros after it do not count).
    static func checkRange(digitsOf text: String, raw: String) throws {
        var integer = 0, fraction = 0, trailingZeros = 0, point = false, leading = true
        for b in text.utf8 {
            if b == UInt8(ascii: ".") { point = true; continue }
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { continue }
            if point {
                fraction += 1
                trailingZeros = b == UInt8(ascii: "0") ? trailingZeros + 1 : 0
            } else if !(leading && b == UInt8(ascii: "0")) {
                leading = false
                integer += 1
            }
        }
        if integer > maxIntegerDigits || fraction - trailingZeros > maxFractionDigits {
            throw RuleViolation(rangeMessage(raw), rule: .outOfRange)
        }
    }

    static let symbols: Set<Character> = ["$", "€", "£", "¥", "₩", "₹"]

    /// Removes currency symbols and a three-letter code before or after the number.
    static func stripCurrency(_ text: String) -> String {
        var text = text
        text.removeAll { symbols.contains($0) }
        text = text.trimmingCharacters(in: .whitespaces)
        let isCode: (Character) -> Bool = { $0.isASCII && $0.isUppercase }  // "USD", not "abc"
        if text.prefix(while: isCode).count == 3 { text = String(text.dropFirst(3)) }
        if text.reversed().prefix(while: isCode).count == 3 { text = String(text.dropLast(3)) }
        return text.trimmingCharacters(in: .whitespaces)
    }
}
