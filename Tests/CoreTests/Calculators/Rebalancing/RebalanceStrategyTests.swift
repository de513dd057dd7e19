import Foundation
import Testing
@testable import Core

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

/// The seeds' Example 4: stock 5000, crypto 1500, bond 2000, cash 1500; targets 60/20/20.
func example4() throws -> RebalanceInput {
    try RebalanceInput(holdings: [
        RebalanceHolding(assetID: 1, name: "Stocks", group: "stock", quantity: 50, price: 100),
        RebalanceHolding(assetID: 2, name: "Coins", group: "crypto", quantity: 1, price: 1500),
        RebalanceHolding(assetID: 3, name: "Bonds", group: "bond", quantity: 20, price: 100),
        RebalanceHolding(assetID: 4, name: "Cash", group: "cash", quantity: 1500, price: 1, isCash: true),
    ], targets: ["stock": 60, "bond": 20, "cash": 20])
}

/// Groups named A…D, one asset each at price 1.
func groups(_ values: [(String, ExactDecimal)], targets: [String: ExactDecimal]) throws -> RebalanceInput {
    try RebalanceInput(holdings: values.enumerated().map { i, v in
        RebalanceHolding(assetID: Int64(i + 1), name: "\(v.0) fund", group: v.0, quantity: v.1, price: 1)
    }, targets: targets)
}

@Suite struct RebalanceStrategyTests {
    @Test("full on Example 4: sell 1500 crypto, buy 1000 stock and 500 cash, as the seeds")
    func fullExample4() throws {
        let input = try example4()
        #expect(FullStrategy.adjustments(input) == ["stock": 1000, "crypto": -1500, "cash": 500])
        let plan = RebalanceEngine.plan(input, adjustments: FullStrategy.adjustments(input), strategy: "full")
        #expect(plan.summary == ["Move 1000.00 from crypto to stock", "Move 500.00 from crypto to cash"])
        let trades = plan.trades.map { "\($0.side.rawValue) \($0.asset) \($0.quantity.plainText)" }
        #expect(trades == ["sell Coins 1", "buy Stocks 10", "buy Cash 500"])
        #expect(plan.after.map { "\($0.key) \($0.percent.plainText)" } == ["stock 60", "bond 20", "cash 20", "crypto 0"])
        #expect(plan.problems.isEmpty)
    }

    @Test("bands on Example 4 (±5 points): to target matches full; to the edge only halves the moves")
    func bandsExample4() throws {
        let input = try example4()
        #expect(try BandsStrategy.adjustments(input, tolerance: .standard) == ["stock": 1000, "crypto": -1500, "cash": 500])
        #expect(try BandsStrategy.adjustments(input, tolerance: .standard, to: .edge) == ["stock": 500, "crypto": -1000, "cash": 500])
    }

    @Test("min_trades on Example 4: two trades, every group inside ±5")
    func minTradesExample4() throws {
        let input = try example4()
        let changes = try MinTradesStrategy.adjustments(input, tolerance: .standard)
        #expect(changes == ["stock": 1000, "crypto": -1000])
        let plan = RebalanceEngine.plan(input, adjustments: changes, strategy: "min_trades")
        for row in plan.after { #expect(abs(row.percent - row.target) <= 5) }
    }

    @Test("cash_flow on Example 4: 1000 of new money only buys, in proportion to the gaps")
    func cashFlowExample4() throws {
        let input = try example4()
        #expect(try CashFlowStrategy.adjustments(input, amount: 1000) == ["stock": 640, "bond": 80, "cash": 280])
        let out = try CashFlowStrategy.adjustments(input, amount: -1000)
        #expect(out.values.allSatisfy { $0 < 0 } && Set(out.keys) == ["crypto", "bond"])
        #expect(abs(out.values.reduce(0, +) + 1000) < dec("0.000001"))
        #expect(throws: RuleViolation.self) { try CashFlowStrategy.adjustments(input, amount: -20000) }
    }

    @Test("bands differ from full: inside ±5 nothing trades, full still moves 200")
    func bandsDifferFromFull() throws {
        let input = try groups([("stock", 6200), ("bond", 3800)], targets: ["stock": 60, "bond": 40])
        #expect(FullStrategy.adjustments(input) == ["stock": -200, "bond": 200])
        #expect(try BandsStrategy.adjustments(input, tolerance: .standard).isEmpty)
        #expect(try BandsStrategy.adjustments(input, tolerance: RebalanceTolerance(absolute: 1)) == ["stock": -200, "bond": 200])
    }

    @Test("5/25 rule: a 10 % target has a ±2.5 band, a 60 % target ±5")
    func fiveTwentyFive() throws {
        let rule = RebalanceTolerance(absolute: 5, relative: 25)
        #expect(rule.width(forTarget: 60) == 5)
        #expect(rule.width(forTarget: 10) == dec("2.5"))
        #expect(RebalanceTolerance(relative: 25, floor: 1).width(forTarget: 2) == 1)
        let input = try groups([("stock", 6000), ("gold", 1300), ("bond", 2700)], targets: ["stock": 60, "gold": 10, "bond": 30])
        // gold drifts +3: outside ±2.5 under 5/25, inside a flat ±5.
        #expect(try BandsStrategy.adjustments(input, tolerance: .standard).isEmpty)
        #expect(try BandsStrategy.adjustments(input, tolerance: rule) == ["gold": -300, "bond": 300])
        #expect(throws: RuleViolation.self) { try RebalanceTolerance().validate() }
    }

    @Test("cash_flow differs from full: new money buys the laggard without selling")
    func cashFlowDiffersFromFull() throws {
        let input = try groups([("stock", 5000), ("bond", 5000)], targets: ["stock": 60, "bond": 40])
        #expect(try CashFlowStrategy.adjustments(input, amount: 1000) == ["stock": 1000])
        #expect(FullStrategy.adjustments(input, newMoney: 1000) == ["stock": 1600, "bond": -600])
    }

    @Test("min_trades differs from bands: one buyer absorbs what bands spreads over three groups")
    func minTradesDiffersFromBands() throws {
        let input = try groups([("A", 3500), ("B", 2000), ("C", 2300), ("D", 2200)], targets: ["A": 25, "B": 25, "C": 25, "D": 25])
        let bands = try BandsStrategy.adjustments(input, tolerance: .standard)
        #expect(bands == ["A": -1000, "B": 500, "C": 200, "D": 300])
        let fewest = try MinTradesStrategy.adjustments(input, tolerance: .standard)
        #expect(fewest == ["A": -500, "B": 500])
    }

    @Test("a group nobody holds cannot be bought without a choice; choose picks the asset")
    func groupWithoutAsset() throws {
        let input = try RebalanceInput(holdings: [
            RebalanceHolding(assetID: 1, name: "World", group: "stock", quantity: 100, price: 100),
            RebalanceHolding(assetID: 2, name: "Tech", group: "stock", quantity: 10, price: 100),
        ], targets: ["stock": 80, "bond": 20])
        let plan = RebalanceEngine.plan(input, adjustments: FullStrategy.adjustments(input), strategy: "full")
        #expect(plan.problems.count == 1 && plan.problems[0].contains("No asset holds 'bond'"))
        // Sells come from the largest holding first.
        #expect(plan.trades.map(\.asset) == ["World"])
        let chosen = RebalanceEngine.plan(input, adjustments: FullStrategy.adjustments(input), strategy: "full", choose: ["stock": 2])
        #expect(chosen.trades.map { "\($0.asset) \($0.amount.plainText)" } == ["Tech 1000", "World 1200"])
    }
}
