import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Binance's transaction history: ledger legs grouped into trades by their time, fees in
/// the coin, the currency or BNB, coin-to-coin trades as swaps; against a hand calculation.
@Suite("Profiles: Binance")
struct BinanceProfileTests {
    @Test("Binance: legs paired into trades, fees in three places, coin-to-coin trades as swaps at cost, wallet moves skipped; as by hand")
    func binance() throws {
        let t = try ProfileTestStore()
        let data = try sample("binance.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.first == "Profile: Binance (binance).", "\(lines)")
        #expect(lines.contains("16 rows imported as 25 transactions."), "\(lines)")
        #expect(lines.contains("14 rows skipped by the profile:"), "\(lines)")
        // By hand. The statement gives no prices: a coin-to-coin trade is a swap at cost (the
        // coin given leaves at its average cost, which the coin received takes; nothing is
        // realized until it is sold for money).
        // BTC: 0.025 bought for 999, its fee of 0.000025 BTC taken from it: 0.024975 @ 40000;
        // 0.01 sold for 600 less a 0.60 EUR fee: realized 599.40 − 400 = 199.40; then 0.005
        // received for 0.1005 ETH (Binance Convert) at that ETH's cost, 220: 0.019975 for 819.
        expectPosition(try t.position("BTC"), quantity: D("0.019975"), cost: 819, realized: D("199.4"))
        // ETH: 0.5 for 1100; 0.2 withdrawn at its average cost (440); rewards of 0.0005 and
        // 0.001 (no price in the statement: at 0): 0.3015 for 660; 0.1005 converted, a third of
        // it, leaves 0.201 for 440. The wallet transfers are skipped.
        expectPosition(try t.position("ETH"), quantity: D("0.201"), cost: 440, realized: 0)
        // BNB: 0.5 deposited (at 0), 0.003 paid as the ETH trade's fee, 0.001 as the SOL-USDT
        // trade's (each a sale at 0, of a cost of 0).
        expectPosition(try t.position("BNB"), quantity: D("0.496"), cost: 0, realized: 0)
        // USDT: 100 bought for 92 EUR; all 100 given for SOL (cost 92 goes with them); 35
        // received for SOL at its cost 45.954; sold for 32.20 EUR: realized 32.20 − 45.954.
        expectPosition(try t.position("USDT"), quantity: 0, cost: 0, realized: D("-13.754"))
        // SOL: 0.5 received for the 100 USDT, cost 92; its fee of 0.0005 SOL came after the
        // pair (a sale at 0: realized −92 × 0.0005 ÷ 0.5 = −0.092), 0.4995 for 91.908; half of
        // it, 0.24975, given for 35 USDT (cost 45.954): 0.24975 for 45.954.
        expectPosition(try t.position("SOL"), quantity: D("0.24975"), cost: D("45.954"), realized: D("-0.092"))
        #expect(try t.asset("SOL")?.currency == "EUR" && t.asset("USDT")?.type == .crypto)
        #expect(try t.income("ETH").gross == 0)  // rewards at 0: the statement gives no price
        // EUR: 3000 − 999 − 1100 + 599.40 − 92 − 500 + 32.20 = 940.60.
        expectPosition(try t.position("Binance EUR"), quantity: D("940.6"), cost: D("940.6"), realized: 0)
        try expectSwapsLinked(t, ["USDT", "ETH", "SOL"])
        try expectAssets(t, ["BNB", "BTC", "Binance EUR", "ETH", "SOL", "USDT"])
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
