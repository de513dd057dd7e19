import Foundation
import Testing
@testable import Core

/// The plan's steps hold indices and are sorted in place by (date, phase, row, operation in
/// the row): the same order as sorting copies of the operations by (date, phase, the order
/// they were made in), which is what the plan did before.
@Suite("Profile import plan: the order of its steps")
struct ProfileImportPlanTests {
    /// A step as the reference makes it: the operation itself, copied.
    struct ReferenceStep {
        var row: Int, operation: ProfileOperation, leg: ProfileImportPlan.Leg, phase: Int
    }

    /// The plan's order the straightforward way: every leg of every operation of every row
    /// written (rows oldest first), copied, then sorted by (date, phase, offset).
    static func referenceSteps(_ results: [ProfileRowResult], existing: Set<ImportKey>, cash: Bool) -> [ReferenceStep] {
        var rows = results
        let dates = rows.flatMap { $0.operations.map(\.date) }
        if let first = dates.first, let last = dates.last, first > last { rows.reverse() }
        var seen: [String: Int] = [:]
        var steps: [ReferenceStep] = []
        for (i, result) in rows.enumerated() {
            let key = result.row.key
            seen[key, default: 0] += 1
            if result.skipReason != nil || existing.contains(ImportKey(key: key, occurrence: seen[key]!)) { continue }
            for op in result.operations {
                for (leg, phase) in ProfileImportPlan.legs(of: op, cash: cash) { steps.append(ReferenceStep(row: i, operation: op, leg: leg, phase: phase)) }
            }
        }
        return steps.enumerated().sorted { a, b in
            (a.element.operation.date, a.element.phase, a.offset) < (b.element.operation.date, b.element.phase, b.offset)
        }.map(\.element)
    }

    /// A random file: `count` rows over a few days (many on the same day), of every kind, some
    /// of two operations, some skipped, some repeated; oldest first or newest first.
    static func file(_ count: Int, newestFirst: Bool, random: inout SplitMix64) -> [ProfileRowResult] {
        let start = CalendarDate("2024-03-01")!
        let kinds = ProfileOperation.Kind.allCases
        var rows: [ProfileRowResult] = []
        var day = 0
        for line in 0..<count {
            day += Int.random(in: 0...9, using: &random) < 7 ? 0 : Int.random(in: 1...3, using: &random)
            let date = CalendarDate(dayNumber: start.dayNumber + day)
            func operation() -> ProfileOperation {
                var op = ProfileOperation(kind: kinds.randomElement(using: &random)!, date: date, cashCurrency: "EUR")
                op.asset = ["ACME", "Globex", nil].randomElement(using: &random)!
                op.quantity = ExactDecimal(Int.random(in: 1...50, using: &random))
                op.amount = ExactDecimal(Int.random(in: 1...500, using: &random))
                op.settlesInCash = Int.random(in: 0...9, using: &random) > 0
                op.note = "line \(line)"
                return op
            }
            let repeated = line > 0 && Int.random(in: 0...19, using: &random) == 0
            let fields = repeated ? rows[rows.count - 1].row.fields : ["\(line)", "\(date)"]
            let skipped = Int.random(in: 0...19, using: &random) == 0
            let count = Int.random(in: 0...9, using: &random) < 8 ? 1 : 2
            let operations = skipped ? [] : (0..<count).map { _ in operation() }
            rows.append(ProfileRowResult(row: ProfileRow(line: line + 2, fields: fields), operations: operations,
                                         skipReason: skipped ? "not a trade" : nil))
        }
        if newestFirst {
            rows.reverse()
            // Rows of one day stay in file order within it, as a broker lists them.
            for i in rows.indices { rows[i].row.line = i + 2 }
        }
        return rows
    }

