import Foundation
import Testing
@testable import Core
@testable import Store

/// The reading half of issue 21 through the store: numbers, currencies, quotes, rounding,
/// the dry run and the error headline, as an import reports them.
@Suite("Import reading: numbers, currencies, quotes, rounding, dry run, headline")
struct ImportReadingStoreTests: StoreRuleTesting {
    @Test("Revolut's 0,76672417 is 0.76672417 shares; a semicolon file's 150,00 is 150 with no option")
    func numbers() throws {
        try withStore { s in
            _ = try importCSV(s, .transactions, """
                Date,Ticker,Type,Quantity,Price
                2024-01-02,MSFT,buy,"0,76672417",$370.15
                2024-01-03,MSFT,buy,"1,5",$371.00
                """)
            let msft = try #require(try s.asset(named: "MSFT"))
            #expect(try s.position(ofAsset: msft.id!).quantity == x("2.26672417"))
            _ = try importCSV(s, .transactions, "Date;Asset;Type;Quantity;Price\n2024-01-04;ACME;buy;2;150,00\n2024-01-05;ACME;buy;1;99,5\n")
            let acme = try #require(try s.asset(named: "ACME"))
            #expect(try s.transactions(ofAsset: acme.id!).map(\.pricePerUnit) == [150, x("99.5")])
        }
    }

    @Test("a mixed column and --decimal-comma's 97.93 are refused with their lines; nothing is written")
    func refused() throws {
        try withStore { s in
            let before = try snapshot(s)
            let mixed = failureLines {
                _ = try importCSV(s, .transactions, "Date;Asset;Type;Quantity;Price\n2024-01-02;A;buy;1;150,00\n2024-01-03;A;buy;1;97.93\n2024-01-04;A;buy;1;12,5\n")
            }
            #expect(mixed?.first == "1 row has an error; nothing was imported.")
            #expect(mixed?.last?.hasPrefix("line 3, Price: '97.93': this column mixes decimal styles") == true)
            let stated = failureLines {
                _ = try importCSV(s, .transactions, "Date;Asset;Type;Quantity;Price\n2024-01-02;A;buy;1;150,00\n2024-01-03;A;buy;1;97.93\n") { $0.decimalComma = true }
            }
            #expect(stated?.last?.hasPrefix("line 3, Price: '97.93' has a decimal point, but") == true)
            #expect(try snapshot(s) == before)
        }
    }

