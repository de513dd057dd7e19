import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("Profile: Trading 212")
struct Trading212ProfileTests {
    @Test("the sample imports with no option; holdings, cash, income and gains as by hand")
    func sampleByHand() throws {
        let t = try ProfileTestStore()
        let data = try sample("trading212.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.first == "Profile: Trading 212 (trading212).")
        #expect(lines.contains("11 rows imported as 17 transactions."), "\(lines)")
        // MSFT: bought 2 @ 370 USD (cost 740; fees are in EUR, outside the USD cost), sold 1 @ 420:
        // realized 1 × (420 − 370) = 50; 1 left at 370.
        expectPosition(try t.position("MSFT"), quantity: 1, cost: 370, realized: 50)
        // VWCE: 3 @ 100 EUR = 300; split 4:1 as "close 3, open 12": 12 units, cost still 300.
        expectPosition(try t.position("VWCE"), quantity: 12, cost: 300, realized: 0)
        // VOD: 100 @ 70.50 GBX = 0.705 GBP → cost 70.50 GBP.
        expectPosition(try t.position("VOD"), quantity: 100, cost: D("70.5"), realized: 0)
        #expect(try t.asset("VOD")?.currency == "GBP")
        // EUR cash: 2000 − 673.33 − 300 + 1.16 + 388.27 + 2.35 − 100 − 500 − 82.46 = 735.99;
        // the MSFT dividend's tax (0.21) left as a cost: realized −0.21.
        expectPosition(try t.position("Trading 212 EUR"), quantity: D("735.99"), cost: D("735.99"), realized: D("-0.21"))
        // USD cash: the conversion's 108.50.
        #expect(try t.position("Trading 212 USD").quantity == D("108.5"))
        // MSFT dividend: net 1.16 EUR; 0.23 USD withheld ≈ 0.23 × 1.16 ÷ (2 × 0.638) = 0.2091 → 0.21 EUR;
        // gross 1.37.
        let income = try t.income("MSFT")
        #expect(income.dividends == D("1.37") && income.tax == D("0.21") && income.net == D("1.16"))
        // Interest paid by the cash account itself.
        #expect(try t.income("Trading 212 EUR").interest == D("2.35"))
        expectPosition(try t.position("Trading 212 USD"), quantity: D("108.5"), cost: D("108.5"), realized: 0)
        try expectAssets(t, ["MSFT", "Trading 212 EUR", "Trading 212 USD", "VOD", "VWCE"])
        try expectIdempotentAndAtomic(t, data, badRow: "Mystery row,2024-07-01 10:00:00,,,,,,,,,,1.00,\"EUR\",,,,,,X-1")
    }
}

func D(_ text: String) -> ExactDecimal { try! ExactDecimal.parse(text) }
