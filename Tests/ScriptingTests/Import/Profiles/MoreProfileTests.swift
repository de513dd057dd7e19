import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Freetrade, eToro, Coinbase, Kraken, Ghostfolio and Portfolio Performance: each sample
/// imported with no option into a new store, against a hand calculation.
@Suite("Profiles: Freetrade, eToro, Coinbase, Kraken, Ghostfolio, Portfolio Performance")
struct MoreProfileTests {
    @Test("Freetrade: unsigned amounts, a free share, a foreign dividend's tax converted; as by hand")
    func freetrade() throws {
        let t = try ProfileTestStore()
        let data = try sample("freetrade.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("9 rows imported as 13 transactions."), "\(lines)")
        // LGEN: 200 @ 2.50 + 2.50 stamp duty = 502.50; 100 sold @ 2.55: 255 − 251.25 = 3.75.
        expectPosition(try t.position("LGEN"), quantity: 100, cost: D("251.25"), realized: D("3.75"))
        // AAPL: 1.05 @ 189 USD = 198.45 USD (the FX fee was paid in GBP).
        expectPosition(try t.position("AAPL"), quantity: D("1.05"), cost: D("198.45"), realized: 0)
        // VOD: 10 free shares @ 0.70 = 7, income in kind.
        expectPosition(try t.position("VOD"), quantity: 10, cost: 7, realized: 0)
        #expect(try t.income("VOD").interest == 7)
        // GBP: 1000 − 502.50 − 150.75 + 0.19 + 28.40 + 1.12 + 255 − 300 = 331.46; the AAPL tax
        // (0.04 USD × 0.19 ÷ 0.21 = 0.036 → 0.04 GBP) its loss.
        expectPosition(try t.position("Freetrade GBP"), quantity: D("331.46"), cost: D("331.46"), realized: D("-0.04"))
        let aapl = try t.income("AAPL")
        #expect(aapl.dividends == D("0.23") && aapl.tax == D("0.04") && aapl.net == D("0.19"))
        #expect(try t.income("LGEN").net == D("28.4"))
        try expectIncome(t, "LGEN", gross: D("28.4"), tax: 0, net: D("28.4"))  // a UK dividend: nothing withheld
        try expectIncome(t, "Freetrade GBP", gross: D("1.12"), tax: 0, net: D("1.12"))  // INTEREST_FROM_CASH
        try expectAssets(t, ["AAPL", "Freetrade GBP", "LGEN", "VOD"])
        try expectIdempotentAndAtomic(t, data, badRow: "Mystery,CRYPTO_ORDER,2024-10-01T10:00:00.000Z,GBP,1.00,BUY,BTC,,,,,,,,,,,,,,,,,,,,,,")
    }

    @Test("eToro: spreadsheet numbers in three styles, prices from amount ÷ units, exact costs; as by hand")
    func etoro() throws {
        let t = try ProfileTestStore()
        let data = try sample("etoro.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("8 rows imported as 11 transactions."), "\(lines)")
        // NKE: 10 for 1000.00, closed for 1100.50: realized 100.50.
        expectPosition(try t.position("NKE"), quantity: 0, cost: 0, realized: D("100.5"))
        // AAPL: 9.5 for " 1 757,95 ": cost exactly 1757.95.
        expectPosition(try t.position("AAPL"), quantity: D("9.5"), cost: D("1757.95"), realized: 0)
        // USD: 5000 − 1000 − 1757.95 + 2.90 − 5 + 1100.50 − 0.10 − 500 = 2840.35, the last Balance;
        // the withdraw fee and the interest charged (5.10) are its loss.
        expectPosition(try t.position("eToro USD"), quantity: D("2840.35"), cost: D("2840.35"), realized: D("-5.1"))
        #expect(try t.income("NKE").net == D("2.9"))
        try expectIncome(t, "NKE", gross: D("2.9"), tax: 0, net: D("2.9"))  // eToro books the dividend net
        try expectAssets(t, ["AAPL", "NKE", "eToro USD"])
        try expectIdempotentAndAtomic(t, data, badRow: "11/05/2024 12:00:00,Mystery,-,1.00,-,0.00,0.00,0.00,-,-,0.00")
    }

    @Test("Coinbase: preamble lines, newest first, € cells, a Convert's two legs, staking; as by hand")
    func coinbase() throws {
        let t = try ProfileTestStore()
        let data = try sample("coinbase.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("7 rows imported as 11 transactions."), "\(lines)")
        // BTC: 0.05 for 2019.90 (fees in); 0.01 sold for 600 − 5: realized 595 − 403.98 = 191.02.
        expectPosition(try t.position("BTC"), quantity: D("0.04"), cost: D("1615.92"), realized: D("191.02"))
        // ETH: 0.5 for 1004; 0.1 converted at 2900 (realized 290 − 200.80 = 89.20); 0.002 staked @ 2800 = 5.60.
        expectPosition(try t.position("ETH"), quantity: D("0.402"), cost: D("808.8"), realized: D("89.2"))
        expectPosition(try t.position("USDC"), quantity: 290, cost: 290, realized: 0)
        #expect(try t.asset("BTC")?.type == .crypto)
        // EUR: 5000 − 2019.90 − 1004 + 595 − 200 = 2371.10.
        expectPosition(try t.position("Coinbase EUR"), quantity: D("2371.1"), cost: D("2371.1"), realized: 0)
        #expect(try t.income("ETH").interest == D("5.6"))
        try expectAssets(t, ["BTC", "Coinbase EUR", "ETH", "USDC"])
        try t.session { s in  // the Convert is one swap: the sale of ETH and the purchase of USDC linked
            let usdc = try #require(try s.asset(named: "USDC"))
            let buy = try #require(try s.transactions(ofAsset: usdc.id!).first)
            let sale = try #require(try buy.relatedTransactionID.flatMap { try s.transaction(id: $0) })
            #expect(sale.type == .sell && sale.relatedTransactionID == buy.id && sale.quantity == D("0.1"))
        }
        try expectIdempotentAndAtomic(t, data, badRow: "65f0000000000000000000a8,2024-06-02 10:00:00 UTC,Mystery,BTC,1,EUR,€1.00,€1.00,€1.00,€0.00,")
    }

    @Test("Kraken ledger: legs paired by refid, Kraken codes, unconfirmed and internal rows skipped; as by hand")
    func kraken() throws {
        let t = try ProfileTestStore()
        let data = try sample("kraken-ledgers.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("6 rows imported as 10 transactions."), "\(lines)")
        #expect(lines.contains("5 rows skipped by the profile:"), "\(lines)")
        // BTC: 0.05 for 2000 + 3.20 fee = 2003.20; 0.02 sold for 1200 − 1.92: realized 1198.08 − 801.28 = 396.80;
        // 0.01 given for ETH at its cost, 400.64 (the ledger gives no value: a swap at cost): 0.02 for 801.28.
        expectPosition(try t.position("BTC"), quantity: D("0.02"), cost: D("801.28"), realized: D("396.8"))
        // ETH: a staking reward of 0.01 (no price in the ledger: at 0); 0.2 received for the BTC less
        // its fee of 0.0004 ETH, at the BTC's cost: 0.2096 for 400.64.
        expectPosition(try t.position("ETH"), quantity: D("0.2096"), cost: D("400.64"), realized: 0)
        try expectSwapsLinked(t, ["BTC"])
        // EUR: 3000 − 2003.20 + 1198.08 − 1000 − 0.09 = 1194.79, the ledger's last balance.
        expectPosition(try t.position("Kraken EUR"), quantity: D("1194.79"), cost: D("1194.79"), realized: D("-0.09"))
        try expectAssets(t, ["BTC", "ETH", "Kraken EUR"])
        try expectIdempotentAndAtomic(t, data, badRow: "\"L4UESK-AAAAA-000009\",\"X-9\",\"2024-05-01 08:00:00\",\"margin\",\"\",\"currency\",\"ZEUR\",\"spot / main\",1.0000,0.0000,1195.7900")
    }

    @Test("Ghostfolio: its date formats, per-share dividends, trades without cash; as by hand")
    func ghostfolio() throws {
        let t = try ProfileTestStore()
        let data = try sample("ghostfolio.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("6 rows imported as 6 transactions."), "\(lines)")
        // MSFT: 5 @ 298.58 + 19 = 1511.90; 2 sold @ 270 − 1.50: realized 538.50 − 604.76 = −66.26.
        expectPosition(try t.position("MSFT"), quantity: 3, cost: D("907.14"), realized: D("-66.26"))
        expectPosition(try t.position("VTI"), quantity: 10, cost: 2100, realized: 0)
        // USD: dividend 5 × 0.62 = 3.10, interest 3.25, fee 2.50.
        expectPosition(try t.position("Ghostfolio USD"), quantity: D("3.85"), cost: D("3.85"), realized: D("-2.5"))
        #expect(try t.income("MSFT").dividends == D("3.1"))
        try expectIncome(t, "MSFT", gross: D("3.1"), tax: 0, net: D("3.1"))
        try expectIncome(t, "Ghostfolio USD", gross: D("3.25"), tax: 0, net: D("3.25"))  // the interest row
        try expectAssets(t, ["Ghostfolio USD", "MSFT", "VTI"])
        try expectIdempotentAndAtomic(t, data, badRow: "2023-02-01,MSFT,MANUAL,USD,1,1,liability,0,")
    }

    @Test("Portfolio Performance: semicolons, German numbers, Value with fees and taxes, a delivery with cost; as by hand")
    func portfolioPerformance() throws {
        let t = try ProfileTestStore()
        let data = try sample("portfolio-performance.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("9 rows imported as 13 transactions."), "\(lines)")
        // EUNL: 25 for 2505 (5 fees); 10 sold for 1112.50 after 2.50: realized 1112.50 − 1002 = 110.50.
        expectPosition(try t.position("EUNL"), quantity: 15, cost: 1503, realized: D("110.5"))
        // SAP: 3 for 1001.50 exactly (price 333.33333333, the remainder in the fees).
        expectPosition(try t.position("SAP"), quantity: 3, cost: D("1001.5"), realized: 0)
        expectPosition(try t.position("AAPL"), quantity: 5, cost: 1000, realized: 0)
        // EUR: 10000 − 2505 − 1001.50 + 6.12 + 1112.50 + 4.05 − 3 − 500 = 7113.17; the custody
        // fee and SAP's withheld tax (3 + 2.16) are its loss.
        expectPosition(try t.position("Portfolio Performance EUR"), quantity: D("7113.17"), cost: D("7113.17"), realized: D("-5.16"))
        let sap = try t.income("SAP")
        #expect(sap.dividends == D("8.28") && sap.tax == D("2.16") && sap.net == D("6.12"))
        try expectIncome(t, "Portfolio Performance EUR", gross: D("4.05"), tax: 0, net: D("4.05"))  // the Interest row
        try expectAssets(t, ["AAPL", "EUNL", "Portfolio Performance EUR", "SAP"])
        try expectIdempotentAndAtomic(t, data, badRow: "2024-10-01T00:00;Mystery;1,00;EUR;;;;;;;;;;;")
    }
}
