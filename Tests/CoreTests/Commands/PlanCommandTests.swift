import Foundation
import Testing
@testable import Core

@Suite("Targets, settings, plans and rebalancing commands")
struct PlanCommandTests {
    @Test("SetTargets: type keys are asset types; category keys name categories; not by platform")
    func targets() throws {
        let s = MemoryCommandStore()
        let p = try s.run(CreatePortfolio(name: "Core"))
        try s.run(SetTargets(portfolio: p.id!, targets: ["Stock": 60, "bond": 40]))
        #expect(s.targets[p.id!]?[.type] == ["stock": 60, "bond": 40])
        _ = try s.run(CreateCategory(name: "Growth"))
        try s.run(SetTargets(portfolio: p.id!, by: .category, targets: ["growth": 100]))
        #expect(s.targets[p.id!]?[.category] == ["Growth": 100])
        #expect(violation { try s.run(SetTargets(portfolio: p.id!, by: .category, targets: ["Nope": 1])) }?.description == "No category named 'Nope'.")
        #expect(violation { try s.run(SetTargets(portfolio: p.id!, by: .platform, targets: [:])) }?.description
                == "Targets can be set by type, category or currency, not by platform.")
    }

    @Test("SetFinancialGoal: a number above zero; empty text clears it")
    func goal() throws {
        let s = MemoryCommandStore()
        #expect(try s.run(SetFinancialGoal(text: "100000")) == 100000)
        #expect(s.settings[SetFinancialGoal.settingKey] == "100000")
        #expect(violation { try s.run(SetFinancialGoal(text: "0")) }?.description == "Financial goal must be greater than zero.")
        #expect(try s.run(SetFinancialGoal(text: " ")) == nil)
        #expect(s.settings[SetFinancialGoal.settingKey] == nil)
    }

    @Test("RunSavingPlans: a linked sell and buy per occurrence; running twice adds nothing")
    func savingPlans() throws {
        let s = MemoryCommandStore(today: ymd("2024-03-31"))
        let cash = try s.asset("Cash", .cash, quantity: 1000)
        let etf = try s.asset("ETF", .etf, quantity: 1, price: 50)
        _ = try s.run(CreateSavingPlan(RegularSavingPlan(name: "ETF", assetID: etf.id!, sourceAssetID: cash.id!, amount: 100,
                                                         frequency: .monthly, startDate: ymd("2024-02-15"), executionMethod: .automatic)))
        let made = try s.run(RunSavingPlans())
        #expect(made.map(\.type) == [.sell, .buy, .sell, .buy])
        #expect(made[1].quantity == 2)
        #expect(made[0].relatedTransactionID == made[1].id)
        #expect(try s.run(RunSavingPlans()).isEmpty)
    }

    @Test("RunSavingPlans: a missed occurrence is checked against the source's balance on its own day")
    func savingPlanBalanceOnItsDay() throws {
        let s = MemoryCommandStore(today: ymd("2024-03-31"))
        let cash = try s.asset("Cash", .cash, quantity: 50, date: "2024-01-02")
        try s.run(Trade(.buy, asset: cash.id!, quantity: 1000, date: ymd("2024-03-20")))  // a deposit after the occurrence
        let etf = try s.asset("ETF", .etf, quantity: 1, price: 50)
        _ = try s.run(CreateSavingPlan(RegularSavingPlan(name: "ETF", assetID: etf.id!, sourceAssetID: cash.id!, amount: 100,
                                                         frequency: .monthly, startDate: ymd("2024-03-15"), executionMethod: .automatic)))
        let v = violation { try s.run(RunSavingPlans()) }
        #expect(v?.description == "The source asset balance (50) is not enough to cover the plan amount (100).")
        #expect(v?.date == ymd("2024-03-15"))
    }

    @Test("RunSavingPlans: no price on or before the date names the asset and the date")
    func savingPlanWithoutPrice() throws {
        let s = MemoryCommandStore(today: ymd("2024-03-31"))
        let etf = try s.asset("ETF", .etf)
        _ = try s.run(CreateSavingPlan(RegularSavingPlan(name: "ETF", assetID: etf.id!, amount: 100, frequency: .monthly,
                                                         startDate: ymd("2024-03-15"), executionMethod: .automatic)))
        let v = violation { try s.run(RunSavingPlans()) }
        #expect(v?.description == "'ETF' has no price above zero on or before 2024-03-15.")
        #expect(v?.rule == .missingPrice)
        #expect(v?.asset == "ETF")
        #expect(v?.date == ymd("2024-03-15"))
    }

    @Test("ApplyRebalancePlan: sells first, the note names the strategy; a plan with problems is refused")
    func applyPlan() throws {
        let s = MemoryCommandStore()
        let cash = try s.asset("Cash", .cash, quantity: 1500)
        let stock = try s.asset("Stocks", quantity: 50, price: 100)
        let coins = try s.asset("Coins", .crypto, quantity: 1, price: 1500)
        let input = try RebalanceInput(holdings: [
            RebalanceHolding(assetID: stock.id!, name: "Stocks", group: "stock", quantity: 50, price: 100),
            RebalanceHolding(assetID: coins.id!, name: "Coins", group: "crypto", quantity: 1, price: 1500),
            RebalanceHolding(assetID: cash.id!, name: "Cash", group: "cash", quantity: 1500, price: 1, isCash: true),
        ], targets: ["stock": 80, "cash": 20])
        let plan = try PlanRebalance().plan(input, dimension: .type) { _, _ in throw RuleViolation("no custom rule") }
        let made = try s.run(ApplyRebalancePlan(plan, date: ymd("2024-03-01")))
        #expect(made.first?.type == .sell)
        #expect(made.allSatisfy { $0.note == "Rebalance (full)" })
        #expect(try s.quantity(ofAsset: coins.id!) == 0)
        let none = try PlanRebalance().plan(try RebalanceInput(holdings: input.holdings, targets: [:]), dimension: .type) { _, _ in throw RuleViolation("no") }
        #expect(violation { try s.run(ApplyRebalancePlan(none)) }?.rule == .notAllowed)
    }

    @Test("PlanRebalance: bands takes no amount, cash_flow needs one, other names go to the custom rule")
    func strategySelection() throws {
        let input = try RebalanceInput(holdings: [RebalanceHolding(assetID: 1, name: "A", group: "stock", quantity: 1, price: 1)],
                                       targets: ["stock": 100])
        var bands = PlanRebalance()
        bands.strategy = "bands"
        bands.amount = 5
        #expect(throws: PlanRebalance.ArgumentError.self) { try bands.plan(input, dimension: .type) { _, _ in throw RuleViolation("no") } }
        var flow = PlanRebalance()
        flow.strategy = "cash_flow"
        #expect(throws: PlanRebalance.ArgumentError(description: "strategy 'cash_flow' needs amount (> 0 new money, < 0 a withdrawal)")) {
            try flow.plan(input, dimension: .type) { _, _ in throw RuleViolation("no") }
        }
        var custom = PlanRebalance()
        custom.strategy = "mine"
        custom.amount = 7
        var asked: (String, ExactDecimal)?
        _ = try? custom.plan(input, dimension: .type) { name, amount in
            asked = (name, amount)
            throw RuleViolation("stop")
        }
        #expect(asked?.0 == "mine")
        #expect(asked?.1 == 7)
        #expect(violation { try PlanRebalance.validateRuleName("bands") }?.description == "'bands' is a built-in strategy; give your rule another name.")
        try PlanRebalance.validateRuleName("mine")
    }
}
