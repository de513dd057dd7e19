import Foundation
import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

/// The plan of the default strategy (`full`) through the one engine.
private func full(_ values: [(String, ExactDecimal)], targets: [String: ExactDecimal]) throws -> TradePlan {
    try PlanRebalance().plan(groups(values, targets: targets), dimension: .type) { name, _ in
        Issue.record("no custom rule expected, got \(name)")
        throw RuleViolation("unexpected")
    }
}

/// The seeds' "Rebalancing Suggestions" (the app's rule S22): an over-allocated group sells
/// (actual − target) × total, an under-allocated one buys; under 1 unit is "no action".
@Suite struct FullStrategyTests {
    @Test("the seeds' Example 4: sell 1500 crypto, buy 1000 stock and 500 cash; bond no action")
    func seedsExample4() throws {
        let plan = try full([("stock", 3000), ("stock", 2000), ("crypto", 1500), ("bond", 2000), ("cash", 1500)],
                            targets: ["stock": 60, "bond": 20, "cash": 20])
        #expect(plan.groups.map(\.key) == ["crypto", "stock", "cash", "bond"])
        #expect(plan.groups.map(\.action) == [.sell, .buy, .buy, .noAction])
        #expect(plan.groups.map(\.amount) == [1500, 1000, 500, 0])
        #expect(plan.groups[0].targetValue == 0)
        #expect(plan.groups[1].currentValue == 5000)
        #expect(plan.groups[1].targetValue == 6000)
        #expect(plan.summary == ["Move 1000.00 from crypto to stock", "Move 500.00 from crypto to cash"])
        #expect(plan.targetsWarning == nil)
    }

    @Test("the seeds' simple example: 70/30 against 60/40 moves 1000")
    func seedsSimpleExample() throws {
        let plan = try full([("Stock", 7000), ("Bond", 3000)], targets: ["Stock": 60, "Bond": 40])
        #expect(plan.groups.map(\.action) == [.buy, .sell])  // equal amounts sort by key: Bond, Stock
        #expect(plan.groups.map(\.key) == ["Bond", "Stock"])
        #expect(plan.groups.map(\.amount) == [1000, 1000])
        #expect(plan.summary == ["Move 1000.00 from Stock to Bond"])
    }

    @Test("under 1 unit of currency is no action; exactly 1 is a trade")
    func underOneUnitIsNoAction() throws {
        let plan = try full([("a", dec("50.4")), ("b", dec("49.6"))], targets: ["a": 50, "b": 50])
        #expect(plan.groups.allSatisfy { $0.action == .noAction })
        #expect(plan.trades.isEmpty)
        #expect(plan.summary.isEmpty)
        let one = try full([("a", 51), ("b", 49)], targets: ["a": 50, "b": 50])
        #expect(one.groups.map(\.action) == [.sell, .buy])
        #expect(one.summary == ["Move 1.00 from a to b"])
    }

    @Test("a total of 0 gives no trades; no targets gives the plan that asks for them")
    func zeroTotalGivesEmptyPlan() throws {
        let plan = try full([], targets: ["stock": 60, "bond": 40])
        #expect(plan.trades.isEmpty)
        #expect(plan.groups.allSatisfy { $0.action == .noAction })
        #expect(plan.summary.isEmpty)
        let none = try full([("stock", 0)], targets: [:])
        #expect(none.groups.isEmpty)
        #expect(none.problems.count == 1)
    }

    @Test("moves pair the largest sell with the largest buy")
    func greedyPairingLargestWithLargest() throws {
        // total 1000; sells: a 300, b 100; buys: c 250, d 150
        let plan = try full([("a", 400), ("b", 200), ("c", 250), ("d", 150)], targets: ["a": 10, "b": 10, "c": 50, "d": 30])
        #expect(plan.summary == ["Move 250.00 from a to c", "Move 50.00 from a to d", "Move 100.00 from b to d"])
    }

    @Test("targets under 100 leave a sell unmatched, with the warning")
    func targetsSummingBelow100LeaveUnmatchedSells() throws {
        let plan = try full([("stock", 1000), ("bond", 0)], targets: ["stock": 50, "bond": 30])
        #expect(plan.targetsWarning == "Target allocations sum to 80% instead of 100%.")
        #expect(plan.summary == ["Move 300.00 from stock to bond", "Sell 200.00 of stock"])
    }

    @Test("targets over 100 leave a buy unmatched, with the warning")
    func targetsAbove100LeaveUnmatchedBuys() throws {
        let plan = try full([("stock", 500), ("bond", 500)], targets: ["stock": 60, "bond": 50])
        #expect(plan.targetsWarning == "Target allocations sum to 110% instead of 100%.")
        #expect(plan.summary == ["Buy 100.00 of stock"])
        #expect(plan.groups.map(\.action) == [.buy, .noAction])
    }

    @Test("amounts are exact and shown with two decimals")
    func fractionalAmountsFormatWithTwoDecimals() throws {
        let small = try full([("a", 1), ("b", 2)], targets: ["a": 50, "b": 50])  // total 3, target 1.5 each: 0.5 off
        #expect(small.groups.allSatisfy { $0.action == .noAction })
        let big = try full([("a", 1000), ("b", 2000)], targets: ["a": 50, "b": 50])
        #expect(big.summary == ["Move 500.00 from b to a"])
        let thirds = try full([("a", 100), ("b", 0), ("c", 0)], targets: ["a": dec("33.34"), "b": dec("33.33"), "c": dec("33.33")])
        #expect(thirds.summary == ["Move 33.33 from a to b", "Move 33.33 from a to c"])
    }

    @Test("a target outside 0…100 is refused")
    func invalidTargetThrows() {
        #expect(throws: RuleViolation.self) { try full([("a", 1)], targets: ["a": 101]) }
    }
}
