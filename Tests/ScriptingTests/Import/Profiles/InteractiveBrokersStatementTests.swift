import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("Profile: Interactive Brokers activity statement")
struct InteractiveBrokersStatementTests {
    @Test("sections with their own headers, Order rows only, totals skipped, a Forex conversion and a split; as by hand")
    func statementByHand() throws {
        let t = try ProfileTestStore()
        let data = try sample("ibkr-statement.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.first == "Profile: Interactive Brokers (activity statement) (ibkr-statement).")
        #expect(lines.contains("11 rows imported as 16 transactions."), "\(lines)")
        // AAPL: 10 @ 180 + 1 = 1801; 4 sold @ 190 − 1 = 759: realized 759 − 720.40 = 38.60; 6 left, cost 1080.60.
        expectPosition(try t.position("AAPL"), quantity: 6, cost: D("1080.6"), realized: D("38.6"))
        // NVDA: 5 @ 620 + 1 = 3101; split 10 for 1 adds 45: 50 units, cost 3101.
        expectPosition(try t.position("NVDA"), quantity: 50, cost: 3101, realized: 0)
        // USD: 10000 − 1095 − 2 − 1801 − 3101 + 2.40 − 0.36 + 3.12 − 10 + 759 − 500 = 4255.16; the
        // Forex commission, the tax and the market data fee (12.36) are its loss.
        expectPosition(try t.position("Interactive Brokers USD"), quantity: D("4255.16"), cost: D("4255.16"), realized: D("-12.36"))
        #expect(try t.position("Interactive Brokers EUR").quantity == 1000)
        let aapl = try t.income("AAPL")
        #expect(aapl.dividends == D("2.4") && aapl.tax == D("0.36") && aapl.net == D("2.04"))
        try expectIncome(t, "Interactive Brokers USD", gross: D("3.12"), tax: 0, net: D("3.12"))  // the Interest row
        try expectAssets(t, ["AAPL", "Interactive Brokers EUR", "Interactive Brokers USD", "NVDA"])
        try expectIdempotentAndAtomic(t, data, badRow: "Trades,Data,Order,Options,USD,AAPL 240621C00200000,\"2024-06-01, 10:00:00\",1,2,2,-200,-1,201,0,0,O")
    }
}
