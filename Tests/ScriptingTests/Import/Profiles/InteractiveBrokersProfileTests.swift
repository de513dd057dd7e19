import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("Profile: Interactive Brokers Flex Query")
struct InteractiveBrokersProfileTests {
    @Test("trades with header and trailer records: refused with what is missing, then imported with --opening; as by hand")
    func flexTradesByHand() throws {
        let t = try ProfileTestStore()
        let data = try sample("ibkr-flex-trades.csv")
        // The file starts after the account was funded: USD goes 4612 below zero (the two
        // buys of 2024-01-05) and EUR 642.05 (2024-02-12).
        #expect { try t.importing(data) } throws: { error in
            let text = "\(error)"
            return text.contains("Interactive Brokers USD: 4612 missing on 2024-01-05") && text.contains("Interactive Brokers EUR: 642.05 missing on 2024-02-12")
                && text.contains("--opening FILE.csv")
        }
        #expect(try t.transactionCount() == 0)
        let opening = try temporaryFile("opening.csv", "asset,date,quantity,cost basis\nInteractive Brokers USD,2024-01-02,5000,5000\nInteractive Brokers EUR,2024-01-02,1000,1000\n")
        defer { try? FileManager.default.removeItem(atPath: opening) }
        let lines = try #require(try t.importing(data) { $0.opening = opening })
        #expect(lines.contains("4 rows imported as 8 transactions."), "\(lines)")
        // VTI: two fills (ids 301, 302) of 10 @ 230.50 + 1 = 4612; 5 sold @ 260.10 less 1.0035:
        // realized 1299.4965 − 4612 × 5/20 (1153) = 146.4965; 15 left, cost 3459.
        expectPosition(try t.position("VTI"), quantity: 15, cost: 3459, realized: D("146.4965"))
        expectPosition(try t.position("SAP"), quantity: 4, cost: D("642.05"), realized: 0)
        // USD: 5000 − 2306 − 2306 + 1299.4965 = 1687.4965; EUR: 1000 − 642.05 = 357.95.
        #expect(try t.position("Interactive Brokers USD").quantity == D("1687.4965"))
        #expect(try t.position("Interactive Brokers EUR").quantity == D("357.95"))
        try expectAssets(t, ["Interactive Brokers EUR", "Interactive Brokers USD", "SAP", "VTI"])
        try expectIdempotentAndAtomic(t, data, badRow: "\"DATA\",\"TRNT\",\"U1234567\",\"USD\",\"VTI\",\"US9229087690\",\"305\",\"HOLD\",\"20240701\",\"1\",\"1\",\"0\",\"USD\",\"0\"")
    }

    @Test("cash transactions: dividend, withholding, interest, fees, deposits")
    func flexCash() throws {
        let t = try ProfileTestStore()
        let file = """
            "ClientAccountID","CurrencyPrimary","Symbol","ISIN","Type","Description","SettleDate","Amount","TransactionID"
            "U1","USD","","","Deposits/Withdrawals","CASH RECEIPTS","20240102","1000","901"
            "U1","USD","VT","US9220427424","Dividends","VT(US9220427424) CASH DIVIDEND USD 0.6504 PER SHARE (Ordinary Dividend)","20240320","6.504","902"
            "U1","USD","VT","US9220427424","Withholding Tax","VT(US9220427424) CASH DIVIDEND USD 0.6504 PER SHARE - US TAX","20240320","-1.95","903"
            "U1","USD","","","Broker Interest Received","USD CREDIT INT FOR MAR-2024","20240403","2.11","904"
            "U1","USD","","","Other Fees","MARKET DATA","20240405","-1.5","905"
            "U1","USD","","","Deposits/Withdrawals","DISBURSEMENT","20240501","-200","906"
            """
        try t.importing(Data(file.utf8))
        try expectIncome(t, "VT", gross: D("6.504"), tax: D("1.95"), net: D("4.554"))
        // VT pays a dividend; the file holds no trade of it: no units.
        expectPosition(try t.position("VT"), quantity: 0, cost: 0, realized: 0)
        // 1000 + 6.504 − 1.95 + 2.11 − 1.5 − 200 = 805.164
        expectPosition(try t.position("Interactive Brokers USD"), quantity: D("805.164"), cost: D("805.164"), realized: D("-3.45"))
        try expectIncome(t, "Interactive Brokers USD", gross: D("2.11"), tax: 0, net: D("2.11"))  // the broker's interest
        try expectAssets(t, ["Interactive Brokers USD", "VT"])
        try expectIdempotentAndAtomic(t, Data(file.utf8), badRow: "\"U1\",\"USD\",\"\",\"\",\"Mystery\",\"?\",\"20240601\",\"1\",\"907\"")
    }
}
