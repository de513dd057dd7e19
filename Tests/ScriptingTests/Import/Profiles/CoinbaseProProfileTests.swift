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
        #expect(first.contains("16 rows skipped by the profile:"), "\(first)")
        let second = try #require(try t.importing(fills))
        #expect(second.contains("4 rows imported as 8 transactions."), "\(second)")
        #expect(second.contains("1 row skipped by the profile:"), "\(second)")
        // BTC: two fills of 0.05 @ 40000 + 10 fee = 4020; 0.04 sold @ 60000 − 12 = 2388:
        // realized 2388 − 0.04 × 40200 = 780. (The ETH-BTC fill is skipped: the broker holds
        // 0.0544725 BTC and 1.6 ETH.)
        expectPosition(try t.position("BTC"), quantity: D("0.06"), cost: 2412, realized: 780)
        // ETH: 0.5 received (no price in the report: at 0), 1 bought for 2211.
        expectPosition(try t.position("ETH"), quantity: D("1.5"), cost: 2211, realized: 0)
        #expect(try t.asset("ETH")?.type == .crypto)
        // EUR: 10000 − 2010 − 2010 − 2211 + 2388 + 1.50 − 1000 = 5158.50, the account's last balance.
        expectPosition(try t.position("Coinbase Pro EUR"), quantity: D("5158.5"), cost: D("5158.5"), realized: 0)
        let eur = try t.income("Coinbase Pro EUR")  // the fee rebate: interest, no tax
        #expect(eur.interest == D("1.5") && eur.tax == 0 && eur.net == D("1.5"))
        // USD: 200 deposited, 100 converted into 100 USDC (a buy at 1 USD).
        expectPosition(try t.position("Coinbase Pro USD"), quantity: 100, cost: 100, realized: 0)
        expectPosition(try t.position("USDC"), quantity: 100, cost: 100, realized: 0)
        #expect(try t.asset("USDC")?.currency == "USD")
        try expectIdempotentAndAtomic(t, fills, badRow: "default,5200,BTC-EUR,HOLD,2024-07-01T10:00:00.000Z,0.01,BTC,50000,1,-501,EUR")
        try expectIdempotentAndAtomic(t, account, badRow: "default,margin,2024-07-01T10:00:00.000Z,1,1,EUR,,,")
    }
}
