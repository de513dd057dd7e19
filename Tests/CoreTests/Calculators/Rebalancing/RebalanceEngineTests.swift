import Foundation
import Testing
@testable import Core

@Suite struct RebalanceEngineTests {
    func plan(_ requests: [TradeRequest], newMoney: ExactDecimal = 0) throws -> TradePlan {
        try RebalanceEngine.plan(try example4(), requests: requests, strategy: "mine", newMoney: newMoney)
    }

    func message(_ requests: [TradeRequest]) -> String {
        do { _ = try plan(requests); return "no error" } catch { return "\(error)" }
    }

    @Test("a valid custom answer: the sell pays into cash, the buy is funded, cash nets out")
    func roundTrip() throws {
        let p = try plan([TradeRequest(index: 1, asset: "Coins", side: "sell", quantity: 1),
                          TradeRequest(index: 2, asset: "Stocks", side: "buy", amount: 1000)])
        #expect(p.trades.map(\.label) == ["sell Coins 1500.00", "buy Stocks 1000.00", "buy Cash 500.00"])
        #expect(p.summary == ["Move 1000.00 from crypto to stock", "Move 500.00 from crypto to cash"])
    }

    @Test("each way a custom answer can be wrong names the trade")
    func errors() {
        #expect(message([TradeRequest(index: 1, asset: "Nope", side: "buy", amount: 5)]) == "trade 1 (buy Nope 5): 'Nope' is not an asset of this portfolio.")
        #expect(message([TradeRequest(index: 1, asset: "Coins", side: "hold", amount: 5)]) == "trade 1 (hold Coins 5): side must be \"buy\" or \"sell\", not 'hold'.")
        #expect(message([TradeRequest(index: 1, asset: "Coins", side: "sell", amount: 5, quantity: 1)]).hasSuffix("give either amount or quantity, not both."))
        #expect(message([TradeRequest(index: 1, asset: "Coins", side: "sell")]) == "trade 1 (sell Coins): give an amount or a quantity.")
        #expect(message([TradeRequest(index: 1, asset: "Coins", side: "sell", amount: -5)]) == "trade 1 (sell Coins -5): amount must be greater than zero.")
        #expect(message([TradeRequest(index: 1, asset: "Stocks", side: "sell", amount: 1000),
                         TradeRequest(index: 2, asset: "Stocks", side: "sell", amount: 4500)])
                == "trade 2 (sell Stocks 4500): sells more than the holding (5000.00, 50 units, some already sold by an earlier trade).")
        #expect(message([TradeRequest(index: 1, asset: "Bonds", side: "sell", amount: 500),
                         TradeRequest(index: 2, asset: "Stocks", side: "buy", amount: 1000),
                         TradeRequest(index: 3, asset: "Coins", side: "buy", amount: 1500)])
                == "trade 3 (buy Coins 1500): buys are not funded: 2500.00 bought so far, 2000.00 available (sells 500.00 + cash 1500.00 + new money 0.00).")
    }

    @Test("new money funds buys beyond the cash")
    func newMoney() throws {
        let p = try plan([TradeRequest(index: 1, asset: "Stocks", side: "buy", amount: 2500)], newMoney: 1000)
        #expect(p.trades.map(\.label) == ["buy Stocks 2500.00", "sell Cash 1500.00"])
    }
}
