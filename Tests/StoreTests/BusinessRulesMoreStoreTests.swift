import Foundation
import Testing
@testable import Core
@testable import Store

/// Store-level checks of the rules that have no Lua door of their own (a new adjustment is
/// only made by set quantity, which computes it) or whose stored effect a script cannot see.
@Suite("Business rules through the Store, continued")
struct BusinessRulesMoreStoreTests: StoreRuleTesting {
    func adjustment(_ a: Asset, _ quantity: ExactDecimal) -> Transaction {
        Transaction(assetID: a.id!, type: .adjustment, date: d("2024-02-01"), quantity: quantity, pricePerUnit: 10, currency: a.currency)
    }

    @Test("a new adjustment: not zero, and not below zero holdings; a negative one down to zero is allowed")
    func newAdjustment() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: 10, price: 10)
            let cash = try asset(s, "Cash", .cash, quantity: 100, price: 1)
            #expect(message { _ = try s.record(adjustment(a, 0)) } == "Quantity must not be zero for an adjustment.")
            #expect(message { _ = try s.record(adjustment(cash, 0)) } == "Amount must not be zero for an adjustment.")
            #expect(message { _ = try s.record(adjustment(a, -11)) } == "This change would cause the asset quantity to become negative.")
            #expect(message { _ = try s.record(adjustment(cash, x("-100.01"))) } == "This change would cause the asset quantity to become negative.")
            #expect(try s.transactions(ofAsset: a.id!).count == 1)
            _ = try s.record(adjustment(a, -10))
            #expect(try s.position(ofAsset: a.id!).quantity == 0)
            _ = try s.record(adjustment(a, 3))
            #expect(try s.position(ofAsset: a.id!).quantity == 3)
        }
    }

    @Test("fees must be zero or greater on a new transaction")
    func fees() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: 10, price: 10)
            let buy = Transaction(assetID: a.id!, type: .buy, date: d("2024-02-01"), quantity: 1, pricePerUnit: 10, fees: -1, currency: "USD")
            #expect(message { _ = try s.record(buy) } == "Fees must be zero or greater.")
        }
    }

    @Test("a cash asset's price records are stored at 1, added or edited")
    func cashPricesAtOne() throws {
        try withStore { s in
            let cash = try asset(s, "Cash", .cash, quantity: 100, price: 1)
            let added = try s.recordPrice(PricePoint(assetID: cash.id!, date: d("2024-02-01"), price: 5))
            #expect(added.price == 1)
            #expect(try s.price(id: added.id!)?.price == 1)
            #expect(try s.editPrice(id: added.id!, price: -3, date: nil).price == 1)
            #expect(try s.prices(ofAsset: cash.id!).map(\.price) == [1, 1])
        }
    }

    @Test("a new asset's initial position: cost basis required, current price ≥ 0; nothing is stored on failure")
    func initialPosition() throws {
        try withStore { s in
            var r = StoreSession.NewAsset(name: "ACME", type: .stock)
            r.quantity = 1
            #expect(message { _ = try s.createAsset(r) } == "Cost basis is required.")
            r.costBasis = 10; r.currentPrice = -1
            #expect(message { _ = try s.createAsset(r) } == "Current price must be zero or greater.")
            #expect(try s.assets().isEmpty)
            r.currency = "usd "; r.currentPrice = 0
            let a = try s.createAsset(r)
            #expect(a.currency == "USD")
            #expect(try s.valuation(ofAsset: a.id!).currentPrice == 0)
        }
    }

    @Test("net worth is the sum over every portfolio and the assets in none")
    func netWorth() throws {
        try withStore { s in
            let p1 = try s.createPortfolio(name: "One")
            let p2 = try s.createPortfolio(name: "Two")
            _ = try asset(s, "A", .stock, quantity: 10, price: 12, portfolio: p1.id)
            _ = try asset(s, "B", .bond, quantity: 5, price: 100, portfolio: p2.id)
            _ = try asset(s, "C", .cash, quantity: x("30.5"), price: 1)
            #expect(try s.totalValue(of: s.assets(inPortfolio: p1.id!)) == 120)
            #expect(try s.totalValue(of: s.assets(inPortfolio: p2.id!)) == 500)
            #expect(try s.netWorth() == x("650.5"))
        }
    }

    @Test("allocation by platform with the fallback keys; a zero total gives no rows")
    func allocation() throws {
        try withStore { s in
            let a = try asset(s, "A", .stock, quantity: 30, price: 10)
            _ = try asset(s, "B", .bond, quantity: 10, price: 10)
            _ = try s.updateAsset(id: a.id!) { $0.platform = "Broker" }
            let rows = try s.allocation(of: s.assets(), by: .platform)
            #expect(rows.map(\.key) == ["Broker", StoreSession.noPlatform])
            #expect(rows.map(\.percent) == [75, 25])
            #expect(try s.allocation(of: s.assets(), by: .category).map(\.key) == [StoreSession.uncategorized])
            #expect(message { _ = try AllocationDimension.parse("colour") } == "Unknown allocation grouping 'colour'. Use one of: type, category, platform, asset, currency.")
            let p = try s.createPortfolio(name: "Core")
            #expect(message { try s.setTargets(portfolio: p.id!, by: .platform, ["Broker": 100]) } == "Targets can be set by type, category or currency, not by platform.")
            _ = try asset(s, "Free", .stock, quantity: 5, price: 0, portfolio: p.id)
            #expect(try s.allocation(of: s.assets(inPortfolio: p.id!), by: .type).isEmpty)
        }
    }

    @Test("timeline dates: daily steps, start after end, the 10000-date limit")
    func timelineDates() throws {
        #expect(try StoreSession.timelineDates(from: d("2024-02-27"), to: d("2024-03-01"), monthly: false).map(\.description)
                == ["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"])
        #expect(try StoreSession.timelineDates(from: d("2024-03-01"), to: d("2024-03-01"), monthly: false).count == 1)
        #expect(message { _ = try StoreSession.timelineDates(from: d("2024-03-02"), to: d("2024-03-01"), monthly: false) }
                == "The timeline's start date (2024-03-02) is after its end date (2024-03-01).")
        let start = d("2000-01-01")
        #expect(try StoreSession.timelineDates(from: start, to: start.adding(days: 9_999), monthly: false).count == 10_000)
        #expect(message { _ = try StoreSession.timelineDates(from: start, to: start.adding(days: 10_000), monthly: false) }
                == "A timeline is limited to 10000 dates; use every = \"month\" or a shorter range.")
    }

    @Test("saving plan runs: without a source a transfer in; an uncovered source or a missing price stops the whole run")
    func savingPlanRuns() throws {
        try withStore { s in
            let etf = try asset(s, "ETF", .etf, quantity: 1, price: 50)
            let cash = try asset(s, "Cash", .cash, quantity: 150, price: 1)
            _ = try s.createSavingPlan(RegularSavingPlan(name: "Gift", assetID: etf.id!, amount: 100, frequency: .monthly,
                                                         startDate: d("2024-02-01"), executionMethod: .automatic))
            _ = try s.createSavingPlan(RegularSavingPlan(name: "Monthly", assetID: etf.id!, sourceAssetID: cash.id!, amount: 100,
                                                         frequency: .monthly, startDate: d("2024-02-01"), executionMethod: .automatic))
            #expect(message { _ = try s.runDuePlans(asOf: d("2024-03-15")) }
                    == "The source asset balance (50) is not enough to cover the plan amount (100).")
            #expect(try s.transactions(ofAsset: etf.id!).count == 1)
            #expect(try s.savingPlans().map(\.nextDueDate) == [d("2024-02-01"), d("2024-02-01")])
            _ = try s.record(Transaction(assetID: cash.id!, type: .buy, date: d("2024-02-01"), quantity: 50, pricePerUnit: 1, currency: "USD"))
            let made = try s.runDuePlans(asOf: d("2024-03-15"))
            #expect(made.map(\.type) == [.transferIn, .transferIn, .sell, .buy, .sell, .buy])
            #expect(made[0].relatedTransactionID == nil && made[0].quantity == 2)
            #expect(try s.position(ofAsset: etf.id!).quantity == 9)
            _ = try s.record(Transaction(assetID: cash.id!, type: .buy, date: d("2024-03-20"), quantity: 1000, pricePerUnit: 1, currency: "USD"))
            let later = try s.createAsset(StoreSession.NewAsset(name: "Later", type: .stock))
            _ = try s.recordPrice(PricePoint(assetID: later.id!, date: d("2024-04-15"), price: 10))
            _ = try s.createSavingPlan(RegularSavingPlan(name: "Later", assetID: later.id!, amount: 10, frequency: .monthly,
                                                         startDate: d("2024-04-01"), executionMethod: .automatic))
            #expect(message { _ = try s.runDuePlans(asOf: d("2024-05-01")) } == "'Later' has no price above zero on or before 2024-04-01.")
            #expect(try s.transactions(ofAsset: etf.id!).count == 5)
            #expect(try s.transactions(ofAsset: later.id!).isEmpty)
        }
    }

    @Test("risk deviation of a portfolio: asset values grouped into risk classes against the profile")
    func riskDeviation() throws {
        try withStore { s in
            let p = try s.createPortfolio(name: "Core")
            _ = try asset(s, "Stocks", .stock, quantity: 40, price: 100, portfolio: p.id)
            _ = try asset(s, "Fund", .mutualFund, quantity: 30, price: 100, portfolio: p.id)
            _ = try asset(s, "Bonds", .bond, quantity: 20, price: 100, portfolio: p.id)
            _ = try asset(s, "Cash", .cash, quantity: 1000, price: 1, portfolio: p.id)
            _ = try asset(s, "Elsewhere", .bond, quantity: 1000, price: 100)
            let report = try s.riskDeviation(portfolio: p.id!, from: .moderate)
            #expect(report.rows.map(\.key) == ["stock", "bond", "cash"])
            #expect(report.rows.map(\.actual) == [70, 20, 10])
            #expect(report.rows.map(\.difference) == [10, -10, 0])
            #expect(report.rows.map(\.status) == [.red, .red, .green])
            #expect(report.targetsWarning == nil)
        }
    }
}
