import Foundation
import Testing
@testable import Core
@testable import Store

@Suite("Import into the store: rules, errors, duplicates, summary")
struct ImportStoreTests: StoreRuleTesting {
    let broker = """
        Date,Symbol,Action,Shares,Price,Fees,Currency,Asset Type
        2024-01-02,ACME,Buy,10,"$1,000.50",1,USD,
        2024-02-01,ACME,Sell,4,1100,0,USD,
        2024-02-01,Cash,Deposit,500,,,USD,Cash
        """

    @Test("a broker file: assets created, transactions recorded, the app's summary")
    func brokerFile() throws {
        try withStore { s in
            let outcome = try importCSV(s, .transactions, broker) { $0.defaultAssetType = .stock }
            #expect(outcome.lines == ["3 transactions imported.", "2 new assets added: ACME (stock, USD), Cash (cash, USD)."])
            let acme = try s.asset(named: "acme")!
            #expect(try s.position(ofAsset: acme.id!).quantity == 6)
            #expect(try s.transactions(ofAsset: acme.id!).first!.fees == 1)
            #expect(try s.transactions(ofAsset: acme.id!).first!.totalAmount == x("10005"))
        }
    }

    @Test("asset type and currency come from columns, else the defaults; a new cash asset counts at 1")
    func newAssets() throws {
        try withStore { s in
            _ = try importCSV(s, .transactions, """
                Date,Asset,Type,Quantity,Price,Asset Type,Currency
                2024-01-02,Bund,buy,5,99.5,bond,EUR
                2024-01-03,Wallet,buy,250,,cash,EUR
                2024-01-04,Other,buy,1,10,,
                """) { $0.defaultCurrency = "CHF"; $0.defaultAssetType = .etf }
            #expect(try s.asset(named: "Bund")!.type == .bond)
            #expect(try s.asset(named: "Bund")!.currency == "EUR")
            #expect(try s.asset(named: "Other")!.type == .etf)
            #expect(try s.asset(named: "Other")!.currency == "CHF")
            let wallet = try s.asset(named: "Wallet")!
            #expect(try s.valuation(ofAsset: wallet.id!).currentValue == 250)
        }
    }

