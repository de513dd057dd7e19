import Foundation
import Testing
@testable import Core

/// The seeds' worked examples for quantity, average cost, cost basis and gains.
@Suite("Position (running average cost)")
struct PositionTests {
    let day = CalendarDate("2024-01-02")!

    func tx(_ type: TransactionType, _ quantity: ExactDecimal, _ price: ExactDecimal, id: Int64) -> Transaction {
        Transaction(id: id, assetID: 1, type: type, date: day.adding(days: Int(id)), quantity: quantity, pricePerUnit: price, currency: "USD")
    }

    @Test("BusinessLogic.md: buy 10 @ 10, buy 10 @ 12, sell 5 → 15 held, average 11, cost basis 165")
    func costBasisAfterSale() {
        // Given
        let p = Position.of([tx(.buy, 10, 10, id: 1), tx(.buy, 10, 12, id: 2), tx(.sell, 5, 15, id: 3)])
        // Then
        #expect(p.quantity == 15)
        #expect(p.averageCost == 11)
        #expect(p.costBasis == 165)
        #expect(p.realizedGain == 20)  // 5 × (15 − 11)
    }

    @Test("Phases example 1: 10 @ 150 valued at 165 → 1650, gain 150 (10 %)")
    func phasesExample1() {
        let v = Valuation(position: .of([tx(.buy, 10, 150, id: 1)]), latestPrice: PricePoint(assetID: 1, date: day, price: 165))
        #expect(v.currentValue == 1650)
        #expect(v.unrealizedGain == 150)
        #expect(v.unrealizedGainPercent == 10)
    }

    @Test("Phases example 2: 10 @ 150 + 5 @ 160 → cost basis exactly 2300, value 2475 at 165, gain 175")
    func phasesExample2() {
        let v = Valuation(position: .of([tx(.buy, 10, 150, id: 1), tx(.buy, 5, 160, id: 2)]), latestPrice: PricePoint(assetID: 1, date: day, price: 165))
        #expect(v.costBasis == 2300)
        #expect(v.averageCost.rounded(places: 2) == ExactDecimal(string: "153.33"))
        #expect(v.currentValue == 2475)
        #expect(v.unrealizedGain == 175)
        #expect(v.unrealizedGainPercent.rounded(places: 1) == ExactDecimal(string: "7.6"))
    }

    @Test("Phases example 3: then sell 5 @ 170 → realized 83.33… (exact average 153.33…)")
    func phasesExample3() {
        let p = Position.of([tx(.buy, 10, 150, id: 1), tx(.buy, 5, 160, id: 2), tx(.sell, 5, 170, id: 3)])
        #expect(p.quantity == 10)
        #expect(p.realizedGain.rounded(places: 2) == ExactDecimal(string: "83.33"))
        #expect((p.costBasis + (850 - p.realizedGain)).rounded(places: 20) == 2300)
    }

    @Test("a buy after a sell: realized + unrealized equals the true profit")
    func buyAfterSell() {
        // buy 10 @ 100, sell 10 @ 120, buy 10 @ 200, price 200
        let v = Valuation(position: .of([tx(.buy, 10, 100, id: 1), tx(.sell, 10, 120, id: 2), tx(.buy, 10, 200, id: 3)]),
                          latestPrice: PricePoint(assetID: 1, date: day, price: 200))
        #expect(v.realizedGain == 200)
        #expect(v.unrealizedGain == 0)
        #expect(v.averageCost == 200)
    }

    @Test("holdings at zero: cost basis 0, gain percent 0, the next buy starts afresh")
    func zeroHoldings() {
        let p = Position.of([tx(.buy, 3, 10, id: 1), tx(.sell, 3, 9, id: 2)])
        #expect(p.quantity == 0)
        #expect(p.costBasis == 0)
        #expect(p.averageCost == 0)
        #expect(Valuation(position: p, latestPrice: nil).unrealizedGainPercent == 0)
    }

    @Test("transfer out leaves at average cost without realizing; fees add to cost and reduce proceeds")
    func transferAndFees() {
        var buy = tx(.buy, 10, 10, id: 1)
        buy.fees = 5
        var sell = tx(.sell, 5, 20, id: 3)
        sell.fees = 1
        let p = Position.of([buy, tx(.transferOut, 5, 0, id: 2)])
        #expect(p.costBasis == ExactDecimal(string: "52.5"))
        #expect(p.realizedGain == 0)
        let q = Position.of([buy, sell])
        #expect(q.realizedGain == ExactDecimal(string: "46.5"))  // 5 × 20 − 1 − 5 × 10.5
    }

    @Test("quantity impact of each type")
    func impacts() {
        #expect(tx(.sell, 2, 1, id: 1).quantityImpact == -2)
        #expect(tx(.transferOut, 2, 1, id: 1).quantityImpact == -2)
        for type in [TransactionType.buy, .transferIn, .dividend, .interest] { #expect(tx(type, 2, 1, id: 1).quantityImpact == 2) }
        #expect(tx(.adjustment, -3, 0, id: 1).quantityImpact == -3)
    }

    @Test("cash labels: Deposit and Withdrawal")
    func labels() {
        #expect(TransactionType.buy.label(forCash: true) == "Deposit")
        #expect(TransactionType.sell.label(forCash: true) == "Withdrawal")
        #expect(TransactionType.buy.label(forCash: false) == "Buy")
    }
}
