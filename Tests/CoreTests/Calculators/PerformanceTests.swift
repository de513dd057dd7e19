import Foundation
import Testing
@testable import Core

/// A small in-memory history to build `PerformanceInput`s from, with ids in recording order.
struct History {
    var cash: Set<Int64> = []
    var transactions: [Transaction] = []
    var prices: [PricePoint] = []
    private var nextID: Int64 = 1

    init(cash: Set<Int64> = []) { self.cash = cash }

    @discardableResult
    mutating func add(_ asset: Int64, _ type: TransactionType, _ date: String, _ quantity: ExactDecimal, at price: ExactDecimal = 1,
                      fees: ExactDecimal = 0, source: Int64? = nil) -> Int64 {
        let id = nextID
        nextID += 1
        transactions.append(Transaction(id: id, assetID: asset, type: type, date: CalendarDate(date)!, quantity: quantity,
                                        pricePerUnit: cash.contains(asset) ? 1 : price, fees: fees, currency: "USD", sourceAssetID: source))
        return id
    }

    mutating func price(_ asset: Int64, _ date: String, _ price: ExactDecimal) {
        prices.removeAll { $0.assetID == asset && $0.date == CalendarDate(date)! }
        prices.append(PricePoint(assetID: asset, date: CalendarDate(date)!, price: price))
    }

    func input(scope: Set<Int64>) -> PerformanceInput {
        var byAsset: [Int64: [Transaction]] = [:]
        for t in transactions.chronological() {
            byAsset[t.assetID, default: []].append(t)
        }
        var pricesByAsset: [Int64: [PricePoint]] = [:]
        for p in prices.sorted(by: { $0.date < $1.date }) where scope.contains(p.assetID) { pricesByAsset[p.assetID, default: []].append(p) }
        return PerformanceInput(scope: scope, cashAssets: cash.intersection(scope), transactions: byAsset, prices: pricesByAsset)
    }

    func report(_ scope: Set<Int64>, _ from: String, _ to: String) throws -> PerformanceReport {
        try Performance.report(input(scope: scope), from: CalendarDate(from)!, to: CalendarDate(to)!)
    }
}

private func dec(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }

/// Flows, income, realized gains and the TWR trail of a scope, on the pitfalls peers hit.
@Suite("Performance of a scope: flows, pitfalls, reconciliation")
struct PerformanceTests {
    let stock: Int64 = 1, cash: Int64 = 2, other: Int64 = 3

    @Test("An asset bought twice: the second buy is a flow, TWR chains price moves only (0.21)")
    func twoBuys() throws {
        var h = History()
        h.add(stock, .buy, "2024-01-01", 10, at: 100); h.price(stock, "2024-01-01", 100)
        h.price(stock, "2024-02-01", 110)
        h.add(stock, .buy, "2024-03-01", 10, at: 110); h.price(stock, "2024-03-01", 110)
        h.price(stock, "2024-04-01", 121)
        let r = try h.report([stock], "2024-01-01", "2024-04-01")
        #expect(r.startValue == 1000)
        #expect(r.endValue == 2420)
        #expect(r.netFlows == 1100)
        #expect(r.twr == .value(dec("0.21")))
        #expect(r.unrealizedChange == 320)
        #expect(r.reconciliationDifference == 0)
        #expect(r.subPeriods.count == 3)
    }

    @Test("A period with no flows: TWR = Modified Dietz = growth, no flows")
    func noFlows() throws {
        var h = History()
        h.add(stock, .buy, "2024-01-01", 10, at: 100); h.price(stock, "2024-01-01", 100)
        h.price(stock, "2024-05-01", 105); h.price(stock, "2024-09-01", 110)
        let r = try h.report([stock], "2024-01-01", "2024-12-31")
        #expect(r.netFlows == 0)
        #expect(r.twr == .value(dec("0.1")))
        #expect(r.modifiedDietz == .value(dec("0.1")))
        #expect(r.growth == .value(dec("0.1")))
        #expect(r.mwr.reason?.hasPrefix("the period is shorter than a year") == true)
        #expect(r.reconciliationDifference == 0)
    }

