import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// Issue 23's overflow item for past dates: the value rule holds on every date, not only
/// today (`ConversionRange.checkHistory`): an asset's largest quantity ever held × its largest
/// price stays below 10^21, kept per asset in `asset_extent` (derived data: checked by
/// `assetflow check`, rebuilt by `--repair`). Before, a price dated before a normal later one
/// or a position held then and sold since passed every rule and made past totals fail.
@Suite("History range through the Store")
struct HistoryRangeStoreTests: StoreRuleTesting {
    func price(_ s: StoreSession, _ asset: Asset, _ date: String, _ value: String) throws {
        _ = try s.recordPrice(PricePoint(assetID: asset.id!, date: d(date), price: x(value)))
    }

    /// Every month-end total of 2024 in USD and EUR, and today's: none may fail.
    func pastTotals(_ s: StoreSession, _ codes: [String] = ["USD", "EUR"]) throws {
        let dates = (1...5).map { d("2024-0\($0)-28") }
        for code in codes {
            _ = try s.timeline(of: try s.assets(), dates: dates, in: code)
            _ = try s.netWorth(in: code)
        }
    }

    func extentRow(_ s: StoreSession, _ asset: Asset) throws -> [String]? {
        try Row.fetchOne(s.db, sql: "SELECT highest_held, highest_price FROM asset_extent WHERE asset_id = ?", arguments: [asset.id!])
            .map { [$0[0], $0[1]] }
    }

