import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// The monthly transaction series (`transaction_month`): its packing, the rows written as a
/// write ends, the triggers that remove what a change makes stale, the performance records
/// read from them (equal to the table's), and `check` / `check --repair` over them.
@Suite("Monthly transaction series")
struct TransactionMonthTests: StoreRuleTesting {
    func rows(_ s: StoreSession, _ id: Int64) throws -> [String] {
        try Row.fetchAll(s.db, sql: "SELECT month, entries FROM transaction_month WHERE asset_id = ? ORDER BY month", arguments: [id]).map { row in
            let month: String = row[0]
            if month == TransactionMonth.complete { return "\(month)|\(StoreSession.bytes(row[1]).count)" }
            return "\(month)|" + (TransactionMonth.text(month: month, bytes: StoreSession.bytes(row[1])) ?? "unreadable")
        }
    }

    /// A transaction with every field the rows keep drawn at random: any type, decimals of
    /// every scale and sign (128-bit units among them), links and a stored currency or not.
    func randomTransaction(_ r: inout SplitMix64, id: Int64, date: CalendarDate) -> Transaction {
        func decimal() -> ExactDecimal {
            switch r.below(5) {
            case 0: return 0
            case 1: return ExactDecimal(units: UInt128(r.next()) << 64 | UInt128(r.next()), scale: r.below(39), negative: r.chance(50))
            default: return ExactDecimal(units: UInt128(r.below(1_000_000_000)), scale: r.below(12), negative: r.chance(10))
            }
        }
        return Transaction(id: id, assetID: 1, type: TransactionType.allCases[r.below(TransactionType.allCases.count)], date: date,
                           quantity: decimal(), pricePerUnit: decimal(), fees: decimal(),
                           currency: ["", "", "USD", "EUR", "CHF"][r.below(5)],
                           sourceAssetID: r.chance(20) ? Int64(r.below(1_000)) : nil,
                           relatedTransactionID: r.chance(20) ? Int64(r.below(1 << 40)) - 5 : nil)
    }

