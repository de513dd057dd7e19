import Foundation

/// The dates of one column, decided from all of its cells.
///
/// A date with a month name, an ISO date or `YYYYMMDD` means one day. Dates of three
/// numbers are read in the one order (year-month-day, day-month-year or month-day-year)
/// that fits every such date of the column (a day above 12 rules out month first; a
/// reading after today is no reading). When several orders fit, a date that reads the same
/// in each is fine, and one that does not ("03/04/2024") is an error naming both readings.
/// When no one order fits every date, the dates that do not fit the commonest order are
/// errors naming a line that does. With `--date-format`, the format decides instead.
public struct DateColumn: Sendable {
    public var format: ImportDate?
    public var order: DateOrder?
    public var refusedLines: [Int: String] = [:]

    /// Decides the column of `cells` (with their lines); `today` rules out readings after it.
    public init<S: Sequence>(_ cells: S, format: ImportDate?, today: CalendarDate?) where S.Element == (line: Int, text: String) {
        var evidence = Evidence(today: today)
        if format == nil { for (line, text) in cells { evidence.add(text, line: line) } }
        self.init(evidence: evidence, format: format)
    }

    /// What a column's cells show about their order: the dates of three numbers that fit
    /// some order (an ISO date or one with a month name needs nothing decided), noted cell
    /// by cell in the file's order, so that a file can be read without keeping its cells.
    public struct Evidence: Sendable {
        public let today: CalendarDate?
        var numeric: [(line: Int, cell: DateCell, orders: Int, text: String)] = []

        public init(today: CalendarDate?) { self.today = today }

        public mutating func add(_ text: String, line: Int) {
            if CalendarDate(text) != nil { return }  // ISO: the common case
            guard let cell = DateCell.read(text), case .numbers = cell else { return }
            let orders = cell.orders(today: today)
            if orders != 0 { numeric.append((line, cell, orders, text.trimmingCharacters(in: .whitespaces))) }
        }

        /// This column's evidence followed by `later`'s (the next part of the file).
        public mutating func append(_ later: Evidence) { numeric += later.numeric }
    }

    /// Decides the column from its cells' evidence (ignored when `format` is given).
    public init(evidence: Evidence, format: ImportDate?) {
        self.format = format
        guard format == nil else { return }
        let numeric = evidence.numeric
        guard !numeric.isEmpty else { return }
        let common = numeric.reduce(~0) { $0 & $1.orders }
        if common == 0 { refuseMixed(numeric); return }
        let fitting = DateOrder.allCases.filter { common & $0.bit != 0 }
        order = fitting[0]
        guard fitting.count > 1 else { return }
        for (line, cell, _, _) in numeric {
            guard case .numbers(let parts, let separator) = cell else { continue }
            let readings = fitting.compactMap { DateCell.date(parts, separator: separator, order: $0) }
            guard Set(readings).count > 1 else { continue }
            let patterns = fitting.map { $0.pattern(separator) }.joined(separator: " or ")
            refusedLines[line] = "it could be " + readings.map(\.description).joined(separator: " or ")
                + ", and no date in this column tells which: give --date-format \(patterns)."
        }
    }

    /// Dates that fit no order the others allow: each that does not fit the commonest order
    /// names a line that does.
    private mutating func refuseMixed(_ numeric: [(line: Int, cell: DateCell, orders: Int, text: String)]) {
        let best = DateOrder.allCases.max { a, b in
            numeric.filter { $0.orders & a.bit != 0 }.count < numeric.filter { $0.orders & b.bit != 0 }.count
        }!
        order = best
        guard let example = numeric.first(where: { $0.orders & best.bit != 0 }) else { return }
        for entry in numeric where entry.orders & best.bit == 0 {
            refusedLines[entry.line] = "this column mixes date orders: this date cannot be read in the order of line "
                + "\(example.line) ('\(example.text)') and most others (\(best.pattern(separator(of: example.cell)))); give --date-format."
        }
    }

    private func separator(of cell: DateCell) -> Character {
        if case .numbers(_, let separator) = cell { return separator }
        return "/"
    }

    /// The day a cell of this column at `line` names; nil for an empty cell.
    public func read(_ raw: String, line: Int) throws -> CalendarDate? {
        if let date = CalendarDate(raw) { return date }
        if raw.utf8.allSatisfy(ImportText.isBlank) { return nil }
        if let message = refusedLines[line] { throw RuleViolation("'\(raw.trimmingCharacters(in: .whitespaces))': \(message)") }
        if let format {
            if let date = format.date(String(DateCell.dateText(raw))) ?? ImportDate.iso(raw) { return date }
            throw RuleViolation(ImportDate.message(raw, format: format))
        }
        switch DateCell.read(raw) {
        case .exact(let date)?: return date
        case .numbers(let parts, let separator)?:
            if let order, let date = DateCell.date(parts, separator: separator, order: order) { return date }
        case nil: break
        }
        throw RuleViolation(ImportDate.unreadableMessage(raw))
    }
}
