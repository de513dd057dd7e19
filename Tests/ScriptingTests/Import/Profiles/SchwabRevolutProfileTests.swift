import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("Profiles: Charles Schwab and Revolut")
struct SchwabRevolutProfileTests {
    @Test("Schwab: title line, footer, $ amounts both signs, 'as of' dates; as by hand")
    func schwabByHand() throws {
        let t = try ProfileTestStore()
        let data = try sample("schwab.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.first == "Profile: Charles Schwab (schwab).")
        #expect(lines.contains("1 row skipped by the profile:"), "\(lines)")
        // KO: 100 @ 60 = 6000; 25 sold @ 62.50 less 0.03: realized 1562.47 − 1500 = 62.47; 75 left, cost 4500.
        expectPosition(try t.position("KO"), quantity: 75, cost: 4500, realized: D("62.47"))
        // NVDA: 5 @ 620 = 3100, then a 10-for-1 split adds 45: 50 units, cost 3100.
        expectPosition(try t.position("NVDA"), quantity: 50, cost: 3100, realized: 0)
        expectPosition(try t.position("TSM"), quantity: 10, cost: 1300, realized: 0)
        // Cash: 15000 − 6000 − 3100 − 1300 − 0.40 + 1562.47 + 1.25 + 24 − 3.60 − 2000 = 4183.72,
        // the footer's total; the ADR fee and the NRA tax (4.00) are its realized loss.
        expectPosition(try t.position("Charles Schwab USD"), quantity: D("4183.72"), cost: D("4183.72"), realized: -4)
        let ko = try t.income("KO")
        #expect(ko.dividends == 24 && ko.tax == D("3.6") && ko.net == D("20.4"))
        #expect(try t.income("Charles Schwab USD").interest == D("1.25"))
        try expectAssets(t, ["Charles Schwab USD", "KO", "NVDA", "TSM"])
        try expectIdempotentAndAtomic(t, data, badRow: "\"12/20/2024\",\"Cash Merger\",\"XYZ\",\"XYZ CORP\",\"\",\"\",\"\",\"$10.00\",")
    }

    @Test("Revolut: $ amounts, a decimal-comma quantity among dot decimals, two identical fills; as by hand")
    func revolutByHand() throws {
        let t = try ProfileTestStore()
        let data = try sample("revolut.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.contains("9 rows imported as 13 transactions."), "\(lines)")
        // MSFT: "0,76672417" @ 370 (not 76,672,417 shares) = 283.6879429; a 3:1 split adds 1.53344834.
        expectPosition(try t.position("MSFT"), quantity: D("2.30017251"), cost: D("283.6879429"), realized: 0)
        // AAPL: two identical fills of 1.5 @ 180 (both kept) = 540; 1 sold @ 170: realized −10; 2 left, cost 360.
        expectPosition(try t.position("AAPL"), quantity: 2, cost: 360, realized: -10)
        // USD: 1000 − 283.69 − 270 − 270 + 0.72 − 0.12 + 170 − 100 = 246.91; the custody fee is the loss.
        expectPosition(try t.position("Revolut USD"), quantity: D("246.91"), cost: D("246.91"), realized: D("-0.12"))
        #expect(try t.income("AAPL").net == D("0.72"))
        try expectIncome(t, "AAPL", gross: D("0.72"), tax: 0, net: D("0.72"))  // the statement gives the dividend net, no tax
        try expectAssets(t, ["AAPL", "MSFT", "Revolut USD"])
        try expectIdempotentAndAtomic(t, data, badRow: "2024-10-01T10:00:00.000Z,AAPL,MYSTERY,1,$1.00,$1.00,USD,1.1")
    }

    @Test("Revolut: a third identical fill is new only when the store holds two")
    func duplicatesByCount() throws {
        let t = try ProfileTestStore()
        let head = "Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate\n2024-01-02T09:00:00Z,,CASH TOP-UP,,,$1000,USD,1\n"
        let fill = "2024-01-03T15:00:00Z,AAPL,BUY - MARKET,1,$100,$100,USD,1\n"
        try t.importing(Data((head + fill + fill).utf8))
        #expect(try t.position("AAPL").quantity == 2)
        let lines = try #require(try t.importing(Data((head + fill + fill + fill).utf8)))
        #expect(lines.contains("1 row imported as 2 transactions."), "\(lines)")
        #expect(lines.contains("3 rows were already imported and skipped."), "\(lines)")
        #expect(try t.position("AAPL").quantity == 3)
    }
}

@Suite("Profiled imports: the portfolio")
struct ProfilePortfolioTests {
    @Test("--portfolio, else the default_portfolio setting: created when missing, holding the new assets")
    func portfolio() throws {
        let t = try ProfileTestStore()
        try t.session { _ = try $0.execute(SetDefaultPortfolio(name: "Brokers")) }
        let file = "Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate\n2024-01-02T09:00:00Z,,CASH TOP-UP,,,$100,USD,1\n"
        try t.importing(Data(file.utf8))
        let portfolio = try #require(try t.session { try $0.portfolio(named: "Brokers") })
        #expect(try t.asset("Revolut USD")?.portfolioID == portfolio.id)
        let other = try ProfileTestStore()
        try other.importing(Data(file.utf8)) { $0.portfolio = "Mine" }
        #expect(try other.asset("Revolut USD")?.portfolioID == other.session { try $0.portfolio(named: "Mine")?.id })
    }
}

@Suite("Profiled imports: --no-cash")
struct ProfileNoCashTests {
    @Test("--no-cash: trades move units only; deposits and withdrawals are left out; income still reaches the cash")
    func noCash() throws {
        let t = try ProfileTestStore()
        let file = """
            Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate
            2024-01-02T09:00:00Z,,CASH TOP-UP,,,$1000,USD,1
            2024-01-03T15:00:00Z,AAPL,BUY - MARKET,2,$100,$200,USD,1
            2024-02-15T10:00:00Z,AAPL,DIVIDEND,,,$0.50,USD,1
            2024-03-01T10:00:00Z,,CASH WITHDRAWAL,,,-$100,USD,1
            """
        let lines = try #require(try t.importing(Data(file.utf8)) { $0.cash = false })
        #expect(lines.contains("2 rows imported as 2 transactions."), "\(lines)")
        expectPosition(try t.position("AAPL"), quantity: 2, cost: 200, realized: 0)
        #expect(try t.position("Revolut USD").quantity == D("0.5"))
    }
}