    @Test("an extreme past position later sold: a price dated inside it is refused, nothing changes, past totals work")
    func extremePastPositionLaterSold() throws {
        try withStore { s in
            _ = try s.execute(SetRate(ExchangeRate(base: "EUR", quote: "USD", date: d("2024-01-01"), rate: x("1000"))))
            let big = try asset(s, "BIG", .stock, quantity: "1", price: "1", currency: "EUR")
            _ = try s.record(Transaction(assetID: big.id!, type: .buy, date: d("2024-01-10"), quantity: x("900000000000000000"), pricePerUnit: 1, currency: "EUR"))
            _ = try s.record(Transaction(assetID: big.id!, type: .sell, date: d("2024-02-01"), quantity: x("900000000000000000"), pricePerUnit: 1, currency: "EUR"))
            try price(s, big, "2024-03-01", "1")
            #expect(try extentRow(s, big) == ["900000000000000001", "1"])
            // Today's rules see 1 unit at 1; on 2024-01-15 the position was 9 × 10^17 units, at
            // this price worth 8.1 × 10^35 EUR, 8.1 × 10^38 USD: beyond any decimal.
            let prices = try s.prices(ofAsset: big.id!).count
            let refusal = message { try price(s, big, "2024-01-15", "900000000000000000") }
            #expect(refusal?.contains(ConversionRange.historyMessage) == true, "\(refusal ?? "accepted")")
            #expect(try s.prices(ofAsset: big.id!).count == prices)
            // A price that keeps 9 × 10^17 × price below 10^21 is accepted, and every past total works.
            try price(s, big, "2024-01-15", "1000")
            #expect(try extentRow(s, big) == ["900000000000000001", "1000"])
            try pastTotals(s)
            // A trade's price counts as a price: a backdated buy at an extreme price is refused too.
            #expect(message {
                _ = try s.record(Transaction(assetID: big.id!, type: .buy, date: d("2024-01-20"), quantity: x("0.000001"),
                                             pricePerUnit: x("900000000000000"), currency: "EUR"))
            }?.contains(ConversionRange.historyMessage) == true)
            #expect(try s.transactions(ofAsset: big.id!).count == 3)
            #expect(try s.derivedMismatches().mismatches.isEmpty)
        }
    }

    @Test("an extreme past price followed by normal ones: a position grown into it is refused, through a command and an import")
    func extremePastPriceThenNormal() throws {
        try withStore { s in
            let acme = try asset(s, "ACME", .stock, quantity: "1000000", price: "1")
            try price(s, acme, "2024-02-01", "100000000000000")  // 10^6 × 10^14 = 10^20: accepted
            try price(s, acme, "2024-03-01", "100")
            try price(s, acme, "2024-04-01", "101")
            try pastTotals(s, ["USD"])
            // Ten times the position, backdated into the extreme price's time: today it is worth
            // 10^7 × 101, but on 2024-02-01 it was worth 10^21.
            let buy = Transaction(assetID: acme.id!, type: .buy, date: d("2024-01-15"), quantity: x("9000000"), pricePerUnit: 1, currency: "USD")
            #expect(message { _ = try s.record(buy) }?.contains(ConversionRange.historyMessage) == true)
            #expect(try s.position(ofAsset: acme.id!).quantity == x("1000000"))
            // The same through the CSV import: refused after its rows, nothing written.
            let table = try CSVTable.parse(text: "Date,Asset,Type,Quantity,Price\n2024-01-15,ACME,buy,9000000,1\n")
            let mapping = try ColumnMapping.resolve(kind: .transactions, headers: table.headers)
            let (rows, _) = ImportRow.read(table, mapping: mapping, options: ImportOptions(kind: .transactions))
            #expect(message { _ = try s.execute(ImportRows(rows, options: ImportOptions(kind: .transactions), titles: mapping.columns.mapValues { table.headers[$0] })) }?
                .contains(ConversionRange.historyMessage) == true)
            #expect(try s.transactions(ofAsset: acme.id!).count == 1)
            // Bought after the extreme price has passed: accepted (held 10^7 only from 2024-03-02 on,
            // but the rule keeps one largest quantity and one largest price: 10^7 × 10^14 = 10^21).
            let later = Transaction(assetID: acme.id!, type: .buy, date: d("2024-03-02"), quantity: x("8999999"), pricePerUnit: 100, currency: "USD")
            #expect(message { _ = try s.record(later) } == nil)
            #expect(try extentRow(s, acme) == ["9999999", "100000000000000"])
            // Deleting the extreme price lowers the largest price: the row is recomputed.
            let extreme = try s.prices(ofAsset: acme.id!).first { $0.price == x("100000000000000") }!
            try s.deletePrice(id: extreme.id!)
            _ = try s.record(Transaction(assetID: acme.id!, type: .buy, date: d("2024-04-02"), quantity: 1, pricePerUnit: 101, currency: "USD"))
            #expect(try extentRow(s, acme) == ["10000000", "101"])
            try pastTotals(s, ["USD"])
            #expect(try s.derivedMismatches().mismatches.isEmpty)
        }
    }

    func importCSV(_ s: StoreSession, _ kind: ImportKind, _ text: String) throws {
        var options = ImportOptions(kind: kind)
        options.defaultAssetType = .stock
        let table = try CSVTable.parse(text: text)
        let mapping = try ColumnMapping.resolve(kind: kind, headers: table.headers)
        let (rows, errors) = ImportRow.read(table, mapping: mapping, options: options)
        #expect(errors.isEmpty, "\(errors)")
        let outcome = try s.execute(ImportRows(rows, options: options, titles: mapping.columns.mapValues { table.headers[$0] }))
        #expect(outcome.plan.addedCount == rows.count, "\(outcome.plan.summary)")
    }

    @Test("an import's largest price: the stored one raised by the file's (a new asset's from the file alone), past the rule refused")
    func importedPrices() throws {
        try withStore { s in
            let acme = try asset(s, "ACME", .stock, quantity: "10000000", price: "1")
            #expect(try extentRow(s, acme) == ["10000000", "1"])
            try importCSV(s, .prices, "Date,Asset,Price\n2024-02-01,ACME,10000000000000\n2024-02-02,ACME,3\n")
            #expect(try extentRow(s, acme) == ["10000000", "10000000000000"])
            // 10^7 held × 10^14 = 10^21, dated before the latest price (today's value is fine): refused, nothing written.
            let prices = try s.prices(ofAsset: acme.id!).count
            let m = message { try importCSV(s, .prices, "Date,Asset,Price\n2024-01-20,ACME,100000000000000\n") }
            let seen = "\(m ?? "accepted") \(try s.prices(ofAsset: acme.id!).map(\.price)) \(try extentRow(s, acme) ?? [])"
            #expect(m?.contains(ConversionRange.historyMessage) == true, "\(seen)")
            #expect(try s.prices(ofAsset: acme.id!).count == prices)
            #expect(try extentRow(s, acme) == ["10000000", "10000000000000"])
            // An asset the import creates: its maxima are the file's, trade prices included.
            try importCSV(s, .transactions, "Date,Asset,Type,Quantity,Price\n2024-01-05,NEWCO,buy,10,7\n2024-01-06,NEWCO,buy,5,9\n2024-01-07,NEWCO,sell,3,8\n")
            let newco = try #require(try s.assets().first { $0.name == "NEWCO" })
            #expect(try extentRow(s, newco) == ["15", "9"])
            #expect(try s.derivedMismatches().mismatches.isEmpty)
        }
    }

    @Test("assetflow check names an altered row; a rebuild writes the replay's")
    func derivedPolicy() throws {
        try withStore { s in
            let acme = try asset(s, "ACME", .stock, quantity: "10", price: "5")
            try price(s, acme, "2024-02-01", "7")
            #expect(try extentRow(s, acme) == ["10", "7"])
            try s.db.execute(sql: "UPDATE asset_extent SET highest_price = '3' WHERE asset_id = ?", arguments: [acme.id!])
            let found = try s.derivedMismatches().mismatches
            #expect(found.count == 1 && found.first?.table == "asset_extent" && found.first?.field == "highest_price")
            try s.rebuildDerivedRows([.assetExtent])
            #expect(try extentRow(s, acme) == ["10", "7"])
            // A change through raw SQL deletes the row (the triggers): it is computed again at the next write.
            try s.db.execute(sql: "UPDATE price_history SET price = '9' WHERE asset_id = ? AND date = '2024-02-01'", arguments: [acme.id!])
            #expect(try extentRow(s, acme) == nil)
            try price(s, acme, "2024-03-01", "8")
            #expect(try extentRow(s, acme) == ["10", "9"])
        }
    }
}
