import Foundation

/// The one exact number type of AssetFlow: every amount, price, quantity and rate.
///
/// It is Foundation's `Decimal` today. Everything that depends on that choice (parsing,
/// formatting, rounding, conversion from floats) lives in this folder, so that a faster
/// exact representation can replace it without touching the rest of the code.
public typealias ExactDecimal = Foundation.Decimal

/// Why a piece of text is not an exact decimal.
public struct DecimalParseError: Error, Equatable, CustomStringConvertible {
    public let text: String
    public var description: String { "'\(text)' is not a valid decimal number" }
}

extension ExactDecimal {
    /// Parses user text strictly: an optional sign, digits with at most one decimal point,
    /// nothing else (surrounding spaces are ignored). Unlike `Decimal(string:)`, which on
    /// Linux reads "12abc" as 12 and "1.2.3" as 1.2, anything else is an error that quotes
    /// the text.
    ///
    ///     try ExactDecimal.parse("12.30")   // 12.3
    ///     try ExactDecimal.parse("12abc")   // throws: '12abc' is not a valid decimal number
    public static func parse(_ text: String) throws -> ExactDecimal {
        guard let value = parseOrNil(text) else { throw DecimalParseError(text: text) }
        return value
    }

    /// Like `parse`, returning nil for invalid text. Allocation-free for up to 19 digits:
    /// the store reads hundreds of thousands of these.
    public static func parseOrNil(_ text: String) -> ExactDecimal? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// Parses UTF-8 bytes with the same strict grammar (for the store's no-copy reads).
    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        var index = 0, end = bytes.count
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        while end > index, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digitCount = 0, fractionDigits = 0
        var seenPoint = false, sawDigit = false
        var wide: [UInt8]? = nil  // only past 19 significant digits
        while index < end {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                sawDigit = true
                if seenPoint { fractionDigits += 1 }
                if digitCount > 0 || byte != 0x30 {
                    digitCount += 1
                    if digitCount <= 19 {
                        mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
                    } else {
                        if wide == nil { wide = Array(String(mantissa).utf8).map { $0 - 0x30 } }
                        wide!.append(byte - 0x30)
                    }
                }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard sawDigit, digitCount <= 39 else { return nil }  // a 128-bit mantissa holds up to 39 digits
        if let wide {
            // 39 digits fit only below 2^128: anything larger would be rounded, so refuse it.
            if wide.count == 39, wide.map({ Character(UnicodeScalar($0 + 0x30)) }).map(String.init).joined() > "340282366920938463463374607431768211455" {
                return nil
            }
            return make(negative: negative, digits: wide, exponent: -fractionDigits)
        }
        if mantissa == 0 { return .zero }
        return ExactDecimal(sign: negative ? .minus : .plus, exponent: -fractionDigits, significand: ExactDecimal(mantissa))
    }

    /// Builds sign × digits × 10^exponent exactly.
    static func make(negative: Bool, digits: [UInt8], exponent: Int) -> ExactDecimal {
        var value = ExactDecimal.zero
        if digits.count <= 19 {
            var mantissa: UInt64 = 0
            for digit in digits { mantissa = mantissa * 10 + UInt64(digit) }
            value = ExactDecimal(mantissa)
        } else {
            for digit in digits { value = value * 10 + ExactDecimal(Int(digit)) }
        }
        if value.isZero { return .zero }
        let scaled = ExactDecimal(sign: negative ? .minus : .plus, exponent: exponent + Int(value.exponent), significand: ExactDecimal(sign: .plus, exponent: 0, significand: value.significand))
        return scaled
    }

    /// The value of a binary float as its shortest round-trip text says it: 0.1 becomes
    /// exactly 0.1, never 0.1000000000000000055511151231257827. Nil for NaN and infinities.
    public init?(shortestTextOf double: Double) {
        guard double.isFinite else { return nil }
        let text = "\(double)".lowercased()
        var mantissaText = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(of: "e") {
            mantissaText = text[..<e]
            guard let parsed = Int(text[text.index(after: e)...]) else { return nil }
            exponent = parsed
        }
        guard let mantissa = ExactDecimal.parseOrNil(String(mantissaText)) else { return nil }
        if mantissa.isZero { self = .zero; return }
        self = ExactDecimal(sign: mantissa.sign, exponent: Int(mantissa.exponent) + exponent, significand: ExactDecimal(sign: .plus, exponent: 0, significand: mantissa.significand))
    }

    /// The exact value as plain text: no exponent, no trailing zeros ("165.00" → "165").
    public var plainText: String {
        if isZero { return "0" }
        var text = "\(self)"
        if text.contains("e") || text.contains("E") { text = expandedText }
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// Digits spelled out from significand and exponent, for values whose description uses
    /// scientific notation.
    private var expandedText: String {
        let digits = "\(significand)".filter(\.isNumber)
        let exp = Int(exponent)
        let sign = self < 0 ? "-" : ""
        if exp >= 0 { return sign + digits + String(repeating: "0", count: exp) }
        let fraction = -exp
        if digits.count > fraction {
            let cut = digits.index(digits.endIndex, offsetBy: -fraction)
            return sign + digits[..<cut] + "." + digits[cut...]
        }
        return sign + "0." + String(repeating: "0", count: fraction - digits.count) + digits
    }

    /// Rounded to `places` decimals, half away from zero (cents: `rounded(places: 2)`).
    public func rounded(places: Int, mode: RoundingMode = .plain) -> ExactDecimal {
        var input = self
        var result = ExactDecimal()
        NSDecimalRound(&result, &input, places, mode)
        return result
    }

    /// Text with exactly `places` decimals, for aligned display ("2300" → "2300.00").
    public func fixedText(places: Int) -> String {
        let text = rounded(places: places).plainText
        guard places > 0 else { return text }
        if let dot = text.firstIndex(of: ".") {
            let have = text.distance(from: text.index(after: dot), to: text.endIndex)
            return text + String(repeating: "0", count: max(0, places - have))
        }
        return text + "." + String(repeating: "0", count: places)
    }

    /// True when the value has no fractional part.
    public var isWholeNumber: Bool { self == rounded(places: 0, mode: .down) }

    /// The value as an Int64 when it is a whole number in range.
    public var exactInt64: Int64? {
        guard isWholeNumber, self >= ExactDecimal(Int64.min), self <= ExactDecimal(Int64.max) else { return nil }
        return Int64(plainText)
    }
}