    static func check(_ results: [ProfileRowResult], existing: Set<ImportKey>, cash: Bool) {
        let plan = ProfileImportPlan(results, existing: existing, cash: cash)
        let reference = referenceSteps(results, existing: existing, cash: cash)
        #expect(plan.steps.count == reference.count)
        for (step, expected) in zip(plan.steps, reference) {
            #expect(step.row == expected.row && step.leg == expected.leg && step.phase == expected.phase && step.date == expected.operation.date)
            #expect(plan.operation(of: step) == expected.operation)
        }
        #expect(plan.newRowCount == Set(reference.map(\.row)).count)
    }

    @Test("random files of mixed kinds, oldest or newest first, with and without cash, some rows already imported")
    func randomFiles() {
        var random = SplitMix64(seed: 27)
        for round in 0..<40 {
            let results = Self.file(Int.random(in: 1...300, using: &random), newestFirst: round % 2 == 1, random: &random)
            var existing = Set<ImportKey>()
            if round % 3 == 0, let some = results.randomElement(using: &random) { existing.insert(ImportKey(key: some.row.key, occurrence: 1)) }
            Self.check(results, existing: existing, cash: round % 4 != 3)
        }
    }

    @Test("a day's deposit, buy, sell and conversion: cash in first, units, then cash out, each in file order")
    func sameDay() {
        let day = CalendarDate("2024-05-02")!
        func op(_ kind: ProfileOperation.Kind) -> ProfileOperation {
            var op = ProfileOperation(kind: kind, date: day, cashCurrency: "EUR")
            op.asset = kind == .deposit || kind == .conversion ? nil : "ACME"
            op.quantity = 2
            op.amount = 100
            return op
        }
        let kinds: [ProfileOperation.Kind] = [.buy, .sell, .conversion, .deposit, .buy, .withdrawal, .dividend, .fee]
        let results = kinds.enumerated().map { i, kind in ProfileRowResult(row: ProfileRow(line: i + 2, fields: ["\(i)"]), operations: [op(kind)]) }
        let plan = ProfileImportPlan(results, existing: [], cash: true)
        let order = plan.steps.map { "\(plan.operation(of: $0).kind.rawValue)/\($0.leg)" }
        #expect(order == ["sell/cashIn", "conversion/cashIn", "deposit/main", "dividend/main",
                          "buy/main", "sell/main", "buy/main",
                          "buy/cashOut", "conversion/cashOut", "buy/cashOut", "withdrawal/main", "fee/main"])
        Self.check(results, existing: [], cash: true)
        Self.check(results.reversed(), existing: [], cash: true)
    }

    @Test("a step is 24 bytes; an operation of the usual kinds keeps its rare fields apart")
    func sizes() throws {
        #expect(MemoryLayout<ProfileImportPlan.Step>.stride == 24)
        #expect(MemoryLayout<ProfileOperation>.stride <= 280)
        var a = ProfileOperation(kind: .conversion, date: CalendarDate("2024-01-01")!, cashCurrency: "EUR")
        var b = a
        a.toCurrency = "USD"
        #expect(a != b && b.toCurrency == nil)  // a copy is not changed with it
        b.toCurrency = "USD"
        #expect(a == b)
        a.toCurrency = nil
        #expect(a == ProfileOperation(kind: .conversion, date: CalendarDate("2024-01-01")!, cashCurrency: "EUR"))
        a.ratio = try SplitRatio(new: 2, old: 1)
        a.toAmount = 12
        #expect(try a.ratio == SplitRatio(new: 2, old: 1) && a.toAmount == 12 && a.toQuantity == nil)
    }

    @Test("the legs of one operation have different phases (so row and operation order them)")
    func legsHaveDifferentPhases() {
        for kind in ProfileOperation.Kind.allCases {
            for settles in [true, false] {
                for cash in [true, false] {
                    var op = ProfileOperation(kind: kind, date: CalendarDate("2024-01-01")!, cashCurrency: "EUR")
                    op.settlesInCash = settles
                    let phases = ProfileImportPlan.legs(of: op, cash: cash).map(\.1)
                    #expect(Set(phases).count == phases.count, "\(kind)")
                }
            }
        }
    }
}
