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

    public struct Step: Sendable {
        /// Index of the row in `rows`.
        public var row: Int
        public var operation: ProfileOperation
        public var leg: Leg
        /// 0: cash in; 1: units; 2: cash out.
        public var phase: Int
    }

    public var rows: [ProfileRowResult]
    public var keys: [ImportKey]
    public var steps: [Step] = []
    public var duplicates = 0
    /// Rows the profile skipped, with its reasons.
    public var skipped: [(line: Int, reason: String)] = []

    /// `results` in file order; `existing` the keys already in the store.
    public init(_ results: [ProfileRowResult], existing: Set<ImportKey>, cash: Bool = true) {
        var rows = results
        let dates = rows.flatMap { $0.operations.map(\.date) }
        if let first = dates.first, let last = dates.last, first > last { rows.reverse() }
        self.rows = rows
        var seen: [String: Int] = [:]
        keys = rows.map { result in
            let key = result.row.key
            seen[key, default: 0] += 1
            return ImportKey(key: key, occurrence: seen[key]!)
        }
        for (i, result) in rows.enumerated() {
            if let reason = result.skipReason { skipped.append((result.row.line, reason)); continue }
            if existing.contains(keys[i]) { duplicates += 1; continue }
            for op in result.operations {
                for (leg, phase) in Self.legs(of: op, cash: cash) { steps.append(Step(row: i, operation: op, leg: leg, phase: phase)) }
            }
        }
        steps = steps.enumerated().sorted { a, b in
            (a.element.operation.date, a.element.phase, a.offset) < (b.element.operation.date, b.element.phase, b.offset)
        }.map(\.element)
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
    public var newRowCount: Int { Set(steps.map(\.row)).count }
}
