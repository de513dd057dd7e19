import Foundation
import Testing
@testable import Core
@testable import Store

/// Rebalancing input and apply, and the history a bootstrap projection draws from.
@Suite("Rebalancing and projections through the Store")
struct RebalancingProjectionStoreTests {
    func d(_ s: String) -> CalendarDate { CalendarDate(s)! }

    func asset(_ s: StoreSession, _ name: String, _ type: AssetType, _ quantity: ExactDecimal, _ price: ExactDecimal,
               portfolio: Int64? = nil, date: String = "2024-01-02") throws -> Asset {
        var r = StoreSession.NewAsset(name: name, type: type)
        r.quantity = quantity; r.costBasis = price; r.date = d(date); r.portfolioID = portfolio
        return try s.createAsset(r)
    }

    @Test("the input groups holdings by type with stored targets; apply records the full plan through the cash asset")
    func inputAndApply() throws {
        try AssetFlowStore(path: nil).withSession(today: d("2024-06-01")) { s in
            let p = try s.createPortfolio(name: "Example 4")
            _ = try asset(s, "Stocks", .stock, 50, 100, portfolio: p.id)
            _ = try asset(s, "Coins", .crypto, 1, 1500, portfolio: p.id)
            _ = try asset(s, "Bonds", .bond, 20, 100, portfolio: p.id)
            let cash = try asset(s, "Cash", .cash, 1500, 1, portfolio: p.id)
            try s.setTargets(portfolio: p.id!, by: .type, ["stock": 60, "bond": 20, "cash": 20])
            let input = try s.rebalanceInput(portfolio: p.id!, by: .type)
            #expect(input.total == 10000 && input.values["crypto"] == 1500 && input.cash == 1500)
            let plan = RebalanceEngine.plan(input, adjustments: FullStrategy.adjustments(input), strategy: "full")
            let recorded = try s.apply(plan, date: d("2024-05-01"))
            #expect(recorded.map(\.type) == [.sell, .buy, .buy])
            #expect(try s.position(ofAsset: cash.id!).quantity == 2000)
            #expect(recorded.allSatisfy { $0.note == "Rebalance (full)" })
            let after = try s.rebalanceInput(portfolio: p.id!, by: .type)
            #expect(FullStrategy.adjustments(after).isEmpty)
        }
    }

    @Test("a refused trade rolls the whole plan back")
    func allOrNothing() throws {
        try AssetFlowStore(path: nil).withSession(today: d("2024-06-01")) { s in
            let p = try s.createPortfolio(name: "P")
            let a = try asset(s, "A", .stock, 10, 100, portfolio: p.id)
            let b = try asset(s, "B", .stock, 10, 100, portfolio: p.id)
            let input = try s.rebalanceInput(portfolio: p.id!, by: .asset, targets: ["A": 50, "B": 50])
            let plan = try RebalanceEngine.plan(input, requests: [TradeRequest(index: 1, asset: "A", side: "sell", quantity: 5),
                                                                  TradeRequest(index: 2, asset: "B", side: "buy", amount: 500)], strategy: "mine")
            _ = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2024-05-01"), quantity: 8, pricePerUnit: 100, currency: "USD"))
            #expect(throws: RuleViolation.self) { try s.apply(plan) }
            #expect(try s.position(ofAsset: a.id!).quantity == 2 && s.position(ofAsset: b.id!).quantity == 10)
            #expect(try s.transactions(ofAsset: b.id!).count == 1)
        }
    }

    @Test("monthly returns come from prices at today's quantities: a deposit is not a return")
    func monthlyReturns() throws {
        try AssetFlowStore(path: nil).withSession(today: d("2024-04-15")) { s in
            let a = try asset(s, "ETF", .etf, 10, 100, date: "2024-01-15")
            _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-02-15"), price: 110))
            _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-03-15"), price: 121))
            _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-04-15"), price: 121))
            _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d("2024-03-20"), quantity: 90, pricePerUnit: 121, currency: "USD"))
            let returns = try s.monthlyReturns(of: [a])
            #expect(returns.count == 3)
            #expect(abs(returns[0] - 0.1) < 1e-12 && abs(returns[1] - 0.1) < 1e-12 && returns[2] == 0)
        }
    }
}