    @Test("A position closed and reopened: the empty sub-period is skipped, not −100 % (TWR 0.21)")
    func closedAndReopened() throws {
        var h = History()
        h.add(stock, .buy, "2024-01-01", 10, at: 100); h.price(stock, "2024-01-01", 100)
        h.price(stock, "2024-02-01", 110); h.add(stock, .sell, "2024-02-01", 10, at: 110)
        h.add(stock, .buy, "2024-03-01", 5, at: 120); h.price(stock, "2024-03-01", 120)
        h.price(stock, "2024-04-01", 132)
        let r = try h.report([stock], "2024-01-01", "2024-04-01")
        #expect(r.twr == .value(dec("0.21")))
        #expect(r.subPeriods.contains { $0.periodReturn == .unavailable(Returns.Reason.startValueZero) })
        #expect(r.realizedGain == 100)
        #expect(r.reconciliationDifference == 0)
    }

    @Test("A dividend after a full sale: income of the asset, paid out to cash; no −100 %, reconciles")
    func dividendAfterFullSale() throws {
        var h = History(cash: [cash])
        h.add(stock, .buy, "2024-01-01", 10, at: 100); h.price(stock, "2024-01-01", 100)
        h.price(stock, "2024-02-01", 110); h.add(stock, .sell, "2024-02-01", 10, at: 110)
        h.add(cash, .dividend, "2024-03-01", 5, source: stock)
        let asset = try h.report([stock], "2024-01-01", "2024-04-01")
        #expect(asset.income == 5)
        #expect(asset.netFlows == -1105)
        #expect(asset.twr == .value(dec("0.1")))
        #expect(asset.endValue == 0)
        #expect(asset.reconciliationDifference == 0)
        #expect(asset.flows.contains { $0.kind == .incomePaidOut && $0.flow == -5 })
        // For the portfolio holding both, the dividend stays inside: income, not a flow.
        let both = try h.report([stock, cash], "2024-01-01", "2024-04-01")
        #expect(both.income == 5)
        #expect(both.netFlows == -1100)
        #expect(both.reconciliationDifference == 0)
        // For the cash asset alone, the dividend arrives from outside: a flow.
        let cashOnly = try h.report([cash], "2024-01-01", "2024-04-01")
        #expect(cashOnly.netFlows == 5)
        #expect(cashOnly.income == 0)
    }

    @Test("A buy and a sell on the same day: flows net at the end of the day; the trade's profit is return")
    func buyAndSellSameDay() throws {
        var h = History()
        h.add(stock, .buy, "2024-01-01", 10, at: 100); h.price(stock, "2024-01-01", 100)
        h.add(stock, .buy, "2024-02-01", 5, at: 110); h.add(stock, .sell, "2024-02-01", 5, at: 112); h.price(stock, "2024-02-01", 110)
        let r = try h.report([stock], "2024-01-01", "2024-02-01")
        #expect(r.netFlows == -10)
        #expect(r.twr == .value(dec("0.11")))  // (1100 − 1000 + 10) ÷ 1000
        #expect(r.reconciliationDifference.rounded(places: 2) == 0)
    }

    @Test("Opened and closed on the same day from nothing: the only sub-period starts at zero, a reason not a number")
    func openedAndClosedSameDay() throws {
        var h = History()
        h.add(stock, .buy, "2024-02-01", 5, at: 110); h.add(stock, .sell, "2024-02-01", 5, at: 112); h.price(stock, "2024-02-01", 110)
        let r = try h.report([stock], "2024-01-01", "2024-03-01")
        #expect(r.twr.value == nil)
        #expect(r.realizedGain == 10)
        #expect(r.reconciliationDifference == 0)
    }

