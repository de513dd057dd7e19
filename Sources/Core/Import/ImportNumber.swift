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

    /// The exact value of `raw`; nil for an empty cell.
    public static func parse(_ raw: String, decimalComma: Bool = false) throws -> ExactDecimal? {
        if !decimalComma, let plain = ExactDecimal.parseOrNil(raw) { return plain }  // the common case, no copies
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
        return negative ? -value : value
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
