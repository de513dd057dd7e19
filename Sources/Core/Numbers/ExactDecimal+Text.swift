/// Why a piece of text is not an exact decimal.
public struct DecimalParseError: Error, Equatable, CustomStringConvertible {
    public let text: String
    /// Set when the text is a number but outside the decimal range.
    public let reason: String?

    public init(text: String, reason: String? = nil) {
        self.text = text
        self.reason = reason
    }

    public var description: String {
        guard let reason else { return "'\(text)' is not a valid decimal number" }
        return "'\(text)' is out of the decimal range: \(reason)"
    }
}

extension ExactDecimal {
    /// What the strict parser made of some text.
    enum Parsed {
        case value(ExactDecimal)
        case invalid
        case outOfRange(String)
    }

    static let tooManyDigits = "more than 39 digits or above 340282366920938463463374607431768211455"
    static let tooManyPlaces = "more than 38 decimal places"

    /// Parses user text strictly: an optional sign, digits with at most one decimal point,
    /// nothing else (surrounding spaces are ignored). Anything else is an error that quotes
    /// the text; so is a number outside the range (more than 39 digits, or a nonzero digit
    /// past the 38th decimal place): it is never rounded.
    ///
    ///     try ExactDecimal.parse("12.30")   // 12.3
    ///     try ExactDecimal.parse("12abc")   // throws: '12abc' is not a valid decimal number
    public static func parse(_ text: String) throws -> ExactDecimal {
        var copy = text
        switch copy.withUTF8({ parseBytes($0) }) {
        case .value(let value): return value
        case .invalid: throw DecimalParseError(text: text)
        case .outOfRange(let reason): throw DecimalParseError(text: text, reason: reason)
        }
    }

