import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Coinbase Pro's account report (cash and coin transfers) and fills report (trades) into
/// one store, against a hand calculation.
@Suite("Profiles: Coinbase Pro / Exchange")
struct CoinbaseProProfileTests {
    @Test("Coinbase Pro: the account report's transfers, the fills' trades, counted once; as by hand")
    func coinbasePro() throws {
        let t = try ProfileTestStore()
        let account = try sample("coinbasepro-account.csv"), fills = try sample("coinbasepro-fills.csv")
        let first = try #require(try t.importing(account))
        #expect(first.first == "Profile: Coinbase Pro (coinbase-pro).", "\(first)")
        #expect(first.contains("6 rows imported as 7 transactions."), "\(first)")
        #expect(first.contains("19 rows skipped by the profile:"), "\(first)")
        let second = try #require(try t.importing(fills))
        #expect(second.contains("6 rows imported as 12 transactions."), "\(second)")
        #expect(!second.contains { $0.contains("skipped") }, "\(second)")
        // By hand. The ETH-BTC fills are priced in BTC, not in money: each is a swap at cost
        // (the coin given leaves at its average cost, which the coin received takes).
        // BTC: two fills of 0.05 @ 40000 + 10 fee = 4020 (0.1, 40200 each); 0.0055275
        // (0.1 ETH's 0.0055 + its fee 0.0000275) given for 0.1 ETH at its cost,
        // 0.0055275 × 40200 = 222.2055; 0.04 sold @ 60000 − 12 = 2388: realized 2388 −
        // 0.04 × 40200 = 780; 0.002786 received (0.05 ETH @ 0.056 less a fee of 0.000014)
        // at the cost of that ETH, 76.037671875: 0.0572585 for 4020 − 222.2055 − 1608 +
        // 76.037671875. The broker's balance is 0.0572585.
        expectPosition(try t.position("BTC"), quantity: D("0.0572585"), cost: D("2265.832171875"), realized: 780)
        // ETH: 0.5 received (no price in the report: at 0), 1 bought for 2211, 0.1 received for
        // BTC at 222.2055: 1.6 for 2433.2055; 0.05 given at 2433.2055 × 0.05 ÷ 1.6 =
        // 76.037671875: 1.55 for 2357.167828125, the broker's 1.55.
        expectPosition(try t.position("ETH"), quantity: D("1.55"), cost: D("2357.167828125"), realized: 0)
        try expectSwapsLinked(t, ["BTC", "ETH"])
        #expect(try t.asset("ETH")?.type == .crypto)
        // EUR: 10000 − 2010 − 2010 − 2211 + 2388 + 1.50 − 1000 = 5158.50, the account's last balance.
        expectPosition(try t.position("Coinbase Pro EUR"), quantity: D("5158.5"), cost: D("5158.5"), realized: 0)
        let eur = try t.income("Coinbase Pro EUR")  // the fee rebate: interest, no tax
        #expect(eur.interest == D("1.5") && eur.tax == 0 && eur.net == D("1.5"))
        // USD: 200 deposited, 100 converted into 100 USDC (a buy at 1 USD).
        expectPosition(try t.position("Coinbase Pro USD"), quantity: 100, cost: 100, realized: 0)
        expectPosition(try t.position("USDC"), quantity: 100, cost: 100, realized: 0)
        #expect(try t.asset("USDC")?.currency == "USD")
        try expectAssets(t, ["BTC", "Coinbase Pro EUR", "Coinbase Pro USD", "ETH", "USDC"])
        try expectIdempotentAndAtomic(t, fills, badRow: "default,5200,BTC-EUR,HOLD,2024-07-01T10:00:00.000Z,0.01,BTC,50000,1,-501,EUR")
        try expectIdempotentAndAtomic(t, account, badRow: "default,margin,2024-07-01T10:00:00.000Z,1,1,EUR,,,")
    }
}