    @Test("every row error with its line and column, all at once, and nothing written")
    func rowErrors() throws {
        try withStore { s in
            _ = try asset(s, "ACME", .stock, quantity: "10", price: "10")
            let before = try snapshot(s)
            let lines = failureLines {
                _ = try importCSV(s, .transactions, """
                    Date,Asset,Type,Quantity,Price
                    2024-01-05,ACME,buy,1,10
                    2024-13-01,ACME,buy,1,10
                    2024-01-06,,buy,1,10
                    2024-01-06,ACME,jump,abc,10
                    2030-01-01,ACME,buy,1,10
                    2024-01-07,ACME,buy,0,-1
                    """)
            }
            #expect(lines == [
                "5 rows have errors; nothing was imported.",  // rows, not problems: line 5 has two
                "line 3, Date: " + ImportDate.message("2024-13-01", format: nil),
                "line 4, Asset: Asset name is empty.",
                "line 5, Quantity: Cannot parse 'abc' as a number.",
                "line 5, Type: Unknown transaction type 'jump'. Use one of: buy, sell, transfer_in, transfer_out, adjustment, dividend, interest.",
                "line 6, Date: Date cannot be in the future.",
                "line 7, Quantity: Quantity must be greater than zero.",
            ])
            #expect(try snapshot(s) == before)
        }
    }

    @Test("a sell beyond holdings on its date is a row error, counting stored and earlier rows")
    func holdingsOnItsDate() throws {
        try withStore { s in
            _ = try asset(s, "ACME", .stock, quantity: "10", price: "10", date: "2024-03-01")
            // 10 held from March: a February sell is beyond holdings then, though 10 are held today.
            let lines = failureLines {
                _ = try importCSV(s, .transactions, """
                    Date,Asset,Type,Quantity,Price
                    2024-02-01,ACME,sell,5,10
                    2024-03-02,ACME,sell,8,10
                    2024-03-03,ACME,sell,3,10
                    """)
            }
            #expect(lines == ["2 rows have errors; nothing was imported.",
                              "line 2, Quantity: Cannot sell more than current holdings (0).",
                              "line 4, Quantity: Cannot sell more than current holdings (2)."])
        }
    }

    @Test("stored history written out of date order is checked in date order (ids are not dates)")
    func storedHistoryOutOfOrder() throws {
        try withStore { s in
            _ = try asset(s, "ACME", .stock, quantity: "10", price: "10", date: "2024-03-01")
            _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,5,9\n")  // a later id, an earlier date
            let lines = failureLines { _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price\n2024-02-01,ACME,sell,6,10\n") }
            #expect(lines == ["1 row has an error; nothing was imported.", "line 2, Quantity: Cannot sell more than current holdings (5)."])
            let outcome = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price\n2024-02-01,ACME,sell,5,10\n2024-01-02,ACME,buy,5,9\n")
            #expect(outcome.plan.addedCount == 1)
            #expect(outcome.plan.duplicates == 1)
        }
    }

    @Test("a backdated sell that would leave a stored later sell beyond holdings is refused")
    func backdatedSell() throws {
        try withStore { s in
            let a = try asset(s, "ACME", .stock, quantity: "10", price: "10", date: "2024-01-02")
            _ = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2024-05-01"), quantity: 10, pricePerUnit: 12, currency: "USD"))
            let lines = failureLines {
                _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price\n2024-02-01,ACME,sell,1,10\n")
            }
            #expect(lines?.last == "line 2, Quantity: This leaves the stored sell of 10 on 2024-05-01 beyond holdings.")
        }
    }

    @Test("duplicates within the file and against the store are skipped and counted; re-importing adds nothing")
    func duplicates() throws {
        try withStore { s in
            let text = "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,10,12.50\n2024-01-02,ACME,buy,10,12.5\n2024-01-03,ACME,buy,1,12\n"
            let first = try importCSV(s, .transactions, text)
            #expect(first.plan.addedCount == 2)
            #expect(first.plan.duplicates == 1)
            let before = try snapshot(s)
            let second = try importCSV(s, .transactions, text)
            #expect(second.lines == ["No transactions were imported.", "3 duplicates skipped (already in the store or earlier in the file)."])
            #expect(try snapshot(s) == before)
        }
    }

    @Test("--dry-run reports the import's own summary, then the first rows, and writes nothing")
    func dryRun() throws {
        try withStore { s in
            let before = try snapshot(s)
            let outcome = try importCSV(s, .transactions, broker, dryRun: true)
            #expect(outcome.lines.prefix(3) == ["Dry run: nothing was written; the import would report:", "3 transactions imported.",
                                                "2 new assets added: ACME (stock, USD), Cash (cash, USD)."])
            #expect(outcome.lines.contains("  line 2: 2024-01-02 buy 10 ACME @ 1000.5"))
            #expect(try snapshot(s) == before)
        }
    }

    @Test("assets are found by name ignoring case; with match_platform, a different platform is an error")
    func findingAssets() throws {
        try withStore { s in
            var r = StoreSession.NewAsset(name: "ACME", type: .stock)
            r.platform = "Broker A"
            _ = try s.createAsset(r)
            _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price,Platform\n2024-01-02,acme,buy,1,10,Broker B\n")
            #expect(try s.assets().count == 1)
            let lines = failureLines {
                _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price,Platform\n2024-01-03,acme,buy,1,10,Broker B\n") { $0.matchPlatform = true }
            }
            #expect(lines?.last == "line 2, Platform: 'ACME' is on platform 'Broker A', not 'Broker B'; asset names are unique in the store.")
        }
    }

    @Test("a currency that differs from the asset's is a row error")
    func currencyMismatch() throws {
        try withStore { s in
            _ = try asset(s, "ACME", .stock, quantity: "1", price: "1")
            let lines = failureLines { _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price,Currency\n2024-01-03,ACME,buy,1,10,EUR\n") }
            #expect(lines?.last == "line 2, Currency: Currency 'EUR' does not match the currency of 'ACME' (USD).")
        }
    }

    @Test("income with a source: paid into cash; a dividend into the paying asset is refused")
    func income() throws {
        try withStore { s in
            _ = try asset(s, "ACME", .stock, quantity: "10", price: "10")
            _ = try asset(s, "Cash", .cash, quantity: "100", price: "1")
            _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price,Source\n2024-03-01,Cash,dividend,12.5,,ACME\n")
            #expect(try s.income(fromSource: s.asset(named: "ACME")!.id!) == x("12.5"))
            let lines = failureLines { _ = try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price,Source\n2024-03-02,ACME,dividend,1,10,ACME\n") }
            #expect(lines?.last == "line 2, Source: A dividend is paid into a cash asset, not into the asset paying it.")
        }
    }

    @Test("decimal comma, date format and a mapping, saved and used again by name")
    func savedMapping() throws {
        try withStore { s in
            let text = "Datum;Wertpapier;Art;Stück;Kurs\n02.01.2024;ACME;Kauf;1.000;12,50\n"
            let map = try ColumnMapping.parsePairs("Datum=date,Wertpapier=asset,Art=type,Stück=quantity,Kurs=price")
            var options = ImportOptions(kind: .transactions)
            options.map = map
            options.decimalComma = true
            options.dateFormat = try ImportDate(format: "DD.MM.YYYY")
            // "Kauf" is no type: the error names it, nothing is saved.
            var request = ImportRequest(options: options, data: Data(text.utf8))
            request.saveMappingAs = "bank"
            #expect(failureLines { _ = try s.importCSV(request) }?.last?.hasPrefix("line 2, Art: Unknown transaction type 'Kauf'") == true)
            #expect(try s.savedMapping(named: "bank") == nil)
            request.data = Data(text.replacingOccurrences(of: "Kauf", with: "buy").utf8)
            _ = try s.importCSV(request)
            #expect(try s.savedMapping(named: "BANK")?.columns == "Datum=date,Wertpapier=asset,Art=type,Stück=quantity,Kurs=price")
            var next = ImportOptions(kind: .transactions)
            try s.applySavedMapping("bank", to: &next)
            let outcome = try importCSV(s, .transactions, "Datum;Wertpapier;Art;Stück;Kurs\n03.01.2024;ACME;sell;500,5;13\n") { $0 = next }
            #expect(outcome.plan.addedCount == 1)
            #expect(try s.position(ofAsset: s.asset(named: "ACME")!.id!).quantity == x("499.5"))
            #expect(throws: RuleViolation.self) { try s.applySavedMapping("nope", to: &next) }
        }
    }

    @Test("prices: one per asset and day; the same again is a duplicate, a different one an error")
    func prices() throws {
        try withStore { s in
            _ = try asset(s, "ACME", .stock, quantity: "1", price: "10", date: "2024-01-02")
            let outcome = try importCSV(s, .prices, "Date,Asset,Price\n2024-01-02,ACME,10\n2024-01-03,ACME,11\n2024-01-03,ACME,11\n")
            #expect(outcome.lines == ["1 price imported.", "2 duplicates skipped (already in the store or earlier in the file)."])
            let lines = failureLines { _ = try importCSV(s, .prices, "Date,Asset,Price\n2024-01-03,ACME,12\n2024-01-04,ACME,1\n2024-01-04,ACME,2\n2024-01-05,ACME,-1\n") }
            #expect(lines == ["3 rows have errors; nothing was imported.",
                              "line 2, Date: A price record already exists for this date. (11 on 2024-01-03)",
                              "line 4, Date: A different price for this asset and date is on line 3.",
                              "line 5, Price: Price must be zero or greater."])
        }
    }

    @Test("prices whose days go back in the file: repeats are still found, by asset, whichever row comes first")
    func pricesOutOfOrder() throws {
        try withStore { s in
            let text = "Date,Asset,Price\n2024-01-02,ACME,10\n2024-01-03,ACME,11\n2024-01-02,BETA,5\n2024-01-04,ACME,12\n"
                + "2024-01-03,ACME,11\n2024-01-01,BETA,4\n2024-01-02,BETA,5\n2024-01-05,ACME,13\n2024-01-05,ACME,13\n"
            let outcome = try importCSV(s, .prices, text) { $0.defaultAssetType = .stock }
            #expect(outcome.plan.addedCount == 6)
            #expect(outcome.plan.duplicates == 3)
            let lines = failureLines { _ = try importCSV(s, .prices, "Date,Asset,Price\n2024-02-02,ACME,1\n2024-02-03,ACME,2\n2024-02-02,ACME,3\n2024-02-03,ACME,2\n") }
            #expect(lines == ["1 row has an error; nothing was imported.", "line 4, Date: A different price for this asset and date is on line 2."])
        }
    }

    @Test("rates are not planned as rows of assets; the message names the rates import")
    func rates() throws {
        try withStore { s in
            #expect(throws: RuleViolation(ImportKind.ratesSeparateMessage)) { _ = try importCSV(s, .rates, "a\n1\n") }
        }
    }

    @Test("a row with more fields than the header is an error that points at quotes and delimiter")
    func extraFields() throws {
        try withStore { s in
            let lines = failureLines { _ = try importCSV(s, .prices, "Date,Asset,Price\n2024-01-02,\"A,1\n") }
            #expect(lines != nil)
            let more = failureLines { _ = try importCSV(s, .prices, "Date,Asset,Price\n2024-01-02,A,1,2\n") }
            #expect(more?.last == "line 2: The row has 4 fields but the header has 3: check the quotes and the delimiter.")
        }
    }
}
