import Foundation

/// One number cell taken apart before the style of its column is known: the sign, a
/// currency written with it, and its digits and separators.
///
/// The form of the separators says what the cell can mean on its own: a separator followed
/// by other than exactly three digits is a decimal mark (`0,76672417`, `1,5`, `97.93`); a
/// separator that occurs twice, or before the other one, groups thousands (`1,234,567`,
/// `1.234,50`); a single separator followed by exactly three digits (`1,234`) is ambiguous,
/// unless the digits before it cannot be a group of thousands (`0,123`, `1234,567`) or
/// spaces already group them (`1 234,567`). Its column decides the ambiguous ones.
public struct NumberCell: Sendable, Equatable {
    public enum Form: Sendable, Equatable {
        /// Digits only, maybe grouped by spaces or apostrophes: any style reads it alike.
        case whole
        /// The cell shows its style: `mark` is its decimal mark.
        case marked(DecimalMark)
        /// One separator followed by exactly three digits: a decimal mark or thousands.
        case ambiguous(DecimalMark)
    }

    public var raw: String
    public var negative = false
    public var currency: CurrencyMention?
    /// Digits, `,`, `.` and spaces (for every kind of grouping space and apostrophe).
    var body: [UInt8] = []
    public var form: Form = .whole

    public static func parseMessage(_ raw: String) -> String { ImportNumber.message(raw) }

    /// The cell taken apart; nil for an empty cell; an error when it is not a number.
    public static func read(_ raw: String) throws -> NumberCell? {
        if raw.utf8.allSatisfy(ImportText.isBlank) { return nil }
        if let quick = quick(raw) { return quick }
        var cell = NumberCell(raw: raw)
        var text = Substring(raw.trimmingCharacters(in: .whitespaces))
        if text.isEmpty { return nil }
        if text.count >= 2, text.hasPrefix("("), text.hasSuffix(")") {
            cell.negative = true
            text = text.dropFirst().dropLast()
        }
        var signed = cell.negative
        try cell.stripSurroundings(&text, signed: &signed)
        try cell.takeBody(text)
        return cell
    }

    /// A plain ASCII decimal (`-12.5`, `1234`, `0.500`) taken apart without Foundation.
    static func quick(_ raw: String) -> NumberCell? {
        guard let form = quickForm(raw) else { return nil }
        var cell = NumberCell(raw: raw)
        cell.negative = raw.utf8.first == UInt8(ascii: "-")
        cell.body = Array(raw.utf8.dropFirst(cell.negative ? 1 : 0))
        cell.form = form
        return cell
    }

    /// The form of a plain ASCII decimal, without copying it; nil for any other text.
    static func quickForm(_ raw: String) -> Form? {
        var digitsBefore = 0, digitsAfter = 0, point = false, leadingZero = false, first = true
        for b in raw.utf8 {
            defer { first = false }
            switch b {
            case UInt8(ascii: "-") where first: continue
            case UInt8(ascii: "."):
                if point { return nil }
                point = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if point { digitsAfter += 1 } else {
                    if digitsBefore == 0 { leadingZero = b == UInt8(ascii: "0") }
                    digitsBefore += 1
                }
            default: return nil
            }
        }
        guard digitsBefore + digitsAfter > 0 else { return nil }
        if !point { return .whole }
        if digitsAfter == 3, (1...3).contains(digitsBefore), !leadingZero { return .ambiguous(.point) }
        return .marked(.point)
    }

    /// Takes signs and currencies off both ends, in any order: `-$5`, `$-5`, `5 EUR-`.
    private mutating func stripSurroundings(_ text: inout Substring, signed: inout Bool) throws {
        while true {
            let before = text
            text = text.drop { $0.isWhitespace }
            while text.last?.isWhitespace == true { text = text.dropLast() }
            if let first = text.first, first == "-" || first == "+" || first == "\u{2212}" {
                if signed { throw RuleViolation(ImportNumber.message(raw)) }
                signed = true
                negative = first != "+"
                text = text.dropFirst()
            } else if text.last == "-" || text.last == "\u{2212}" {
                if signed { throw RuleViolation(ImportNumber.message(raw)) }
                signed = true
                negative = true
                text = text.dropLast()
            }
            let prefix = text.prefix { !Self.isNumberCharacter($0) && $0 != "-" && $0 != "+" }
            if !prefix.isEmpty {
                try note(String(prefix))
                text = text.dropFirst(prefix.count)
            }
            let suffix = String(text.reversed().prefix { !Self.isNumberCharacter($0) && $0 != "-" && $0 != "+" }.reversed())
            if !suffix.isEmpty {
                try note(suffix)
                text = text.dropLast(suffix.count)
            }
            if text == before { return }
        }
    }

