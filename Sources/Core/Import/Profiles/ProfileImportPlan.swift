import Foundation

/// The operations of a profiled file in the order they are written, with the rows already
/// in the store left out: pure, so what an import would do is known before anything is
/// written (and `--dry-run` shows exactly that).
///
/// Order: the file's rows oldest first (a file listed newest first, as DEGIRO's, is
/// reversed), then by date; within a day, cash arriving (deposits, proceeds, income) comes
/// before the day's trades and cash leaving after them, so a deposit and the buy it pays
/// for on one day are accepted whatever the file's order.
public struct ProfileImportPlan: Sendable {
    /// The part of an operation a step writes: a trade's units and its cash are two steps,
    /// so that each can take its place in the day.
    public enum Leg: Sendable { case main, cashIn, cashOut }

    /// One step: which operation of which row, which leg, its phase and day. It holds
    /// indices, not the operation (`operation(of:)` reads it from `rows`): 24 bytes a step,
    /// where a copy of the operation was 504.
    public struct Step: Sendable {
        /// The operation's date: the order's first key.
        public let date: CalendarDate
        private let rowIndex: Int32
        private let operationIndex: Int32
        public let leg: Leg
        private let phaseValue: Int8

        init(date: CalendarDate, row: Int, operation: Int, leg: Leg, phase: Int) {
            self.date = date
            rowIndex = Int32(row)
            operationIndex = Int32(operation)
            self.leg = leg
            phaseValue = Int8(phase)
        }

        /// Index of the row in `rows`.
        public var row: Int { Int(rowIndex) }
        /// Index of the operation in its row's `operations`.
        public var operationInRow: Int { Int(operationIndex) }
        /// 0: cash in; 1: units; 2: cash out.
        public var phase: Int { Int(phaseValue) }

        /// The order steps are written in: by date, then phase, then as made (row, then the
        /// operation in its row; the legs of one operation have different phases).
        static func inOrder(_ a: Step, _ b: Step) -> Bool {
            (a.date, a.phaseValue, a.rowIndex, a.operationIndex) < (b.date, b.phaseValue, b.rowIndex, b.operationIndex)
        }
    }

    /// The results, oldest first, each row without its cells (`ProfileRow.withoutCells`: its
    /// key is in `keys`), so that a file's cells are not held while it is written.
    public var rows: [ProfileRowResult]
    public var keys: [ImportKey]
    public var steps: [Step] = []
    public var duplicates = 0
    /// Rows the profile skipped, with its reasons.
    public var skipped: [(line: Int, reason: String)] = []

    /// `results` in file order (taken: their rows' cells go once the keys are made);
    /// `existing` the keys already in the store.
    public init(_ results: consuming [ProfileRowResult], existing: Set<ImportKey>, cash: Bool = true) {
        var rows = consume results
        let first = rows.first { !$0.operations.isEmpty }?.operations.first?.date
        let last = rows.last { !$0.operations.isEmpty }?.operations.last?.date
        if let first, let last, first > last { rows.reverse() }
        var seen: [String: Int] = [:]
        keys = rows.map { result in
            let key = result.row.key
            seen[key, default: 0] += 1
            return ImportKey(key: key, occurrence: seen[key]!)
        }
        for i in rows.indices { rows[i].row = rows[i].row.withoutCells }
        self.rows = rows
        steps.reserveCapacity(2 * self.rows.reduce(0) { $0 + $1.operations.count })  // at most two legs an operation
        for (i, result) in self.rows.enumerated() {
            if let reason = result.skipReason { skipped.append((result.row.line, reason)); continue }
            if existing.contains(keys[i]) { duplicates += 1; continue }
            for (j, op) in result.operations.enumerated() {
                for (leg, phase) in Self.legs(of: op, cash: cash) {
                    steps.append(Step(date: op.date, row: i, operation: j, leg: leg, phase: phase))
                }
            }
        }
        steps.sort(by: Step.inOrder)
    }

    /// The operation `step` writes (a leg of it).
    public func operation(of step: Step) -> ProfileOperation { rows[step.row].operations[step.operationInRow] }

    /// Lets row `row`'s operations go (its steps written): `operation(of:)` is not to be
    /// asked of its steps again.
    mutating func releaseOperations(ofRow row: Int) { rows[row].operations = [] }

    /// Lets the rows, keys and steps go (the duplicates and skipped rows stay).
    mutating func release() {
        rows = []
        keys = []
        steps = []
    }

    /// The steps of an operation and their phases. Without cash (`--no-cash`) trades move
    /// units only and deposits, withdrawals and conversions are left out; income, fees and
    /// taxes still need the account's cash.
    static func legs(of op: ProfileOperation, cash: Bool) -> [(Leg, Int)] {
        switch op.kind {
        case .buy: cash && op.settlesInCash ? [(.main, 1), (.cashOut, 2)] : [(.main, 1)]
        case .sell: cash && op.settlesInCash ? [(.main, 1), (.cashIn, 0)] : [(.main, 1)]
        case .conversion: cash ? [(.cashIn, 0), (.cashOut, 2)] : []
        case .deposit: cash ? [(.main, 0)] : []
        case .withdrawal: cash ? [(.main, 2)] : []
        case .dividend, .interest: [(.main, 0)]
        case .fee, .tax: [(.main, 2)]
        default: [(.main, 1)]
        }
    }

    /// The rows that will be written.
    public var newRowCount: Int {
        var written = [Bool](repeating: false, count: rows.count)
        for step in steps { written[step.row] = true }
        return written.count(where: { $0 })
    }
}
