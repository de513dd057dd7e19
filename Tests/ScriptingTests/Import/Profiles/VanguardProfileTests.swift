import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// Vanguard's US download: a holdings table above the transactions, the settlement fund as
/// the account's cash, dividends reinvested; against a hand calculation.
@Suite("Profiles: Vanguard")
struct VanguardProfileTests {
    @Test("Vanguard: holdings table left out, reinvestments, the settlement fund as cash, sweeps skipped; as by hand")
    func vanguard() throws {
        let t = try ProfileTestStore()
        let data = try sample("vanguard.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.first == "Profile: Vanguard (vanguard).", "\(lines)")
        #expect(lines.contains("8 rows imported as 12 transactions."), "\(lines)")
        #expect(lines.contains("3 rows skipped by the profile:"), "\(lines)")
        // VTI: 15 @ 235.10 = 3526.50, then the dividend of 13.65 reinvested: 0.056 @ 243.75.
        expectPosition(try t.position("VTI"), quantity: D("15.056"), cost: D("3540.15"), realized: 0)
        let vti = try t.income("VTI")  // the file gives no tax withheld: gross is net
        #expect(vti.dividends == D("13.65") && vti.tax == 0 && vti.net == D("13.65"))
        // BND: 20 @ 72.50 = 1450; 10 sold @ 73 less 0.02: realized 729.98 − 725 = 4.98.
        expectPosition(try t.position("BND"), quantity: 10, cost: 725, realized: D("4.98"))
        // USD (the settlement fund, VMFXX 5754.88 in the holdings table): 10000 − 3526.50 − 1450
        // + 13.65 − 13.65 + 729.98 + 21.40 − 20 = 5754.88; the account fee is its loss.
        expectPosition(try t.position("Vanguard USD"), quantity: D("5754.88"), cost: D("5754.88"), realized: -20)
        #expect(try t.income("Vanguard USD").interest == D("21.4"))
        #expect(try t.asset("VMFXX") == nil)
        try expectAssets(t, ["BND", "VTI", "Vanguard USD"])
        try expectIdempotentAndAtomic(t, data, badRow: "12345678,07/01/2024,07/01/2024,Mystery,?,VANGUARD TOTAL STOCK MARKET ETF,VTI,1,1,-1,0,-1,0,CASH,")
    }
}

/// Vanguard UK's Client Transactions Listing: the cash table is the record, the investment
/// table is left out; against a hand calculation.
@Suite("Profiles: Vanguard UK")
struct VanguardUKProfileTests {
    @Test("Vanguard UK: quantities in the Details text, tickers in parentheses, the investment table left out; as by hand")
    func vanguardUK() throws {
        let t = try ProfileTestStore()
        let data = try sample("vanguard-uk.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.first == "Profile: Vanguard UK (vanguard-uk).", "\(lines)")
        #expect(lines.contains("9 rows imported as 12 transactions."), "\(lines)")
        // FOO: "Bought 1,000" for 4000; 400 sold for 1720: realized 1720 − 1600 = 120.
        expectPosition(try t.position("FOO"), quantity: 600, cost: 2400, realized: 120)
        #expect(try t.income("FOO").dividends == D("62.5"))
        // A fund without a ticker keeps its whole name.
        expectPosition(try t.position("U.S. Equity Index Fund - Accumulation"), quantity: D("2.5"), cost: 1000, realized: 0)
        // GBP: 5000 − 4000 + 0.52 + 150 − 4.05 + 62.50 + 1720 − 1000 − 500 = 1428.97, the
        // table's closing Balance; the account fee is its loss.
        expectPosition(try t.position("Vanguard UK GBP"), quantity: D("1428.97"), cost: D("1428.97"), realized: D("-4.05"))
        #expect(try t.income("Vanguard UK GBP").interest == D("0.52"))
        try expectIncome(t, "FOO", gross: D("62.5"), tax: 0, net: D("62.5"))  // the listing gives no tax withheld
        try expectAssets(t, ["FOO", "U.S. Equity Index Fund - Accumulation", "Vanguard UK GBP"])
        // Re-importing adds nothing; a bad row inside the cash table refuses the whole file.
        let before = try t.transactionCount()
        let again = try #require(try t.importing(data))
        #expect(again.contains { $0.contains("No rows were imported") }, "\(again)")
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "Balance,1428.97", with: "01/12/2024,Mystery credit,1,1429.97\nBalance,1429.97")
        #expect(throws: (any Error).self) { try t.importing(Data(text.utf8)) }
        #expect(try t.transactionCount() == before)
    }

    @Test("a file with the cash table's columns but no 'Cash Transactions' title is refused, naming the generic import")
    func untitled() throws {
        let t = try ProfileTestStore()
        #expect(throws: (any Error).self) { try t.importing(Data("Date,Details,Amount,Balance\n04/01/2024,Salary,5000,5000\n".utf8)) }
        do { _ = try t.importing(Data("Date,Details,Amount,Balance\n04/01/2024,Salary,5000,5000\n".utf8)) } catch {
            #expect("\(error)".contains("assetflow import transactions FILE"), "\(error)")
        }
    }
}
