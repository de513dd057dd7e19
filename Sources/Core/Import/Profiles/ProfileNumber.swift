import Foundation

/// How a profile's broker writes numbers: the thin entry point profiles use into the import
/// number reader (`ImportNumber`, owned by the reading of numbers), plus the one rule a
/// profile may know for a broker that mixes styles in one column (DEGIRO): `auto` reads a
/// cell by its own marks.
public enum ProfileNumberStyle: String, Sendable {
    /// 1,234.50
    case point
    /// 1.234,50
    case comma
    /// Each cell by its marks: with both, the last is the decimal mark; with one kind only,
    /// a mark followed by exactly three digits (and only one such mark group style) is a
    /// thousands separator only when it repeats or the profile says so; a single `,` or `.`
    /// followed by other than three digits is the decimal mark; "1,234" or "1.234" alone
    /// is ambiguous and refused with its line.
    case auto
    /// The last `,` or `.` is the decimal mark, any other marks (and spaces) separate
    /// thousands: for brokers known never to write "1,234" for 1234 in that place (DEGIRO's
    /// descriptions: "Koop 5 @ 33,9 USD", "Buy 5 X@21.31 USD", "Vente 1 046,3825 @ …").
    case lastMark = "last_mark"

    public func parse(_ raw: String) throws -> ExactDecimal? {
        if let plain = plainValue(raw) { return plain }
        return try generalValue(raw)
    }

    /// `raw` read by the general number reader in this style.
    func generalValue(_ raw: String) throws -> ExactDecimal? {
        switch self {
        case .point: return try ImportNumber.parse(raw, decimalComma: false)
        case .comma: return try ImportNumber.parse(raw, decimalComma: true)
        case .auto: return try ImportNumber.parse(raw, decimalComma: try Self.usesDecimalComma(raw))
        case .lastMark:
            let comma = raw.lastIndex(of: ","), point = raw.lastIndex(of: ".")
            let decimalComma = comma != nil && (point == nil || comma! > point!)
            var text = raw
            if decimalComma { text.removeAll { $0 == "." } } else if let point { text = String(raw[..<point]).replacingOccurrences(of: ",", with: "") + raw[point...] }
            return try ImportNumber.parse(text, decimalComma: decimalComma)
        }
    }

    static func usesDecimalComma(_ raw: String) throws -> Bool {
        let comma = raw.lastIndex(of: ","), point = raw.lastIndex(of: ".")
        switch (comma, point) {
        case (nil, nil): return false
        case let (c?, p?): return c > p
        case let (c?, nil): return try single(raw, at: c, mark: ",")
        case let (nil, p?): return try !single(raw, at: p, mark: ".")
        }
    }

    /// Whether a cell with only `mark` uses it as the decimal mark.
    private static func single(_ raw: String, at index: String.Index, mark: Character) throws -> Bool {
        let count = raw.filter { $0 == mark }.count
        if count > 1 { return false }  // 1,234,567: thousands
        let after = raw[raw.index(after: index)...].prefix { $0.isNumber }.count
        if after != 3 { return true }
        throw RuleViolation("'\(raw)' could be \(mark == "," ? "1234 or 1.234" : "1234 or 1,234"): the file writes numbers both ways; the profile cannot tell which.")
    }

    /// The value of a cell written as plain digits with at most a decimal point (`-12.50`),
    /// read without the general reader (a profile reads several numbers a row), when this
    /// style reads it as exactly that: the general reader's result, the same decimal (leading
    /// zeros and trailing fraction zeros dropped), or nil to let it decide (anything else,
    /// out of range, zero, or a point this style could read otherwise).
    func plainValue(_ raw: String) -> ExactDecimal? {
        raw.utf8.withContiguousStorageIfAvailable { bytes -> ExactDecimal? in
            var i = 0
            let negative = bytes.first == UInt8(ascii: "-")
            if negative { i = 1 }
            var intStart = i
            while i < bytes.count, bytes[i] == UInt8(ascii: "0") { i += 1 }
            if i > intStart, i == bytes.count || bytes[i] == UInt8(ascii: ".") { i -= 1 }  // keep one zero before the point
            intStart = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            let intEnd = i
            guard intEnd > intStart, intEnd - intStart <= ImportNumber.maxIntegerDigits else { return nil }
            var fracEnd = i
            if i < bytes.count {
                guard bytes[i] == UInt8(ascii: "."), self != .comma else { return nil }
                i += 1
                let fracStart = i
                while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
                guard i == bytes.count, i > fracStart, self != .auto || i - fracStart != 3 else { return nil }
                fracEnd = i
                while fracEnd > fracStart, bytes[fracEnd - 1] == UInt8(ascii: "0") { fracEnd -= 1 }
                if fracEnd == fracStart { fracEnd = intEnd }  // "12.00": the point goes too
                guard fracEnd - fracStart <= ImportNumber.maxFractionDigits else { return nil }
            }
            guard !(intEnd - intStart == 1 && bytes[intStart] == UInt8(ascii: "0") && fracEnd == intEnd) else { return nil }  // zero
            // The digits in place (no text made): the sign is applied after, as parsing "-" + digits would.
            guard let value = ExactDecimal.parse(bytes: UnsafeBufferPointer(rebasing: bytes[intStart..<fracEnd])) else { return nil }
            return negative ? -value : value
        } ?? nil
    }
}
