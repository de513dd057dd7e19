import Foundation
import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

@Suite struct RebalancingTests {
    @Test func seedsExample4() throws {
        let plan = try Rebalancing.suggest(
            values: [("stock", 3000), ("stock", 2000), ("crypto", 1500), ("bond", 2000), ("cash", 1500)],
            targets: ["stock": 60, "bond": 20, "cash": 20])
        #expect(plan.rows.map(\.key) == ["crypto", "stock", "cash", "bond"])
        #expect(plan.rows.map(\.action) == [.sell, .buy, .buy, .noAction])
        #expect(plan.rows.map(\.amount) == [1500, 1000, 500, 0])
        #expect(plan.rows[0].targetValue == 0)
        #expect(plan.rows[1].currentValue == 5000)
        #expect(plan.rows[1].targetValue == 6000)
        #expect(plan.moves == [RebalanceMove(from: "crypto", to: "stock", amount: 1000),
                               RebalanceMove(from: "crypto", to: "cash", amount: 500)])
        #expect(plan.summary == ["Move 1000.00 from crypto to stock", "Move 500.00 from crypto to cash"])
        #expect(plan.targetsWarning == nil)
    }

    @Test func seedsSimpleExample() throws {
        let plan = try Rebalancing.suggest(values: [("Stock", 7000), ("Bond", 3000)], targets: ["Stock": 60, "Bond": 40])
        #expect(plan.rows.map(\.action) == [.buy, .sell])  // equal amounts sort by key: Bond, Stock
        #expect(plan.rows.map(\.key) == ["Bond", "Stock"])
        #expect(plan.rows.map(\.amount) == [1000, 1000])
        #expect(plan.summary == ["Move 1000.00 from Stock to Bond"])
    }

    @Test func underOneUnitIsNoAction() throws {
        let plan = try Rebalancing.suggest(values: [("a", dec("50.4")), ("b", dec("49.6"))], targets: ["a": 50, "b": 50])
        #expect(plan.rows.allSatisfy { $0.action == .noAction })
        #expect(plan.rows.map(\.amount) == [dec("0.4"), dec("0.4")])
        #expect(plan.moves.isEmpty)
        #expect(plan.summary.isEmpty)
        // exactly 1 is a trade
        let one = try Rebalancing.suggest(values: [("a", 51), ("b", 49)], targets: ["a": 50, "b": 50])
        #expect(one.rows.map(\.action) == [.sell, .buy])
        #expect(one.summary == ["Move 1.00 from a to b"])
    }

    @Test func zeroTotalGivesEmptyPlan() throws {
        let plan = try Rebalancing.suggest(values: [], targets: ["stock": 60, "bond": 40])
        #expect(plan.rows.isEmpty)
        #expect(plan.moves.isEmpty)
        #expect(plan.summary.isEmpty)
        #expect(try Rebalancing.suggest(values: [("stock", 0)], targets: [:]).rows.isEmpty)
    }

    @Test func greedyPairingLargestWithLargest() throws {
        // total 1000; sells: a 300, b 100; buys: c 250, d 150
        let plan = try Rebalancing.suggest(values: [("a", 400), ("b", 200), ("c", 250), ("d", 150)],
                                           targets: ["a": 10, "b": 10, "c": 50, "d": 30])
        #expect(plan.summary == ["Move 250.00 from a to c", "Move 50.00 from a to d", "Move 100.00 from b to d"])
    }

    @Test func targetsSummingBelow100LeaveUnmatchedSells() throws {
        let plan = try Rebalancing.suggest(values: [("stock", 1000)], targets: ["stock": 50, "bond": 30])
        #expect(plan.targetsWarning == "Target allocations sum to 80% instead of 100%.")
        #expect(plan.summary == ["Move 300.00 from stock to bond", "Sell 200.00 of stock"])
    }

    @Test func targetsAbove100LeaveUnmatchedBuys() throws {
        let plan = try Rebalancing.suggest(values: [("stock", 500), ("bond", 500)], targets: ["stock": 60, "bond": 50])
        #expect(plan.targetsWarning == "Target allocations sum to 110% instead of 100%.")
        #expect(plan.moves.isEmpty)
        #expect(plan.summary == ["Buy 100.00 of stock"])
        #expect(plan.rows.map(\.action) == [.buy, .noAction])
    }

    @Test func fractionalAmountsFormatWithTwoDecimals() throws {
        let plan = try Rebalancing.suggest(values: [("a", 1), ("b", 2)], targets: ["a": 50, "b": 50])
        // total 3, target 1.5 each
        #expect(plan.rows.map(\.amount) == [dec("0.5"), dec("0.5")])
        let big = try Rebalancing.suggest(values: [("a", 1000), ("b", 2000)], targets: ["a": 50, "b": 50])
        #expect(big.summary == ["Move 500.00 from b to a"])
        let thirds = try Rebalancing.suggest(values: [("a", 100), ("b", 0), ("c", 0)],
                                             targets: ["a": dec("33.34"), "b": dec("33.33"), "c": dec("33.33")])
        #expect(thirds.summary == ["Move 33.33 from a to b", "Move 33.33 from a to c"])
    }

    @Test func invalidTargetThrows() {
        #expect(throws: RuleViolation.self) { try Rebalancing.suggest(values: [("a", 1)], targets: ["a": 101]) }
    }
}
