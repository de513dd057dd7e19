import Foundation
import Testing
@testable import Core
@testable import Store

/// Issue 23's overflow item through the Store: the audit's reproduction (an EUR position of
/// 9 × 10^17 units at 9 × 10^17, then EUR→USD at 10^12) is refused at whichever write comes
/// second… or first, the store unchanged; realistic extremes are accepted and every total
/// works after each accepted write.
@Suite("Conversion range through the Store")
struct ConversionRangeStoreTests: StoreRuleTesting {
    func setRate(_ s: StoreSession, _ base: String, _ quote: String, _ value: String, on date: String = "2024-03-01") throws {
        _ = try s.execute(SetRate(ExchangeRate(base: base, quote: quote, date: d(date), rate: x(value))))
    }

    /// Net worth in each currency: none of them may fail.
    func totals(_ s: StoreSession, _ codes: [String] = ["USD", "EUR", "JPY", "VND", "IDR"]) throws -> [ExactDecimal] {
        try codes.map { try s.netWorth(in: $0) }
    }

    @Test("the huge price is refused at the price write, the 10^12 rate at the rate write; nothing changes; totals work")
    func auditPositionFirst() throws {
        try withStore { s in
            let big = try asset(s, "BIG", .stock, quantity: "900000000000000000", price: "1", currency: "EUR")
            try setRate(s, "EUR", "USD", "1.08")
            #expect(message { _ = try s.recordPrice(PricePoint(assetID: big.id!, date: d("2024-03-01"), price: x("900000000000000000"))) }?
                .contains(ConversionRange.valueMessage) == true)
            #expect(try s.prices(ofAsset: big.id!).count == 1)
            #expect(message { try setRate(s, "EUR", "USD", "1000000000000", on: "2024-03-02") }?.contains(ConversionRange.rateMessage) == true)
            #expect(try s.rates().count == 1)
            #expect(try s.netWorth(in: "USD") == x("972000000000000000"))
            _ = try totals(s, ["USD", "EUR"])
        }
    }

    @Test("with the rate stored first, the huge position is refused at the transaction and at the price write")
    func auditRateFirst() throws {
        try withStore { s in
            try setRate(s, "EUR", "USD", "999999999999")
            let big = try asset(s, "BIG", .stock, quantity: "1", price: "900000000000000000", currency: "EUR")
            let buy = Transaction(assetID: big.id!, type: .buy, date: d("2024-03-01"), quantity: x("900000000000000000"), pricePerUnit: 1, currency: "EUR")
            #expect(message { _ = try s.record(buy) }?.contains(ConversionRange.valueMessage) == true)
            #expect(try s.position(ofAsset: big.id!).quantity == 1)
            let small = try asset(s, "SMALL", .stock, quantity: "900000000000000000", price: "1", currency: "EUR")
            #expect(message { _ = try s.recordPrice(PricePoint(assetID: small.id!, date: d("2024-03-01"), price: x("900000000000000000"))) }?
                .contains(ConversionRange.valueMessage) == true)
            // The largest accepted figures convert and add up.
            #expect(try s.netWorth(in: "USD") == x("1799999999998200000000000000000"))
        }
    }

    @Test("a rate that makes a cross rate leave the range is refused, whole import all or nothing")
    func crossRates() throws {
        try withStore { s in
            try setRate(s, "EUR", "USD", "100000000000")
            #expect(message { try setRate(s, "USD", "JPY", "100000000000") }?.contains(ConversionRange.spreadMessage) == true)
            let rates = [ExchangeRate(base: "USD", quote: "GBP", date: d("2024-03-01"), rate: 1),
                         ExchangeRate(base: "USD", quote: "JPY", date: d("2024-03-01"), rate: x("100000000000"))]
            #expect(message { _ = try s.execute(SetRates(rates)) }?.contains(ConversionRange.spreadMessage) == true)
            #expect(try s.rates().count == 1)
        }
    }

    @Test("realistic extremes are accepted and every total works after each write")
    func realistic() throws {
        try withStore { s in
            try setRate(s, "BTC", "VND", "2500000000"); _ = try totals(s)
            try setRate(s, "IDR", "USD", "0.00006"); _ = try totals(s)
            try setRate(s, "USD", "VND", "25000"); _ = try totals(s)
            try setRate(s, "USD", "JPY", "150"); _ = try totals(s)
            try setRate(s, "BTC", "USD", "100000"); _ = try totals(s)
            try setRate(s, "EUR", "USD", "1.08"); _ = try totals(s)
            _ = try asset(s, "Yen", .cash, quantity: "1000000000000", price: "1", currency: "JPY"); _ = try totals(s)
            _ = try asset(s, "Rupiah", .cash, quantity: "50000000000000", price: "1", currency: "IDR"); _ = try totals(s)
            let btc = try asset(s, "Bitcoin", .crypto, quantity: "21000", price: "2500000000", currency: "VND"); _ = try totals(s)
            _ = try s.recordPrice(PricePoint(assetID: btc.id!, date: d("2024-03-01"), price: x("2600000000"))); _ = try totals(s)
            #expect(try s.netWorth(in: "JPY") > x("1000000000000"))
        }
    }

    @Test("deleting a sell or the latest price cannot leave a position beyond the range")
    func deletions() throws {
        try withStore { s in
            let a = try asset(s, "A", .stock, quantity: "90000000000000000", price: "1000", currency: "EUR")
            let sell = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2024-02-01"), quantity: x("80000000000000000"),
                                                pricePerUnit: 1000, currency: "EUR"))
            // A price of 50,000 after the sale: the history rule (9 × 10^16 units once held ×
            // 50,000 ≥ 10^21) refuses it already, so deleting the sell can no longer leave
            // such a position (ConversionRange.checkHistory keeps one largest quantity and price).
            #expect(message { _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-03-01"), price: x("50000"))) }?
                .contains(ConversionRange.historyMessage) == true)
            _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d("2024-03-01"), price: x("5000")))
            try s.deleteTransaction(id: sell.id!)  // 9 × 10^16 × 5,000 = 4.5 × 10^20: accepted
            #expect(try s.position(ofAsset: a.id!).quantity == x("90000000000000000"))
            _ = try totals(s, ["EUR"])
        }
    }

    func importing(_ s: StoreSession, _ kind: ImportKind, _ csv: String) throws {
        let table = try CSVTable.parse(text: csv)
        let mapping = try ColumnMapping.resolve(kind: kind, headers: table.headers)
        let (rows, errors) = ImportRow.read(table, mapping: mapping, options: ImportOptions(kind: kind))
        #expect(errors.isEmpty)
        _ = try s.execute(ImportRows(rows, options: ImportOptions(kind: kind), titles: mapping.columns.mapValues { table.headers[$0] }))
    }

    @Test("an import that leaves a position worth 10^21 is refused once per asset after its rows; nothing is written")
    func imports() throws {
        try withStore { s in
            let acme = try asset(s, "ACME", .stock, quantity: "900000000000000000", price: "1")
            #expect(message { try importing(s, .transactions, "Date,Asset,Type,Quantity,Price\n2024-02-01,ACME,buy,1,2000\n") }?
                .contains(ConversionRange.valueMessage) == true)
            #expect(message { try importing(s, .prices, "Date,Asset,Price\n2024-02-01,ACME,1\n2024-03-01,ACME,5000\n") }?
                .contains(ConversionRange.valueMessage) == true)
            #expect(try s.transactions(ofAsset: acme.id!).count == 1 && s.prices(ofAsset: acme.id!).count == 1)
            try importing(s, .transactions, "Date,Asset,Type,Quantity,Price\n2024-02-01,ACME,buy,1,1000\n2024-02-01,Yen,buy,1000000000000,1\n")
            try importing(s, .prices, "Date,Asset,Price\n2024-03-01,ACME,1000\n")
            #expect(try s.netWorth(in: "USD") >= x("900000000000000001000"))
        }
    }
}