    @Test("£110.79 is GBP and never creates a USD asset; GBX is pence; a contradicting currency names the row")
    func currencies() throws {
        try withStore { s in
            let outcome = try importCSV(s, .transactions, """
                Date,Asset,Type,Quantity,Price
                2024-01-02,VOD,buy,10,£110.79
                """)
            #expect(outcome.lines.last == "1 new asset added: VOD (stock, GBP).")
            _ = try importCSV(s, .transactions, """
                Date,Asset,Type,Quantity,Price,Currency
                2024-01-03,VOD,buy,10,11079.5,GBX
                2024-01-04,VOD,buy,1,12345 GBp,
                """)
            let vod = try #require(try s.asset(named: "VOD"))
            #expect(try s.transactions(ofAsset: vod.id!).map(\.pricePerUnit) == [x("110.79"), x("110.795"), x("123.45")])
            let contradicting = failureLines {
                _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price\n2024-01-05,VOD,buy,1,$1.10\n2024-01-06,VOD,buy,1,€1.10\n")
            }
            #expect(contradicting == ["2 rows have errors; nothing was imported.",
                                      "line 2, Currency: Currency '$' does not match the currency of 'VOD' (GBP).",
                                      "line 3, Currency: Currency 'EUR' does not match the currency of 'VOD' (GBP)."])
            let twoInOneRow = failureLines {
                _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price,Currency\n2024-01-05,VOD,buy,1,£1.10,USD\n")
            }
            #expect(twoInOneRow?.last == "line 2, Price: '£1.10' is in GBP, but Currency says USD.")
        }
    }

    @Test("an unmatched quote is an error at its line, not one transaction with a long note")
    func unmatchedQuote() throws {
        try withStore { s in
            let before = try snapshot(s)
            let lines = failureLines {
                _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price,Note\n2024-01-02,A,buy,1,1,\"oops\n2024-01-03,A,buy,1,1,x\n2024-01-04,A,buy,1,1,y\n")
            }
            #expect(lines?.first == "1 row has an error; nothing was imported.")
            #expect(lines?.last?.hasPrefix("line 2: A quote (\") opens a field here and is never closed, so lines 2–5") == true)
            #expect(try snapshot(s) == before)
        }
    }

    @Test("a price past 18 places is rounded half-even, and the summary says how many")
    func rounding() throws {
        try withStore { s in
            let outcome = try importCSV(s, .prices, "Date,Asset,Price\n2024-01-02,A,1.0000000000000000005\n2024-01-03,A,2.0000000000000000015\n2024-01-04,A,3\n")
            #expect(outcome.lines.last == "2 prices had more than 18 decimal places and were rounded half-even to 18.")
            let a = try #require(try s.asset(named: "A"))
            #expect(try s.prices(ofAsset: a.id!).map(\.price) == [1, x("2.000000000000000002"), 3])
        }
    }

    @Test("the error headline counts rows; each row's problems follow it")
    func headline() throws {
        try withStore { s in
            let lines = failureLines {
                _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price\nx,A,jump,abc,1\n2024-01-02,A,buy,1,y\n")
            }
            #expect(lines?.first == "2 rows have errors; nothing was imported.")
            #expect(lines?.dropFirst().map { String($0.prefix(7)) } == ["line 2,", "line 2,", "line 2,", "line 3,"])
        }
    }

    @Test("dry run and the real import report the same summary on the same files")
    func dryRunParity() throws {
        let files: [(ImportKind, String)] = [
            (.transactions, "Date,Asset,Type,Quantity,Price,Currency\n2024-01-02,VOD,buy,10,£1.5,\n2024-01-02,VOD,buy,10,£1.5,\n2024-01-03,Fund,buy,100,1,\n"),
            (.prices, "Date,Asset,Price\n2024-01-02,VOD,1.0000000000000000005\n2024-01-03,VOD,2\n"),
            (.transactions, "Date,Asset,Type,Quantity,Price\n2024-01-04,VOD,sell,5,£2\n2024-01-02,VOD,buy,10,£1.5\n"),
        ]
        try withStore { dry in
            try withStore { real in
                for (kind, text) in files {
                    if let lines = failureLines({ _ = try importCSV(dry, kind, text, dryRun: true) }) { Issue.record("\(lines)") }
                    let preview = try importCSV(dry, kind, text, dryRun: true)
                    let done = try importCSV(real, kind, text)
                    #expect(preview.lines.first == "Dry run: nothing was written; the import would report:")
                    #expect(Array(preview.lines.dropFirst().prefix(done.lines.count)) == done.lines, "\(text)")
                    _ = try importCSV(dry, kind, text)  // both stores as alike as the real one for the next file
                }
            }
        }
    }

    @Test("import prices --asset: a quote site's Date,Open,High,Low,Close,Adj Close,Volume; Close is stored; decimal comma too")
    func priceHistory() throws {
        try withStore { s in
            _ = try asset(s, "ACME", .stock, quantity: 1, price: 10)
            let outcome = try importCSV(s, .prices, """
                Date,Open,High,Low,Close,Adj Close,Volume
                2024-05-15,10.5,11.25,10.25,11,10.9,120300
                2024-05-14,10.25,10.75,10,10.5,10.4,98000
                """) { $0.assetName = "ACME" }
            #expect(outcome.lines == ["2 prices imported."])
            let acme = try #require(try s.asset(named: "ACME"))
            #expect(try s.prices(ofAsset: acme.id!).suffix(2).map(\.price) == [x("10.5"), 11])
            _ = try importCSV(s, .prices, "Datum;Open;High;Low;Close;Volume\n16.05.2024;11;11,5;10,75;11,25;1000\n") {
                $0.assetName = "ACME"; $0.map = [("Datum", "date")]
            }
            #expect(try s.prices(ofAsset: acme.id!).last?.price == x("11.25"))
        }
    }
}
