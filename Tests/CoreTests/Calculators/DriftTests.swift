import Foundation
import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

@Suite struct DriftTests {
    @Test func seedsExample4AgainstTargets() throws {
        let report = try Drift.compare(values: [("stock", 5000), ("crypto", 1500), ("bond", 2000), ("cash", 1500)],
                                       targets: ["stock": 60, "bond": 20, "cash": 20])
        let byKey = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.key, $0) })
        #expect(byKey["stock"]?.difference == -10)
        #expect(byKey["stock"]?.status == .red)
        #expect(byKey["bond"]?.difference == 0)
        #expect(byKey["bond"]?.status == .green)
        #expect(byKey["cash"]?.difference == -5)
        #expect(byKey["cash"]?.status == .yellow)
        #expect(byKey["crypto"]?.target == 0)
        #expect(byKey["crypto"]?.difference == 15)
        #expect(byKey["crypto"]?.status == .red)
        #expect(report.targetsSum == 100)
        #expect(report.targetsWarning == nil)
        #expect(report.rows.map(\.key) == ["stock", "bond", "cash", "crypto"])
    }

    @Test func statusBands() {
        #expect(Drift.status(for: 0) == .green)
        #expect(Drift.status(for: 2) == .green)
        #expect(Drift.status(for: -2) == .green)
        #expect(Drift.status(for: dec("2.01")) == .yellow)
        #expect(Drift.status(for: -5) == .yellow)
        #expect(Drift.status(for: 5) == .yellow)
        #expect(Drift.status(for: dec("5.01")) == .red)
        #expect(Drift.status(for: dec("-5.01")) == .red)
    }

    @Test func targetOnlyKeysAppearWithZeroActualAlphabetically() throws {
        let report = try Drift.compare(values: [("stock", 100)], targets: ["stock": 50, "cash": 20, "bond": 30])
        #expect(report.rows.map(\.key) == ["stock", "bond", "cash"])
        #expect(report.rows[1].actual == 0)
        #expect(report.rows[1].difference == -30)
        #expect(report.rows[0].difference == 50)
    }

    @Test func targetsNotSummingTo100Warn() throws {
        let report = try Drift.compare(values: [("stock", 100)], targets: ["stock": 60, "bond": 30])
        #expect(report.targetsSum == 90)
        #expect(report.targetsWarning == "Target allocations sum to 90% instead of 100%.")
        #expect(Drift.targetsWarning(["a": dec("33.5"), "b": 70]) == "Target allocations sum to 103.5% instead of 100%.")
        #expect(Drift.targetsWarning([:]) == nil)
    }

    @Test func targetsOutsideZeroToHundredAreRejected() {
        #expect(throws: RuleViolation("Target allocation for 'stock' must be between 0% and 100%, not 120%.")) {
            try Drift.compare(values: [("stock", 1)], targets: ["stock": 120])
        }
        #expect(throws: RuleViolation("Target allocation for 'bond' must be between 0% and 100%, not -1%.")) {
            try Drift.validateTargets(["bond": -1])
        }
        #expect(throws: Never.self) { try Drift.validateTargets(["a": 0, "b": 100]) }
    }

    @Test func emptyPortfolioShowsTargetsOnly() throws {
        let report = try Drift.compare(actual: [], targets: ["stock": 60, "bond": 40])
        #expect(report.rows.map(\.key) == ["bond", "stock"])
        #expect(report.rows.allSatisfy { $0.actual == 0 })
        let none = try Drift.compare(actual: [], targets: [:])
        #expect(none.rows.isEmpty)
        #expect(none.targetsWarning == nil)
    }
}
