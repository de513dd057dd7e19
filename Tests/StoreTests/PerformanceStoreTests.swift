import Foundation
import Testing
@testable import Core
@testable import Store

/// A scope's performance input from the store: its assets, their history, and the income its
/// assets paid into assets outside it.
@Suite("Performance through the Store")
struct PerformanceStoreTests {
    func d(_ s: String) -> CalendarDate { CalendarDate(s)! }

    func withStore(_ body: (StoreSession) throws -> Void) throws {
        try AssetFlowStore(path: nil).withSession(today: d("2024-06-01"), body)
    }

    func asset(_ s: StoreSession, _ name: String, _ type: AssetType, quantity: ExactDecimal?, price: ExactDecimal = 1,
               portfolio: Int64? = nil, currency: String = "USD") throws -> Asset {
        var r = StoreSession.NewAsset(name: name, type: type)
        r.quantity = quantity; r.costBasis = quantity == nil ? nil : price; r.date = d("2024-01-02"); r.portfolioID = portfolio; r.currency = currency
        return try s.createAsset(r)
    }

    @Test("A dividend paid by a portfolio's stock into cash outside it is the portfolio's income and an outflow")
    func incomePaidOutOfPortfolio() throws {
        try withStore { s in
            let p = try s.createPortfolio(name: "Stocks")
            let stock = try asset(s, "ACME", .stock, quantity: 10, price: 100, portfolio: p.id)
            let bank = try asset(s, "Bank", .cash, quantity: nil)
            _ = try s.recordPrice(PricePoint(assetID: stock.id!, date: d("2024-03-01"), price: 110))
            _ = try s.recordIncome(.dividend, asset: bank.id!, source: stock.id!, amount: 20, date: d("2024-04-01"))
            let r = try s.performance(.portfolio(p.id!), from: d("2024-01-02"), to: d("2024-05-01"))
            #expect(r.startValue == 1000)
            #expect(r.endValue == 1100)
            #expect(r.income == 20)
            #expect(r.netFlows == -20)
            #expect(r.twr == .value(try ExactDecimal.parse("0.12")))  // 1.1 × (1100 + 20) ÷ 1100
            #expect(r.reconciliationDifference == 0)
            // Everything holds both: the dividend stays inside, as income; cash counts at 1
            // even without a price record.
            let all = try s.performance(.everything, from: d("2024-01-02"), to: d("2024-05-01"))
            #expect(all.endValue == 1120)
            #expect(all.netFlows == 0)
            #expect(all.income == 20)
        }
    }

    @Test("Defaults: from the scope's first transaction to today; a scope without transactions asks for `from`")
    func defaults() throws {
        try withStore { s in
            let stock = try asset(s, "ACME", .stock, quantity: 10, price: 100)
            let r = try s.performance(.asset(stock.id!), from: nil, to: nil)
            #expect(r.from == d("2024-01-02"))
            #expect(r.to == d("2024-06-01"))
            let empty = try asset(s, "Empty", .stock, quantity: nil)
            #expect(throws: RuleViolation.self) { try s.performance(.asset(empty.id!), from: nil, to: nil) }
        }
    }

    @Test("A portfolio in two currencies without rates is refused, naming the pair and the date")
    func mixedCurrencies() throws {
        try withStore { s in
            let p = try s.createPortfolio(name: "Mixed")
            _ = try asset(s, "US", .stock, quantity: 1, price: 10, portfolio: p.id)
            _ = try asset(s, "EU", .stock, quantity: 1, price: 10, portfolio: p.id, currency: "EUR")
            do {
                _ = try s.performance(.portfolio(p.id!), from: nil, to: nil)
                Issue.record("expected an error")
            } catch {
                #expect("\(error)" == MissingRateError(from: "EUR", to: "USD", date: d("2024-01-02")).description)
            }
        }
    }
}
