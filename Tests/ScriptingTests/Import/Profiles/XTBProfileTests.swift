import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

/// XTB's cash operations: the 2025 sheet saved as CSV (title block naming the currency,
/// comma decimals, a Total line) and the classic CSV in Polish, against a hand calculation.
@Suite("Profiles: XTB cash operations")
struct XTBProfileTests {
    @Test("XTB 2025 sheet: currency from the title block, quantities from comments, partial fills, WHT, CFD skipped; as by hand")
    func sheet() throws {
        let t = try ProfileTestStore()
        let data = try sample("xtb.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.first == "Profile: XTB (xtb).", "\(lines)")
        #expect(lines.contains("13 rows imported as 18 transactions."), "\(lines)")
        #expect(lines.contains("2 rows skipped by the profile:"), "\(lines)")
        // SPYL.DE: 40 for 484.00 and 5.5 for 66.55 (two fills of one order of 45.5) = 550.55;
        // 10 sold for 128.00 at the average 12.10: realized 128 − 121 = 7.
        expectPosition(try t.position("SPYL.DE"), quantity: D("35.5"), cost: D("429.55"), realized: 7)
        // AAPL.US: 2 @ 185.50 USD paid 343.62 EUR (kept in EUR: the file gives no USD);
        // 1 sold for 195.20 EUR: realized 195.20 − 171.81 = 23.39.
        expectPosition(try t.position("AAPL.US"), quantity: 1, cost: D("171.81"), realized: D("23.39"))
        #expect(try t.asset("AAPL.US")?.currency == "EUR")
        // AAPL.US dividend 0.46 gross, 0.07 withheld (its own row), 0.39 net.
        let aapl = try t.income("AAPL.US")
        #expect(aapl.dividends == D("0.46") && aapl.tax == D("0.07") && aapl.net == D("0.39"))
        // EUR: 5000 − 484 − 66.55 − 343.62 + 128 + 0.46 − 0.07 + 1.25 − 0.24 + 195.20 − 0.01
        // − 1000 + 250 = 3680.42; the file's Total 3683.52 also counts the CFD profit of 3.10,
        // which is skipped. The taxes and the SEC fee (0.07 + 0.24 + 0.01) are the cash's loss.
        expectPosition(try t.position("XTB EUR"), quantity: D("3680.42"), cost: D("3680.42"), realized: D("-0.32"))
        #expect(try t.income("XTB EUR").interest == D("1.25"))
        // The free-funds interest, 1.25, and its tax, 0.24, named on the cash.
        try expectIncome(t, "XTB EUR", gross: D("1.25"), tax: D("0.24"), net: D("1.01"))
        try expectAssets(t, ["AAPL.US", "SPYL.DE", "XTB EUR"])
        try expectIdempotentAndAtomic(t, data, badRow: "Mystery;AAPL.US;Apple;2024-10-01 10:00:00;-1,00;600000099;?;Stocks")
    }

    @Test("XTB classic CSV in Polish: no currency in the file, so --currency names it; as by hand")
    func classicPolish() throws {
        let data = try sample("xtb-pl.csv")
        let refused = try ProfileTestStore()
        #expect(throws: (any Error).self) { try refused.importing(data) }
        do { _ = try refused.importing(data) } catch { #expect("\(error)".contains("--currency"), "\(error)") }
        #expect(try refused.transactionCount() == 0)

        let t = try ProfileTestStore()
        let lines = try #require(try t.importing(data) { $0.currency = "PLN" })
        #expect(lines.contains("6 rows imported as 8 transactions."), "\(lines)")
        // CDR.PL: 5 for 550; 2 sold for 244.60: realized 244.60 − 220 = 24.60.
        expectPosition(try t.position("CDR.PL"), quantity: 3, cost: 330, realized: D("24.6"))
        let cdr = try t.income("CDR.PL")
        #expect(cdr.dividends == 3 && cdr.tax == D("0.57") && cdr.net == D("2.43"))
        // PLN: 2000 − 550 + 1.05 + 244.60 + 3 − 0.57 = 1698.08.
        expectPosition(try t.position("XTB PLN"), quantity: D("1698.08"), cost: D("1698.08"), realized: D("-0.57"))
        try expectAssets(t, ["CDR.PL", "XTB PLN"])
        try expectIdempotentAndAtomic(t, data, badRow: "700000099;Nieznany typ;06.04.2024 10:00:00;?;;1.00;;;;") { $0.currency = "PLN" }
        #expect(try t.income("XTB PLN").interest == D("1.05"))
    }

    @Test("an unreadable comment or time is refused at its line")
    func refusals() throws {
        let t = try ProfileTestStore()
        var text = String(decoding: try sample("xtb-pl.csv"), as: UTF8.self)
        text += "700000007;Zakup akcji/ETF;010.09.2024 20:49:02;OPEN BUY 1 @ 100.00;CDR.PL;-100;;;;\n"
        text += "700000008;Zakup akcji/ETF;11.09.2024 20:49:02;BUY SOMETHING;CDR.PL;-100;;;;\n"
        do {
            _ = try t.importing(Data(text.utf8)) { $0.currency = "PLN" }
            Issue.record("imported")
        } catch {
            #expect("\(error)".contains("line 8: "), "\(error)")
            #expect("\(error)".contains("cannot read the time '010.09.2024 20:49:02'"), "\(error)")
            #expect("\(error)".contains("line 9: "), "\(error)")
            #expect("\(error)".contains("cannot read the quantity in the comment 'BUY SOMETHING'"), "\(error)")
        }
        #expect(try t.transactionCount() == 0)
    }
}
