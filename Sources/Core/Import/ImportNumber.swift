import Foundation

/// Numbers as people's files write them, cleaned into exact decimals (never a float).
///
/// Accepted: currency symbols (`$ € £ ¥ ₩ ₹`, `US$` …) and ISO codes before or after the
/// number (`USD 12`, `12 EUR`), thousands grouped by `,` or `.` (the mark not used as the
/// decimal one), spaces or `'`, negatives as `-12`, `12-` or `(12)`. Anything else is an
/// error that quotes the text: "Cannot parse '12abc' as a number."
///
/// One cell has no column to decide its style, so the caller states it: `decimalComma`
/// false reads `1,234` as 1234 and refuses `0,5` (it shows a decimal comma) rather than
/// reading 5; true reads `1.234,50` as 1234.5 and refuses `97.93`. A whole file's columns
/// are decided from all their cells by `NumberColumn`.
///
///     try ImportNumber.parse("$1,234.50")                     // 1234.5
///     try ImportNumber.parse("(1.234,50 €)", decimalComma: true) // -1234.5
///     try ImportNumber.parse("0,76672417")                     // throws: a decimal comma
public enum ImportNumber {
    public static func message(_ raw: String) -> String { "Cannot parse '\(raw)' as a number." }

    /// At most this many digits before the decimal point and after it, so that a file cannot
    /// bring in a value whose products (quantity × price) leave the decimal's range.
    public static let maxIntegerDigits = 15, maxFractionDigits = 18

    public static func rangeMessage(_ raw: String) -> String {
        "'\(raw)' is out of range: at most \(maxIntegerDigits) digits before the decimal point and \(maxFractionDigits) after."
    }

    /// "'97.93' has a decimal point, but this column's numbers are read with a decimal comma."
    public static func contradictionMessage(_ raw: String, shows: DecimalMark, expected: DecimalMark, because: String) -> String {
        "'\(raw)' has \(shows.phrase), but \(because) \(expected.phrase) (\(expected.flag)): it is refused, not read in the wrong style."
    }

    /// The exact value of `raw`; nil for an empty cell.
    public static func parse(_ raw: String, decimalComma: Bool = false) throws -> ExactDecimal? {
        try parse(raw, rule: .mark(decimalComma ? .comma : .point))
    }

    /// The exact value of `raw` read by `rule` (a lone cell: `.fromFile` reads it by its
    /// own form and refuses an ambiguous `1,234`).
    public static func parse(_ raw: String, rule: NumberRule) throws -> ExactDecimal? {
        guard let cell = try NumberCell.read(raw) else { return nil }
        return try value(of: cell, rule: rule, fileMark: nil).value
    }

    /// A cell's value by `rule`; `fileMark` decides an ambiguous cell under `.fromFile`.
    static func value(of cell: NumberCell, rule: NumberRule, fileMark: DecimalMark?, round: Bool = false,
                      because: String = "the numbers are read with") throws -> (value: ExactDecimal, rounded: Bool) {
        switch rule {
        case .fromFile:
            return try cell.value(mark: fileMark, round: round)
        case .perCell(let ambiguous):
            return try cell.value(mark: ambiguous, round: round)
        case .mark(let mark):
            if let shown = cell.form.shownMark, shown != mark {
                // Only a number in the other style contradicts; "1.2.3" is none at all.
                guard cell.split(shown) != nil else { throw RuleViolation(message(cell.raw)) }
                throw RuleViolation(contradictionMessage(cell.raw, shows: shown, expected: mark, because: because))
            }
            return try cell.value(mark: mark, round: round)
        }
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
}