    @Test("every code names one type, and every type has one")
    func typeCodes() {
        #expect(TransactionMonth.types.count == TransactionType.allCases.count)
        #expect(Set(TransactionMonth.types) == Set(TransactionType.allCases))
        #expect(TransactionMonth.types.count <= Int(TransactionMonth.typeMask) + 1)
        for type in TransactionType.allCases { #expect(TransactionType(code: type.code) == type) }
        #expect(TransactionMonth.types.map(\.code) == Array(0..<UInt8(TransactionType.allCases.count)))
    }

    @Test("a history packed into months reads back entry for entry: days, ids, types, decimals with their scale, links, currencies",
          arguments: [1, 2, 3, 4] as [UInt64])
    func roundTrip(seed: UInt64) throws {
        var r = SplitMix64(seed: seed)
        var history: [Transaction] = []
        var day = CalendarDate("2019-12-30")!.dayNumber, id: Int64 = Int64(r.below(50))
        for _ in 0..<600 {
            if r.chance(40) { day += r.below(9) }
            id += r.chance(70) ? Int64(1 + r.below(3)) : Int64(1 + r.below(1 << 30))
            history.append(randomTransaction(&r, id: id, date: CalendarDate(dayNumber: day)))
        }
        // Ids out of step with dates within a day are fine as long as (date, id) ascends.
        let rows = try TransactionMonth.rows(of: history)
        #expect(rows.map(\.month) == Array(Set(history.map { String($0.date.description.prefix(7)) })).sorted())
        var read: [TransactionMonth.Entry] = []
        for row in rows { read += try #require(TransactionMonth.entries(month: row.month, bytes: row.bytes)) }
        let expected = history.map(TransactionMonth.Entry.init)
        #expect(read.count == expected.count)
        for (a, b) in zip(read, expected) where a != b || a.quantity.scale != b.quantity.scale || a.price.scale != b.price.scale
            || a.fees.scale != b.fees.scale || a.quantity.isNegative != b.quantity.isNegative {
            Issue.record("\(a) read back, \(b) written")
            break
        }
    }

    @Test("bytes that are not a month's entries do not read back; histories without ids or out of order are not packed")
    func damage() throws {
        let t = Transaction(id: 7, assetID: 1, type: .buy, date: CalendarDate("2024-02-29")!, quantity: 10, pricePerUnit: x("1.5"), fees: 0, currency: "USD")
        let row = try #require(try TransactionMonth.rows(of: [t]).first)
        #expect(row.month == "2024-02")
        #expect(TransactionMonth.entries(month: "2024-02", bytes: row.bytes) != nil)
        #expect(TransactionMonth.entries(month: "2023-02", bytes: row.bytes) == nil)  // the 29th: not in that month
        #expect(TransactionMonth.entries(month: "2024-13", bytes: row.bytes) == nil)
        for cut in 1..<row.bytes.count { #expect(TransactionMonth.entries(month: "2024-02", bytes: Array(row.bytes.prefix(cut))) == nil, "cut at \(cut)") }
        var unknownType = row.bytes
        unknownType[1] = 0x1F
        #expect(TransactionMonth.entries(month: "2024-02", bytes: unknownType) == nil)
        // The entry again, its id one less (a difference of −1: zigzag 1): not after the first.
        var before = row.bytes
        #expect(before[2] == 14)  // 7, zigzag
        before[2] = 1
        #expect(TransactionMonth.entries(month: "2024-02", bytes: row.bytes + before) == nil)
        #expect(TransactionMonth.entries(month: "2024-02", bytes: row.bytes + row.bytes)?.map(\.id) == [7, 14])
        var noID = t
        noID.id = nil
        #expect(throws: (any Error).self) { try TransactionMonth.rows(of: [noID]) }
        #expect(throws: (any Error).self) { try TransactionMonth.rows(of: [t, t]) }
    }

    @Test("a row per month in (date, id) order, written as a write ends; a change removes rows from its month on, through any door; the next write extends them")
    func rowsTriggersAndExtension() throws {
        try withStore { s in
            let a = try asset(s, "A", .stock, quantity: "10", price: "12.50", date: "2024-01-02")
            let b = try asset(s, "B", .stock, quantity: "1", price: "20", date: "2024-01-02")
            _ = try s.record(Transaction(assetID: a.id!, type: .sell, date: d("2024-03-04"), quantity: 1, pricePerUnit: x("15.25"), fees: x("0.5"), currency: "USD"))
            _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d("2024-03-01"), quantity: 2, pricePerUnit: x("14.5"), currency: "USD"))
            let ids = try Int64.fetchAll(s.db, sql: "SELECT id FROM asset_transaction WHERE asset_id = \(a.id!) ORDER BY date, id")
            #expect(try rows(s, a.id!) == ["2024-01|2 #\(ids[0]) buy 10 12.5 0 currency USD",
                                           "2024-03|1 #\(ids[1]) buy 2 14.5 0 currency USD; 4 #\(ids[2]) sell 1 15.25 0.5 currency USD",
                                           "complete|0"])
            #expect(try s.transactionMonthsAreWhole())
            let whole = try rows(s, a.id!)
            // Through SQL: March on, and 'complete', gone; another asset's rows stay.
            try s.db.execute(sql: "UPDATE asset_transaction SET fees = '1' WHERE id = \(ids[2])")
            #expect(try rows(s, a.id!) == Array(whole.prefix(1)))
            #expect(try rows(s, b.id!).count == 2)
            #expect(try s.transactionMonthsAreWhole() == false)
            // A column the rows do not keep changes nothing.
            _ = try s.record(Transaction(assetID: b.id!, type: .buy, date: d("2024-05-20"), quantity: 1, pricePerUnit: 21, currency: "USD"))
            #expect(try rows(s, a.id!).last == "complete|0")
            let extended = try rows(s, a.id!)
            #expect(extended[1].hasSuffix("sell 1 15.25 1 currency USD"))
            try s.db.execute(sql: "UPDATE asset_transaction SET note = 'n' WHERE id = \(ids[2])")
            #expect(try rows(s, a.id!) == extended)
            // A backdated insert and a delete remove from their month on.
            try s.db.execute(sql: "DELETE FROM asset_transaction WHERE id = \(ids[1])")
            #expect(try rows(s, a.id!) == Array(extended.prefix(1)))
            try s.begin()
            try s.db.execute(sql: "INSERT INTO asset_transaction(asset_id, type, date, quantity, price, total, fees, currency) VALUES (\(a.id!), 'dividend', '2024-01-31', '0', '0', '3', '0', '')")
            try s.commit()
            #expect(try rows(s, a.id!).count == 3)
            #expect(try s.derivedMismatches().mismatches == [])
            // The asset deleted: its rows go with it.
            try s.db.execute(sql: "DELETE FROM asset_transaction WHERE asset_id = \(a.id!); DELETE FROM asset WHERE id = \(a.id!)")
            #expect(try rows(s, a.id!).isEmpty)
        }
    }

    /// The records' rows and the stored currencies, as text.
    func recordsText(_ s: StoreSession, _ scope: PerformanceScope, codes: [Int64: String]) throws -> [String] {
        s.performanceRecordsCache = nil
        var currencies: [Int64: String] = [:]
        let records = try s.localPerformanceRecords(scope, assets: try s.assets(of: scope), currencies: codes, transactionCurrencies: &currencies)
        return records.rows.map { r in
            "\(r.date) \(r.id.map(String.init) ?? "-") \(records.assetIDs[Int(r.asset)]) \(r.type) \(r.sourceInScope) \(r.relatedInScope) "
                + "\(r.quantity.plainText)/\(r.quantity.scale) \(r.price.plainText)/\(r.price.scale) \(r.fees.plainText)/\(r.fees.scale) "
                + "\(r.sourceAssetID.map(String.init) ?? "-") \(r.relatedID.map(String.init) ?? "-")"
        } + currencies.sorted { $0.key < $1.key }.map { "currency \($0.key) \($0.value)" }
    }

    @Test("the performance records read from the series are the table's, row for row, in every scope, stored currencies included",
          arguments: [3, 4] as [UInt64])
    func recordsEqualTheTables(seed: UInt64) throws {
        try AssetFlowStore(path: nil).withSession(today: CalendarDate("2024-12-31")!) { s in
            let generated = try PerformanceRecordsStoreTests().generate(s, seed: seed)
            // Transactions carrying a currency: the asset's own, and another (as a store from
            // before the store set every transaction's currency to its asset's may hold).
            let stock = generated.assets[1]
            try s.begin()
            try s.db.execute(sql: """
                INSERT INTO asset_transaction(asset_id, type, date, quantity, price, total, fees, currency)
                VALUES (\(stock), 'buy', '2023-05-10', '1', '77.7', '77.7', '0', 'CHF'), (\(stock), 'buy', '2023-05-10', '1', '78.25', '78.25', '0', 'USD')
                """)
            try s.commit()
            let codes = Dictionary(uniqueKeysWithValues: try s.assets().map { ($0.id!, $0.currency) })
            #expect(try s.transactionMonthsAreWhole())
            let scopes: [PerformanceScope] = [.everything] + generated.portfolios.map { .portfolio($0) } + generated.assets.prefix(4).map { .asset($0) }
            let fromSeries = try scopes.map { try recordsText(s, $0, codes: codes) }
            #expect(fromSeries[0].count > 300)
            #expect(fromSeries[0].contains { $0.hasPrefix("currency ") })
            try s.db.execute(sql: "DELETE FROM transaction_month WHERE month = 'complete' AND asset_id = \(stock)")
            #expect(try s.transactionMonthsAreWhole() == false)
            let fromTable = try scopes.map { try recordsText(s, $0, codes: codes) }
            for (i, scope) in scopes.enumerated() { #expect(fromSeries[i] == fromTable[i], "\(scope)") }
        }
    }

    @Test("check names a stored row that differs from the replay; repair writes every row again")
    func checkAndRepair() throws {
        let folder = try StoreTestFolder()
        defer { folder.remove() }
        let path = folder.file("s.sqlite")
        var id: Int64 = 0
        try AssetFlowStore(path: path).withSession(today: Self.today) { s in
            id = try asset(s, "A", .stock, quantity: "10", price: "10").id!
            _ = try s.record(Transaction(assetID: id, type: .sell, date: d("2024-02-10"), quantity: 4, pricePerUnit: 11, currency: "USD"))
        }
        let right = try AssetFlowStore(path: path).withSession(today: Self.today) { s in try rows(s, id) }
        #expect(right.count == 3)
        try StoreSurgery.edit(path) { db in
            let other = try TransactionMonth.rows(of: [Transaction(id: 2, assetID: id, type: .sell, date: CalendarDate("2024-02-10")!, quantity: 5,
                                                                   pricePerUnit: 11, currency: "USD")])[0].bytes
            try db.execute(sql: "UPDATE transaction_month SET entries = ? WHERE month = '2024-02'", arguments: [Data(other)])
            try db.execute(sql: "DELETE FROM transaction_month WHERE month = '2024-01'")
        }
        let problems = try AssetFlowStore.check(path: path).problems
        #expect(problems.contains { $0.contains("transaction_month") && $0.contains("entries 2024-02") })
        #expect(problems.contains { $0.contains("transaction_month") && $0.contains("entries 2024-01") && $0.contains("the rows say they are complete") })
        try AssetFlowStore(path: path).repairDerivedData()
        #expect(try AssetFlowStore.check(path: path).problems == [])
        #expect(try AssetFlowStore(path: path).withSession(today: Self.today) { s in try rows(s, id) } == right)
    }
}
