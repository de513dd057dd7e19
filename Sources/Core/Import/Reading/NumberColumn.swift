import Foundation

/// The style of one column of numbers, decided from all of its cells, and the cells that
/// cannot be read in it.
///
/// Each cell shows a decimal point, a decimal comma, neither (`12`), or could be either
/// (`1,234`: see `NumberCell`). A column whose cells show one style is read in it, and its
/// ambiguous cells with it; a column that shows both is an error on the lines of the
/// rarer style, naming lines of the other. A column that shows neither takes the style
/// the file's other number columns agree on; when they do not agree either, its ambiguous
/// cells are errors. A caller that knows the style (`NumberRule.mark`) or that the broker
/// mixes styles (`NumberRule.perCell`) overrides the decision.
///
///     Quantity      Price
///     0,76672417    150,00     → both columns decimal comma: 0.76672417 and 150
///     1,234         12.50      → Quantity alone cannot tell: an error (the file disagrees)
public struct NumberColumn: Sendable {
    /// What the column's own cells show.
    public struct Evidence: Sendable {
        public var pointLines: [Int] = []
        public var commaLines: [Int] = []
        public var firstPoint: String?
        public var firstComma: String?

        /// The style the cells show, when they show exactly one.
        public var mark: DecimalMark? {
            if pointLines.isEmpty == commaLines.isEmpty { return nil }
            return pointLines.isEmpty ? .comma : .point
        }
        public var isMixed: Bool { !pointLines.isEmpty && !commaLines.isEmpty }

        /// Notes what the cell `text` at `line` shows (cells come in the file's order).
        public mutating func add(_ text: String, line: Int) {
            if let form = NumberCell.quickForm(text) {  // the common case, no copies
                if case .marked(.point) = form {
                    pointLines.append(line)
                    if firstPoint == nil { firstPoint = text }
                }
                return
            }
            guard let cell = try? NumberCell.read(text) else { return }
            note(cell, line: line)
        }

        /// The evidence of this column's cells followed by `later`'s (the next part of the file).
        public mutating func append(_ later: Evidence) {
            pointLines += later.pointLines
            commaLines += later.commaLines
            if firstPoint == nil { firstPoint = later.firstPoint }
            if firstComma == nil { firstComma = later.firstComma }
        }

        mutating func note(_ cell: NumberCell, line: Int) {
            switch cell.form.shownMark {
            case .point?: pointLines.append(line); if firstPoint == nil { firstPoint = cell.raw }
            case .comma?: commaLines.append(line); if firstComma == nil { firstComma = cell.raw }
            case nil: break
            }
        }
    }

    public var rule: NumberRule
    /// The mark ambiguous cells are read with, when known.
    public var mark: DecimalMark?
    /// The lines of a mixed column that are refused, with the message.
    public var refusedLines: [Int: String] = [:]

    /// What the cells (with their lines) show.
    public static func evidence<S: Sequence>(_ cells: S) -> Evidence where S.Element == (line: Int, text: String) {
        var evidence = Evidence()
        for (line, text) in cells { evidence.add(text, line: line) }
        return evidence
    }

    /// The mark the file's columns agree on: the one every column that shows a style shows.
    public static func fileMark(_ columns: [Evidence]) -> DecimalMark? {
        let marks = columns.compactMap { $0.isMixed ? nil : $0.mark }
        guard let first = marks.first, !columns.contains(where: \.isMixed), marks.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// The column read by `rule`, from its `evidence` and the file's agreed mark.
    public init(evidence: Evidence, rule: NumberRule, fileMark: DecimalMark?) {
        self.rule = rule
        guard case .fromFile = rule else { return }
        mark = evidence.mark ?? (evidence.isMixed ? nil : fileMark)
        guard evidence.isMixed else { return }
        // The rarer style's lines are the errors; each names lines of the other style.
        let pointsRarer = evidence.pointLines.count <= evidence.commaLines.count
        let (wrong, other, example, shown) = pointsRarer
            ? (evidence.pointLines, evidence.commaLines, evidence.firstComma ?? "", DecimalMark.comma)
            : (evidence.commaLines, evidence.pointLines, evidence.firstPoint ?? "", DecimalMark.point)
        let message = "this column mixes decimal styles: this number has \(shown.other.phrase), while "
            + "\(Self.lines(other)) \(other.count == 1 ? "has" : "have") \(shown.phrase) ('\(example)'). "
            + "Which one is meant cannot be known: write the column in one style."
        for line in wrong { refusedLines[line] = message }
    }

    /// "line 3", "lines 2, 4 and 7", "lines 2, 3, 4, 5, 6 and 12 more".
    static func lines(_ lines: [Int]) -> String {
        if lines.count == 1 { return "line \(lines[0])" }
        let shown = lines.prefix(5).map(String.init)
        if lines.count > 5 { return "lines \(shown.joined(separator: ", ")) and \(lines.count - 5) more" }
        return "lines \(shown.dropLast().joined(separator: ", ")) and \(shown.last!)"
    }

    /// A cell read: its value, the currency written with it, whether its digits past the
    /// 18th place were rounded, and whether `raw` is already the value's plain text (the
    /// store may then keep the text as is).
    public struct Reading: Sendable {
        public var value: ExactDecimal
        public var currency: CurrencyMention?
        public var rounded = false
        public var plain = false
    }

    /// The reading of a cell of this column at `line`; nil for an empty cell. A price is
    /// rounded half-even past the 18th place (`round`); other numbers are then refused.
    public func read(_ raw: String, line: Int, round: Bool = false) throws -> Reading? {
        if refusedLines.isEmpty, let form = NumberCell.quickForm(raw), readsPlainly(form), let value = ExactDecimal.parseOrNil(raw), (try? ImportNumber.checkRange(digitsOf: raw, raw: raw)) != nil {
            return Reading(value: value, plain: true)  // the common case: no copies
        }
        guard let cell = try NumberCell.read(raw) else { return nil }
        if !refusedLines.isEmpty, let message = refusedLines[line] {
            throw RuleViolation("'\(raw)': \(message)")
        }
        let (value, rounded) = try ImportNumber.value(of: cell, rule: rule, fileMark: mark, round: round,
                                                     because: "this import reads numbers with")
        return Reading(value: value, currency: cell.currency, rounded: rounded)
    }

    /// True when a plain decimal of this form means what it says in this column.
    func readsPlainly(_ form: NumberCell.Form) -> Bool {
        switch form {
        case .whole: true
        case .marked: rule != .mark(.comma)
        case .ambiguous: readsPointAsDecimal
        }
    }

    /// True when a plain `12.500` means twelve and a half in this column.
    var readsPointAsDecimal: Bool {
        switch rule {
        case .fromFile: mark == .point
        case .mark(let m): m == .point
        case .perCell(let m): m == .point
        }
    }
}
