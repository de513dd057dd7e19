import Foundation
import Testing
@testable import Core
@testable import Scripting
@testable import Store

@Suite("Profile: DEGIRO account statement")
struct DegiroProfileTests {
    @Test("the Dutch sample (newest first, mixed number styles, a wrapped Order Id) imports with no option, as by hand")
    func dutchSampleByHand() throws {
        let t = try ProfileTestStore()
        let data = try sample("degiro-nl.csv")
        let lines = try #require(try t.importing(data))
        #expect(lines.first == "Profile: DEGIRO (degiro).")
        // 12 rows make 18 transactions; the first leg of each of the 3 conversions, the
        // wrapped Order Id and the 2 cash sweeps are skipped with their reasons.
        #expect(lines.contains("12 rows imported as 18 transactions."), "\(lines)")
        #expect(lines.contains("6 rows skipped by the profile:"), "\(lines)")
        // ABC CORP: 10 @ 33.9 USD = 339; 4 sold @ 40.5: realized 4 × 6.6 = 26.4; 6 left, cost 203.4.
        expectPosition(try t.position("ABC CORP"), quantity: 6, cost: D("203.4"), realized: D("26.4"))
        expectPosition(try t.position("VANGUARD FTSE ALL-WORLD"), quantity: 5, cost: D("400.5"), realized: 0)
        // EUR: 1000 − 2.00 − 312.44 − 400.50 + 1.88 + 149.31 − 2.50 + 0.45 = 434.20, the
        // statement's last balance; the two fees (4.50) are its realized loss.
        expectPosition(try t.position("DEGIRO EUR"), quantity: D("434.2"), cost: D("434.2"), realized: D("-4.5"))
        // USD: +339 − 339 + 2.40 − 0.36 − 2.04 + 162 − 162 = 0; the dividend tax is its loss.
        expectPosition(try t.position("DEGIRO USD"), quantity: 0, cost: 0, realized: D("-0.36"))
        let income = try t.income("ABC CORP")
        #expect(income.dividends == D("2.4") && income.tax == D("0.36") && income.net == D("2.04"))
        #expect(try t.income("DEGIRO EUR").interest == D("0.45"))
        try expectAssets(t, ["ABC CORP", "DEGIRO EUR", "DEGIRO USD", "VANGUARD FTSE ALL-WORLD"])
        try expectIdempotentAndAtomic(t, data, badRow: "02-06-2024,10:00,02-06-2024,,,Onbekende boeking,,EUR,\"1,00\",EUR,\"435,20\",")
    }

    @Test("descriptions in six languages are read; an unknown one is an error naming the line")
    func languages() throws {
        let rows = [
            ("Buy 2 ABC CORP@21.31 USD (US0000000001)", "buy"), ("Kauf 2 ABC CORP@21,31 USD (US0000000001)", "buy"),
            ("Achat 2 ABC CORP@21,31 USD (US0000000001)", "buy"), ("Compra 2 ABC CORP@21,31 USD (US0000000001)", "buy"),
            ("Acquisto 2 ABC CORP@21,31 USD (US0000000001)", "buy"),
        ]
        for (description, _) in rows {
            let file = "Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id\n"
                + "02-01-2024,10:00,02-01-2024,,,Deposit,,USD,100.00,USD,100.00,\n"
                + "03-01-2024,10:00,03-01-2024,ABC CORP,US0000000001,\"\(description)\",,USD,-42.62,USD,57.38,o-1\n"
            let t = try ProfileTestStore()
            try t.importing(Data(file.utf8))
            expectPosition(try t.position("ABC CORP"), quantity: 2, cost: D("42.62"), realized: 0)
            #expect(try t.position("DEGIRO USD").quantity == D("57.38"))
        }
        let t = try ProfileTestStore()
        let bad = "Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id\n02-01-2024,10:00,02-01-2024,,,Something new,,USD,1.00,USD,1.00,\n"
        #expect { try t.importing(Data(bad.utf8)) } throws: { "\($0)".contains("line 2: ") && "\($0)".contains("unknown DEGIRO row 'Something new'") }
        #expect(try t.transactionCount() == 0)
    }
}