    /// Like `parse`, returning nil for invalid or out-of-range text.
    public static func parseOrNil(_ text: String) -> ExactDecimal? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// Parses UTF-8 bytes with the same strict grammar (for the store's no-copy reads).
    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        if case .value(let value) = parseBytes(bytes) { return value }
        return nil
    }

    static func parseBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed {
        var index = 0, end = bytes.count
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        while end > index, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var units: UInt128 = 0
        var scale = 0, pendingZeros = 0  // fractional zeros not yet multiplied in
        var seenPoint = false, sawDigit = false, overflow = false
        while index < end {
            let byte = bytes[index]
            index += 1
            if byte >= 0x30, byte <= 0x39 {
                sawDigit = true
                let digit = UInt128(byte - 0x30)
                if seenPoint, digit == 0 { pendingZeros += 1; continue }
                // Trailing fractional zeros are dropped, so "1.5000" is 1.5 whatever its length.
                let shift = seenPoint ? pendingZeros + 1 : 1
                if seenPoint { scale += shift; pendingZeros = 0 }
                if overflow || scale > maxScale { continue }
                if units == 0 {
                    units = digit
                } else if shift <= 38, let shifted = align(units, by: shift) {
                    let (sum, o) = shifted.addingReportingOverflow(digit)
                    if o { overflow = true } else { units = sum }
                } else {
                    overflow = true
                }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return .invalid
            }
        }
        guard sawDigit else { return .invalid }
        if scale > maxScale { return .outOfRange(tooManyPlaces) }
        if overflow { return .outOfRange(tooManyDigits) }
        return .value(ExactDecimal(units: units, scale: scale, negative: negative))
    }

    /// The value of a binary float as its shortest round-trip text says it: 0.1 becomes
    /// exactly 0.1, never 0.1000000000000000055511151231257827. Nil for NaN, infinities and
    /// values outside the decimal range (use `exactly(shortestTextOf:)` for the reason).
    public init?(shortestTextOf double: Double) {
        guard let value = try? ExactDecimal.exactly(shortestTextOf: double) else { return nil }
        self = value
    }

    /// Like `init?(shortestTextOf:)`, throwing a DecimalParseError that names the float when
    /// it is not finite or outside the range (1e308, 1e-200).
    public static func exactly(shortestTextOf double: Double) throws -> ExactDecimal {
        guard double.isFinite else { throw DecimalParseError(text: "\(double)".lowercased(), reason: "not a finite number") }
        // The text's bytes, read in place: its mantissa and its exponent (after an "e"), with
        // no String per part (issue 27: a Character search and substrings took 10,000
        // instructions a value where a Monte Carlo's result converts thousands of them).
        var text = double.description
        let (parsed, mantissaEnd, exponent): (Parsed, Int, Int?) = text.withUTF8 { bytes in
            let e = bytes.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? bytes.count
            return (parseBytes(UnsafeBufferPointer(rebasing: bytes[..<e])), e, e < bytes.count ? Self.exponent(bytes[(e + 1)...]) : 0)
        }
        guard let exponent else { throw DecimalParseError(text: text.lowercased()) }
        let mantissa: ExactDecimal
        switch parsed {
        case .value(let value): mantissa = value
        case .invalid: throw DecimalParseError(text: String(decoding: text.lowercased().utf8.prefix(mantissaEnd), as: UTF8.self))
        case .outOfRange(let reason):
            throw DecimalParseError(text: String(decoding: text.lowercased().utf8.prefix(mantissaEnd), as: UTF8.self), reason: reason)
        }
        if mantissa.isZero { return .zero }
        let scale = Int(mantissa.scale) - exponent
        if scale > maxScale { throw DecimalParseError(text: text, reason: tooManyPlaces) }
        if scale >= 0 { return ExactDecimal(units: mantissa.units, scale: scale, negative: mantissa.isNegative) }
        guard -scale <= 38, let units = align(mantissa.units, by: -scale) else {
            throw DecimalParseError(text: text, reason: tooManyDigits)
        }
        return ExactDecimal(units: units, scale: 0, negative: mantissa.isNegative)
    }

    /// An exponent's text ("+20", "-5", "7") as a number; nil when it is not one.
    private static func exponent(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var i = bytes.startIndex, negative = false
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < bytes.endIndex, bytes.endIndex - i <= 4 else { return nil }
        var value = 0
        while i < bytes.endIndex {
            guard bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
            i += 1
        }
        return negative ? -value : value
    }

    /// The exact value as plain text: no exponent, no trailing zeros ("165.00" → "165").
    public var plainText: String {
        if isOutOfRange { return "<\(rangeError!)>" }  // never a number; the store refuses it
        if units == 0 { return "0" }
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))  // 48 bytes
        return withUnsafeMutableBytes(of: &buffer) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = writeText(into: bytes, places: nil)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<count]), as: UTF8.self)
        }
    }

    /// Writes the text into `bytes` (at least 42 bytes): all digits, or exactly `places`
    /// decimals when given (the value must then have at most that many). Returns the length.
    func writeText(into bytes: UnsafeMutableBufferPointer<UInt8>, places: Int?) -> Int {
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)  // 40 digit bytes
        return withUnsafeMutableBytes(of: &digits) { raw in
            let digitBytes = raw.bindMemory(to: UInt8.self)
            var count = 0, value = units
            repeat {
                // 19 digits at a time: one 128-bit division per chunk.
                let (chunkValue, rest) = (value % 10_000_000_000_000_000_000, value / 10_000_000_000_000_000_000)
                var chunk = UInt64(truncatingIfNeeded: chunkValue)
                let full = rest != 0
                var n = 0
                while (full && n < 19) || (!full && (chunk != 0 || n == 0)) {
                    digitBytes[count] = UInt8(truncatingIfNeeded: chunk % 10) + 0x30
                    chunk /= 10; count += 1; n += 1
                }
                value = rest
            } while value != 0
            // digitBytes holds the digits least significant first; count of them.
            var scale = Int(scale)
            var skip = 0
            if places == nil { while skip < scale, digitBytes[skip] == 0x30 { skip += 1 } }
            let shown = scale - skip  // fractional digits printed from the value
            var out = 0
            if isNegative { bytes[out] = UInt8(ascii: "-"); out += 1 }
            if count <= scale {
                bytes[out] = 0x30; out += 1
            } else {
                for i in stride(from: count - 1, through: scale, by: -1) { bytes[out] = digitBytes[i]; out += 1 }
            }
            let zerosAfter = max(0, (places ?? shown) - shown)
            if shown > 0 || zerosAfter > 0 {
                bytes[out] = UInt8(ascii: "."); out += 1
                for i in stride(from: scale - 1, through: skip, by: -1) { bytes[out] = i < count ? digitBytes[i] : 0x30; out += 1 }
                for _ in 0..<zerosAfter { bytes[out] = 0x30; out += 1 }
            }
            scale = 0
            return out
        }
    }

    /// Text with exactly `places` decimals (0...38), for aligned display ("2300" → "2300.00").
    public func fixedText(places: Int) -> String {
        if isOutOfRange { return plainText }
        let places = min(max(places, 0), ExactDecimal.maxScale)
        let value = rounded(places: places)
        var buffer = [UInt8](repeating: 0, count: 44 + places)
        let count = buffer.withUnsafeMutableBufferPointer { value.writeText(into: $0, places: places) }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// The nearest binary float (lossy: for charts, Monte Carlo and plotting, never money).
    public var doubleValue: Double {
        if isOutOfRange { return .nan }  // only for charts and Monte Carlo, which check finiteness
        if units >> 53 == 0, scale <= 22 {
            let magnitude = Double(UInt64(truncatingIfNeeded: units)) / Pow10.double[Int(scale)]
            return isNegative ? -magnitude : magnitude
        }
        let magnitude = Self.nearestDouble(units: units, scale: Int(scale))
        return isNegative ? -magnitude : magnitude
    }

    /// The Double nearest to units ÷ 10^scale (ties to even), as parsing the decimal text
    /// gives it (a test compares them), in integer arithmetic: X = units × 2^e for the e that
    /// gives the quotient ⌊X ÷ 10^scale⌋ 64 or 65 bits, the quotient and whether anything
    /// was left (dividing by 10^19 at most at a time), then rounded to 53 bits (issue 27: the
    /// daily flows an XIRR converts, 38-digit values, went through their text).
    static func nearestDouble(units: UInt128, scale: Int) -> Double {
        if units == 0 { return 0 }
        let unitBits = 128 - units.leadingZeroBitCount, powerBits = 128 - Pow10.of(scale).leadingZeroBitCount
        let e = 64 + powerBits - unitBits  // −63...191: X below 2^192
        var value = e >= 0 ? Wide(units).shiftedLeft(e) : Wide(units >> UInt128(-e))
        var sticky = e < 0 && units & ((UInt128(1) << UInt128(-e)) - 1) != 0
        var left = scale
        while left > 0 {
            let step = min(left, 19)
            let (quotient, remainder) = value.divided(bySmall: UInt64(truncatingIfNeeded: Pow10.of(step)))
            if remainder != 0 { sticky = true }
            value = quotient
            left -= step
        }
        // value = ⌊units × 2^e ÷ 10^scale⌋ (units shifted right when e < 0), 2^63 ≤ value < 2^65.
        let quotient = value.low, bits = 128 - quotient.leadingZeroBitCount
        let shift = bits - 53
        var mantissa = UInt64(truncatingIfNeeded: quotient >> UInt128(shift))
        let rest = quotient & ((UInt128(1) << UInt128(shift)) - 1), half = UInt128(1) << UInt128(shift - 1)
        if rest > half || (rest == half && (sticky || mantissa & 1 == 1)) { mantissa += 1 }
        return Double(sign: .plus, exponent: shift - e, significand: Double(mantissa))
    }
}

extension Wide {
    /// self × 2^n for n in 0...255 (bits shifted past 2^256 are lost; callers keep below it).
    func shiftedLeft(_ n: Int) -> Wide {
        if n == 0 { return self }
        if n >= 128 { return Wide(high: low << UInt128(n - 128), low: 0) }
        return Wide(high: high << UInt128(n) | low >> UInt128(128 - n), low: low << UInt128(n))
    }
}

extension Pow10 {
    /// 10^0 ... 10^22, each exact as a Double. (Written out: the earlier table converted the
    /// low 64 bits of 10^n, wrong from 10^20 on.)
    static let double: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]
}