    @Test("A swap inside a portfolio is no flow; a deposit into its cash is")
    func swapInsidePortfolio() throws {
        var h = History(cash: [cash])
        h.add(cash, .buy, "2024-01-01", 1000)
        h.add(cash, .sell, "2024-02-01", 500); h.add(stock, .buy, "2024-02-01", 5, at: 100); h.price(stock, "2024-02-01", 100)
        h.price(stock, "2024-03-01", 120)
        h.add(cash, .buy, "2024-03-01", 200)
        let r = try h.report([cash, stock], "2024-01-01", "2024-03-01")
        #expect(r.startValue == 1000)
        #expect(r.endValue == 1300)
        #expect(r.netFlows == 200)
        #expect(r.twr == .value(dec("0.1")))  // (1300 − 1000 − 200) ÷ 1000
        #expect(r.reconciliationDifference == 0)
    }

    @Test("A transfer out leaves at its price; the gain over cost is realized for the scope")
    func transferOut() throws {
        var h = History()
        h.add(stock, .buy, "2024-01-01", 10, at: 100); h.price(stock, "2024-01-01", 100)
        h.price(stock, "2024-02-01", 150); h.add(stock, .transferOut, "2024-02-01", 4, at: 150)
        let r = try h.report([stock], "2024-01-01", "2024-02-01")
        #expect(r.netFlows == -600)
        #expect(r.realizedGain == 200)
        #expect(r.twr == .value(dec("0.5")))
        #expect(r.reconciliationDifference == 0)
    }

    @Test("In-kind interest is income of the asset; income from outside into a scope's cash is a flow")
    func incomeKinds() throws {
        var h = History(cash: [cash])
        h.add(stock, .buy, "2024-01-01", 10, at: 100); h.price(stock, "2024-01-01", 100)
        h.add(stock, .interest, "2024-02-01", 1, at: 100, source: stock)
        h.add(cash, .interest, "2024-02-01", 7, source: other)
        let r = try h.report([stock], "2024-01-01", "2024-02-01")
        #expect(r.income == 100)
        #expect(r.netFlows == 0)
        #expect(r.twr == .value(dec("0.1")))
        let c = try h.report([cash], "2024-01-01", "2024-02-01")
        #expect(c.netFlows == 7)
        #expect(c.income == 0)
    }

    @Test("The cumulative TWR series starts at a 0 % origin and ends at the period's TWR")
    func series() throws {
        var h = History()
        h.add(stock, .buy, "2024-01-01", 10, at: 100); h.price(stock, "2024-01-01", 100)
        h.price(stock, "2024-01-15", 110)
        h.add(stock, .buy, "2024-02-10", 10, at: 110); h.price(stock, "2024-02-10", 110)
        h.price(stock, "2024-03-01", 121)
        let dates = ["2024-01-01", "2024-02-01", "2024-03-01"].map { CalendarDate($0)! }
        let points = Performance.twrSeries(h.input(scope: [stock]), dates: dates)
        #expect(points.map(\.cumulative) == [0, dec("0.1"), dec("0.21")])
        #expect(points.map(\.value) == [1000, 1100, 2420])
    }

    @Test("The explanation shows each flow, each sub-period and the reconciliation")
    func explanation() throws {
        var h = History()
        h.add(stock, .buy, "2024-01-01", 10, at: 100); h.price(stock, "2024-01-01", 100)
        h.price(stock, "2024-02-01", 110); h.add(stock, .sell, "2024-02-01", 10, at: 110)
        let lines = PerformanceExplanation.lines(try h.report([stock], "2024-01-01", "2024-02-01"), assetNames: [stock: "ACME"])
        #expect(lines.contains { $0.contains("ACME  sell  flow -1100, realized +100") })
        #expect(lines.contains { $0.contains("period 2024-01-01 … 2024-02-01: (0 − 1000 − (-1100)) ÷ 1000 = 0.1") })
        #expect(lines.last?.hasSuffix("(difference 0)") == true)
    }

    @Test("A start after the end is an error naming both dates")
    func badPeriod() {
        #expect(throws: RuleViolation.self) { try History().report([1], "2024-02-01", "2024-01-01") }
    }
}
