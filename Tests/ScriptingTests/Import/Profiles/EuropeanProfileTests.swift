import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// InvestEngine, Scalable Capital and Trade Republic: each sample imported with no option
/// into a new store, against a hand calculation.
@Suite("Profiles: InvestEngine, Scalable Capital, Trade Republic")
struct EuropeanProfileTests {
    @Test("InvestEngine: name / ISIN in one column, £ prices with thousands commas, two-digit years; as by hand")
    func investEngine() throws {
        let t = try ProfileTestStore()
        let data = try sample("investengine.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("4 rows imported as 4 transactions."), "\(lines)")
        // VWRL: 3.5 @ 110.79 = 387.765 and 1.25 @ 1120 = 1400.
        expectPosition(try t.position("Vanguard FTSE All-World"), quantity: D("4.75"), cost: D("1787.765"), realized: 0)
        // SWDA: 10 @ 80 = 800; 4 sold @ 85.50: realized 342 − 320 = 22.
        expectPosition(try t.position("iShares Core MSCI World"), quantity: 6, cost: 480, realized: 22)
        #expect(try t.asset("iShares Core MSCI World")?.currency == "GBP")
        try expectAssets(t, ["Vanguard FTSE All-World", "iShares Core MSCI World"])  // trades only: no cash
        try expectIdempotentAndAtomic(t, data, badRow: "Mystery / ISIN XX0000000000,Transfer,1,£1.00,£1.00,04/06/24 11:00:00,05/06/24,None")
    }

    @Test("Scalable Capital: semicolons, German numbers, cancelled rows skipped, fee and tax on top; as by hand")
    func scalable() throws {
        let t = try ProfileTestStore()
        let data = try sample("scalable.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("6 rows imported as 11 transactions."), "\(lines)")
        // Abc Corp: 80 @ 7.34 + 0.99 = 588.19; 30 sold @ 8.10 less 0.99: realized 242.01 − 220.57125 = 21.43875.
        expectPosition(try t.position("Abc Corp"), quantity: 50, cost: D("367.61875"), realized: D("21.43875"))
        // The savings plan: 1.234567 @ 81 = 99.999927 for 100.00 of cash.
        expectPosition(try t.position("MSCI World ETF"), quantity: D("1.234567"), cost: D("99.999927"), realized: 0)
        // EUR: 2000 − 588.19 − 100 + 3.40 + 242.01 − 4.51 + 1.25 = 1553.96; the taxes on the sale
        // and on the distribution (4.51 + 0.60) are the loss.
        expectPosition(try t.position("Scalable Capital EUR"), quantity: D("1553.96"), cost: D("1553.96"), realized: D("-5.11"))
        let abc = try t.income("Abc Corp")
        #expect(abc.dividends == 4 && abc.tax == D("0.6") && abc.net == D("3.4"))
        try expectIncome(t, "Scalable Capital EUR", gross: D("1.25"), tax: 0, net: D("1.25"))  // the Interest row
        try expectAssets(t, ["Abc Corp", "MSCI World ETF", "Scalable Capital EUR"])
        try expectIdempotentAndAtomic(t, data, badRow: "2025-01-02;10:00:00;Executed;\"SCAL0008\";\"Abc Corp\";Security;Mystery;US0000000001;1;1,00;-1,00;0,00;0,00;EUR")
    }

    @Test("Trade Republic: quoted fields, signed shares, fee and tax on trades, income net of tax; as by hand")
    func tradeRepublic() throws {
        let t = try ProfileTestStore()
        let data = try sample("traderepublic.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("7 rows imported as 12 transactions."), "\(lines)")
        // Apple: 5 @ 170 + 1 = 851; 2 sold @ 180 less 1: realized 359 − 340.40 = 18.60; 3 left, cost 510.60.
        expectPosition(try t.position("Apple Inc."), quantity: 3, cost: D("510.6"), realized: D("18.6"))
        // EUR: 1500 − 851 + 1.10 + 2.75 + 359 − 2.64 − 45.90 + 0.46 = 963.77; the taxes withheld
        // on the dividend, the interest and the sale (0.16 + 0.73 + 2.64) are its loss.
        expectPosition(try t.position("Trade Republic EUR"), quantity: D("963.77"), cost: D("963.77"), realized: D("-3.53"))
        let apple = try t.income("Apple Inc.")
        #expect(apple.dividends == D("1.26") && apple.tax == D("0.16") && apple.net == D("1.1"))
        // The cash's income: interest 2.75 net of 0.73 tax (gross 3.48) and a saveback of 0.46.
        try expectIncome(t, "Trade Republic EUR", gross: D("3.94"), tax: D("0.73"), net: D("3.21"))
        try expectAssets(t, ["Apple Inc.", "Trade Republic EUR"])
        try expectIdempotentAndAtomic(t, data, badRow: "\"2024-06-01T00:00:00.000Z\",\"2024-06-01\",\"DEFAULT\",\"CASH\",\"MYSTERY\",\"\",\"\",\"\",\"\",\"\",\"1.00\",\"\",\"\",\"EUR\",\"\",\"\",\"\",\"\",\"0b5e0000-0000-4000-8000-000000000008\",\"\",\"\",\"\",\"\"")
    }

    @Test("Bitstamp: trades at their rate with the fee on top, a fiat withdrawal's fee, a staking reward; as by hand")
    func bitstamp() throws {
        let t = try ProfileTestStore()
        let data = try sample("bitstamp.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("5 rows imported as 8 transactions."), "\(lines)")
        // BTC: 0.02 @ 40000 + 3.20 = 803.20; 0.005 sold @ 60000 − 1.20 = 298.80: realized 298.80 − 200.80 = 98.
        expectPosition(try t.position("BTC"), quantity: D("0.015"), cost: D("602.4"), realized: 98)
        expectPosition(try t.position("ETH"), quantity: D("0.01"), cost: 0, realized: 0)
        // EUR: 1000 − 803.20 + 298.80 − 200 − 0.90 = 294.70; the withdrawal fee its loss.
        expectPosition(try t.position("Bitstamp EUR"), quantity: D("294.7"), cost: D("294.7"), realized: D("-0.9"))
        try expectAssets(t, ["BTC", "Bitstamp EUR", "ETH"])
        try expectIdempotentAndAtomic(t, data, badRow: "1006,Main Account,Margin,,2024-05-01T09:00:00Z,1.00,EUR,,,,,0.00,EUR,")
    }

    @Test("Fidelity: blank lines before the header, disclaimers after, free-text actions with leading spaces; as by hand")
    func fidelity() throws {
        let t = try ProfileTestStore()
        let data = try sample("fidelity.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("7 rows imported as 10 transactions."), "\(lines)")
        // BND: 20 @ 72.50 = 1450; 5 sold @ 74 less 0.02: realized 369.98 − 362.50 = 7.48; the dividend
        // reinvested: 0.063 @ 73 = 4.599 (cash 4.60). 15.063 held, cost 1087.50 + 4.599 = 1092.099.
        expectPosition(try t.position("BND"), quantity: D("15.063"), cost: D("1092.099"), realized: D("7.48"))
        // USD: 5000 − 1450 + 369.98 + 4.60 − 4.60 + 1.23 − 25 = 3896.21; the advisor fee its loss.
        expectPosition(try t.position("Fidelity USD"), quantity: D("3896.21"), cost: D("3896.21"), realized: -25)
        #expect(try t.income("BND").dividends == D("4.6"))
        #expect(try t.income("SPAXX").interest == D("1.23"))
        try expectIncome(t, "BND", gross: D("4.6"), tax: 0, net: D("4.6"))
        // SPAXX, the core money-market position, pays the interest; its units are the cash.
        expectPosition(try t.position("SPAXX"), quantity: 0, cost: 0, realized: 0)
        try expectAssets(t, ["BND", "Fidelity USD", "SPAXX"])
        try expectIdempotentAndAtomic(t, data, badRow: "07/01/2024, MERGER MER PAYOUT (Cash), XYZ,XYZ CORP,Cash,0.000,,,,,10.00,")
    }
}
