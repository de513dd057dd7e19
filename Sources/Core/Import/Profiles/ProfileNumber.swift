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
}