    /// Records the currency `text` names; an error when it names none, or another than before.
    private mutating func note(_ text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return }
        guard let mention = CurrencyMention.parse(trimmed) else { throw RuleViolation(ImportNumber.message(raw)) }
        if let known = currency {
            guard let both = known.agreeing(with: mention), known.pence == mention.pence else {
                throw RuleViolation("'\(raw)' names two currencies (\(known.text) and \(mention.text)).")
            }
            currency = both
        } else {
            currency = mention
        }
    }

    static let groupingSpaces: Set<Character> = [" ", "'", "\u{2019}", "\u{00A0}", "\u{202F}", "\u{2009}"]

    static func isNumberCharacter(_ c: Character) -> Bool {
        c.isASCII && c.isNumber || c == "," || c == "." || groupingSpaces.contains(c)
    }

    /// Reads the digits and separators and works out the cell's form.
    private mutating func takeBody(_ text: Substring) throws {
        body = []
        for c in text {
            if Self.groupingSpaces.contains(c) { body.append(0x20) } else if let ascii = c.asciiValue, Self.isNumberCharacter(c) {
                body.append(ascii)
            } else {
                throw RuleViolation(ImportNumber.message(raw))
            }
        }
        guard body.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { throw RuleViolation(ImportNumber.message(raw)) }
        form = Self.form(of: body)
    }

    static func form(of body: [UInt8]) -> Form {
        let comma = UInt8(ascii: ","), point = UInt8(ascii: ".")
        let commas = body.filter { $0 == comma }.count, points = body.filter { $0 == point }.count
        if commas == 0 && points == 0 { return .whole }
        if commas > 0 && points > 0 {  // the last one is the decimal mark
            return body.last { $0 == comma || $0 == point } == comma ? .marked(.comma) : .marked(.point)
        }
        let separator: DecimalMark = commas > 0 ? .comma : .point
        if commas + points > 1 { return .marked(separator.other) }  // "1,234,567": groups thousands
        let at = body.firstIndex(of: separator.character)!
        let before = body[..<at], after = body[(at + 1)...]
        if after.count != 3 || after.contains(0x20) { return .marked(separator) }
        if before.isEmpty || before.first == UInt8(ascii: "0") || before.count > 3 || before.contains(0x20) { return .marked(separator) }
        return .ambiguous(separator)
    }

    /// The cell's value read with decimal mark `mark` (the column's), or by its own form when
    /// it shows one. Digits after the 18th decimal place are rounded half-even when `round`
    /// (a price), else refused as out of range; `rounded` tells which happened.
    public func value(mark: DecimalMark?, round: Bool = false) throws -> (value: ExactDecimal, rounded: Bool) {
        let decimal: DecimalMark
        switch form {
        case .marked(let own): decimal = own
        case .ambiguous: guard let mark else { throw RuleViolation(ambiguityMessage) }; decimal = mark
        case .whole: decimal = mark ?? .point
        }
        guard var (integer, fraction) = split(decimal) else { throw RuleViolation(ImportNumber.message(raw)) }
        while integer.count > 1, integer.first == "0" { integer.removeFirst() }
        while fraction.last == "0" { fraction.removeLast() }
        if integer.count > ImportNumber.maxIntegerDigits { throw RuleViolation(ImportNumber.rangeMessage(raw), rule: .outOfRange) }
        var rounded = false
        if fraction.count > ImportNumber.maxFractionDigits {
            guard round else { throw RuleViolation(ImportNumber.rangeMessage(raw), rule: .outOfRange) }
            rounded = true
        }
        if fraction.count > 36 {  // keep what decides the rounding: a nonzero digit beyond
            let rest = fraction.dropFirst(35)
            fraction = String(fraction.prefix(35)) + (rest.contains { $0 != "0" } ? "1" : "0")
        }
        let text = (negative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
        guard var value = ExactDecimal.parseOrNil(text) else { throw RuleViolation(ImportNumber.message(raw)) }
        if rounded { value = value.rounded(places: ImportNumber.maxFractionDigits, mode: .bankers) }
        return (value, rounded)
    }

    /// Whole and fraction digits with `decimal` as the mark; nil when the groups are wrong
    /// (thousands come in threes after the first group of one to three digits).
    func split(_ decimal: DecimalMark) -> (String, String)? {
        let parts = body.split(separator: decimal.character, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let fraction = parts.count == 2 ? parts[1] : []
        guard fraction.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let groups = parts[0].split(omittingEmptySubsequences: false) { $0 == 0x20 || $0 == decimal.other.character }
        if groups.count > 1 {
            guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        let digits = groups.joined()
        guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), !(digits.isEmpty && fraction.isEmpty) else { return nil }
        let integer = digits.isEmpty ? "0" : String(decoding: Array(digits), as: UTF8.self)
        return (integer, String(decoding: fraction, as: UTF8.self))
    }

    /// "'1,234' could be 1234 or 1.234 …"
    var ambiguityMessage: String {
        let asThousands = (try? value(mark: form.ambiguousMark?.other))?.value.plainText ?? "?"
        let asDecimal = (try? value(mark: form.ambiguousMark))?.value.plainText ?? "?"
        return "'\(raw)' could be \(asThousands) or \(asDecimal), and no other number in its column or file tells which: give --decimal-point or --decimal-comma."
    }
}

extension NumberCell.Form {
    /// The separator an ambiguous cell holds.
    var ambiguousMark: DecimalMark? { if case .ambiguous(let mark) = self { mark } else { nil } }
    /// The style a cell shows on its own.
    var shownMark: DecimalMark? { if case .marked(let mark) = self { mark } else { nil } }
}
