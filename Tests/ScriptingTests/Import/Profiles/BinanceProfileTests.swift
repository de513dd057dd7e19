import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Binance's transaction history: ledger legs grouped into trades by their time, fees in
/// the coin, the currency or BNB; against a hand calculation.
@Suite("Profiles: Binance")
struct BinanceProfileTests {
    @Test("Binance: legs paired into trades, fees in three places, coin-to-coin and wallet moves skipped; as by hand")
    func binance() throws {
        let t = try ProfileTestStore()
        let data = try sample("binance.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.first == "Profile: Binance (binance).", "\(lines)")
        #expect(lines.contains("10 rows imported as 13 transactions."), "\(lines)")
        #expect(lines.contains("11 rows skipped by the profile:"), "\(lines)")
        // BTC: 0.025 bought for 999, its fee of 0.000025 BTC taken from it: 0.024975 @ 40000;
        // 0.01 sold for 600 less a 0.60 EUR fee: realized 599.40 − 400 = 199.40.
        expectPosition(try t.position("BTC"), quantity: D("0.014975"), cost: 599, realized: D("199.4"))
        // ETH: 0.5 for 1100; 0.2 withdrawn at its average cost (440); rewards of 0.0005 and
        // 0.001 (no price in the statement: at 0); the wallet transfers are skipped.
        expectPosition(try t.position("ETH"), quantity: D("0.3015"), cost: 660, realized: 0)
        // BNB: 0.5 deposited (at 0), 0.003 paid as the ETH trade's fee.
        expectPosition(try t.position("BNB"), quantity: D("0.497"), cost: 0, realized: 0)
        #expect(try t.asset("SOL") == nil && t.asset("USDT") == nil)
        #expect(try t.income("ETH").gross == 0)  // rewards at 0: the statement gives no price
        // EUR: 3000 − 999 − 1100 + 599.40 − 500 = 1000.40.
        expectPosition(try t.position("Binance EUR"), quantity: D("1000.4"), cost: D("1000.4"), realized: 0)
        try expectIdempotentAndAtomic(t, data, badRow: "38017201,2024-07-01 10:00:00,Spot,Mystery,EUR,1.00000000,")
    }

    @Test("a trade leg left without its pair is refused at the end of the file")
    func unpaired() throws {
        let t = try ProfileTestStore()
        var text = String(decoding: try sample("binance.csv"), as: UTF8.self)
        text += "38017201,2024-07-01 10:00:00,Spot,Transaction Buy,BTC,0.01000000,\n"
        do {
            _ = try t.importing(Data(text.utf8))
            Issue.record("imported")
        } catch {
            #expect("\(error)".contains("a trade leg at 2024-07-01 10:00:00 without its pair"), "\(error)")
        }
        #expect(try t.transactionCount() == 0)
    }
}

extension BinanceProfileTests {
    @Test("a file of coins only names no currency: the import asks for --currency, and with it the coins are in that currency")
    func coinsOnly() throws {
        let text = "User_ID,UTC_Time,Account,Operation,Coin,Change,Remark\n1,2024-01-02 09:00:00,Spot,Deposit,BTC,0.5,\n1,2024-01-03 09:00:00,Spot,Staking Rewards,BTC,0.001,\n"
        let t = try ProfileTestStore()
        do {
            _ = try t.importing(Data(text.utf8))
            Issue.record("imported")
        } catch {
            #expect("\(error)".contains("The currency of 'BTC' is unknown: give the account's currency with --currency CODE."), "\(error)")
        }
        #expect(try t.transactionCount() == 0)
        _ = try t.importing(Data(text.utf8)) { $0.currency = "EUR" }
        #expect(try t.asset("BTC")?.currency == "EUR")
        expectPosition(try t.position("BTC"), quantity: D("0.501"), cost: 0, realized: 0)
    }
}
