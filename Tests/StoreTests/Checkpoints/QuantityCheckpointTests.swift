import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// Quantity checkpoints must give the figures of a full replay, whatever changed the history
/// and through whichever door: a change dated D removes the asset's rows from D's month on,
/// and the end of the write extends them again from the last remaining month.
@Suite("Quantity checkpoints")
struct QuantityCheckpointTests: StoreRuleTesting {
    /// An asset with buys and sells over five months and a price on the first of each month.
    func history(_ s: StoreSession) throws -> Asset {
        let a = try asset(s, "A", .stock, quantity: "10", price: "10", date: "2024-01-02")
        for (day, type, quantity) in [("2024-01-20", TransactionType.buy, "2.5"), ("2024-02-10", .sell, "4"), ("2024-03-05", .buy, "1.25"),
                                      ("2024-03-05", .buy, "3"), ("2024-04-30", .sell, "0.75")] {
            _ = try s.record(Transaction(assetID: a.id!, type: type, date: d(day), quantity: x(quantity), pricePerUnit: 11, currency: "USD"))
        }
        for (i, day) in ["2024-02-01", "2024-03-01", "2024-04-01", "2024-05-01"].enumerated() {
            _ = try s.recordPrice(PricePoint(assetID: a.id!, date: d(day), price: x("10.5") + ExactDecimal(i)))
        }
        return a
    }

    /// The value on each day from 2023-12-25 to 2024-06-01, by replaying the transactions.
    func replayed(_ s: StoreSession, _ a: Asset) throws -> [ExactDecimal] {
        let moves = try s.transactions(ofAsset: a.id!)
        let recorded = try Row.fetchAll(s.db, sql: "SELECT date, price FROM price_history WHERE asset_id = ? ORDER BY date", arguments: [a.id!])
            .map { (try $0.date("date"), try $0.decimal("price")) }
        // Market prices: a recorded price, else the day's last buy or sell at a price above 0.
        var byDay = Dictionary(recorded.map { ($0.0, $0.1) }, uniquingKeysWith: { _, b in b })
        for t in moves where (t.type == .buy || t.type == .sell) && t.pricePerUnit > 0 && !recorded.contains(where: { $0.0 == t.date }) {
            byDay[t.date] = t.pricePerUnit
        }
        let prices = byDay.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return try days().map { day in
            let quantity = moves.filter { $0.date <= day }.reduce(ExactDecimal.zero) { $0 + ($1.type.isOutflow ? -$1.quantity : $1.quantity) }
            return quantity * (prices.last { $0.0 <= day }?.1 ?? 0)
        }
    }

    func days() throws -> [CalendarDate] { try StoreSession.timelineDates(from: d("2023-12-25"), to: d("2024-06-01"), monthly: false) }

    /// The asset's daily values, read inside a write transaction (as a script or a REPL
    /// statement reads them): only there are missing checkpoints written (a read never writes).
    func timeline(_ s: StoreSession, _ a: Asset) throws -> [ExactDecimal] { try inWrite(s) { try s.timeline(of: [a], dates: days()).map(\.value) } }

    /// Runs `body` in the transaction in progress, else in a write transaction of its own.
    func inWrite<T>(_ s: StoreSession, _ body: () throws -> T) throws -> T {
        if s.isInsideTransaction { return try body() }
        try s.begin()
        do {
            let result = try body()
            try s.commit()
            return result
        } catch {
            try s.rollback()
            throw error
        }
    }

    func months(_ s: StoreSession, _ a: Asset) throws -> [String] {
        try String.fetchAll(s.db, sql: "SELECT month FROM quantity_checkpoint WHERE asset_id = ? ORDER BY month", arguments: [a.id!])
    }

    /// A month's row as text "D:Q D:Q …" (nil when it does not read back).
    func levels(_ s: StoreSession, _ a: Asset, _ month: String) throws -> String? {
        let bytes = try DatabaseValue.fetchOne(s.db, sql: "SELECT levels FROM quantity_checkpoint WHERE asset_id = ? AND month = ?", arguments: [a.id!, month])
        return bytes.flatMap { QuantityCheckpoint.text(month: month, bytes: StoreSession.bytes($0)) }
    }

    /// Runs `change` in a write transaction and returns the asset's months as the change left
    /// them, before the end of the write extends them again.
    func monthsAfter(_ s: StoreSession, _ a: Asset, _ change: () throws -> Void) throws -> [String] {
        try s.begin()
        try change()
        let left = try months(s, a)
        try s.commit()
        return left
    }

    @Test("a write leaves a row per month with a change and a complete row, packed; a timeline reads them back")
    func written() throws {
        try withStore { s in
            let a = try history(s)
            #expect(try months(s, a) == ["2024-01", "2024-02", "2024-03", "2024-04", "complete"])
            #expect(try String.fetchOne(s.db, sql: "SELECT typeof(levels) FROM quantity_checkpoint LIMIT 1") == "blob")
            #expect(try levels(s, a, "2024-01") == "2:10 20:12.5")
            #expect(try levels(s, a, "2024-03") == "5:12.75")
            #expect(try timeline(s, a) == replayed(s, a))
            // Read back, not recomputed: a row changed behind the triggers' back shows.
            try s.db.execute(sql: "UPDATE quantity_checkpoint SET levels = X'0200E807' WHERE month = '2024-01'")  // 2:1000
            #expect(try s.timeline(of: [a], dates: [d("2024-02-01")]).first?.value == x("1000") * x("10.5"))
            #expect(try timeline(s, a) != replayed(s, a))
        }
    }

    @Test("a change dated after the last checkpoint removes only the complete row; the end of the write adds the new month")
    func appended() throws {
        try withStore { s in
            let a = try history(s)
            #expect(try monthsAfter(s, a) {
                _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d("2024-05-20"), quantity: x("2.50"), pricePerUnit: 12, currency: "USD"))
            } == ["2024-01", "2024-02", "2024-03", "2024-04"])
            #expect(try months(s, a) == ["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "complete"])
            #expect(try levels(s, a, "2024-05") == "20:14.5")
            #expect(try timeline(s, a) == replayed(s, a))
            // Extended from the packed level of April, scale and all: the rows a whole replay writes.
            let extended = try Row.fetchAll(s.db, sql: "SELECT month, levels FROM quantity_checkpoint WHERE asset_id = ? ORDER BY month", arguments: [a.id!])
            try s.db.execute(sql: "DELETE FROM quantity_checkpoint")
            try s.begin()
            _ = try s.timeline(of: [a], dates: [d("2024-06-01")])
            try s.commit()
            #expect(try Row.fetchAll(s.db, sql: "SELECT month, levels FROM quantity_checkpoint WHERE asset_id = ? ORDER BY month", arguments: [a.id!]) == extended)
        }
    }

    @Test("a back-dated insert, an edit and a delete through the store remove the rows from their month on")
    func throughTheStore() throws {
        try withStore { s in
            let a = try history(s)
            let whole = ["2024-01", "2024-02", "2024-03", "2024-04", "complete"]
            #expect(try monthsAfter(s, a) {
                _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d("2024-02-15"), quantity: 1, pricePerUnit: 12, currency: "USD"))
            } == ["2024-01"])
            #expect(try months(s, a) == whole)
            #expect(try timeline(s, a) == replayed(s, a))

            let march = try s.transactions(ofAsset: a.id!).first { $0.date == d("2024-03-05") }!
            #expect(try monthsAfter(s, a) { _ = try s.editTransaction(id: march.id!) { $0.quantity = 2 } } == ["2024-01", "2024-02"])
            #expect(try months(s, a) == whole)
            #expect(try timeline(s, a) == replayed(s, a))

            let april = try s.transactions(ofAsset: a.id!).first { $0.date == d("2024-04-30") }!
            #expect(try monthsAfter(s, a) { try s.deleteTransaction(id: april.id!) } == ["2024-01", "2024-02", "2024-03"])
            #expect(try months(s, a) == ["2024-01", "2024-02", "2024-03", "complete"])
            #expect(try timeline(s, a) == replayed(s, a))
            #expect(try s.derivedMismatches().mismatches == [])
        }
    }

    @Test("SQL run on the store directly (update, move to another date or asset, delete) removes them too")
    func rawSQL() throws {
        try withStore { s in
            let a = try history(s)
            let b = try asset(s, "B", .stock, quantity: "1", price: "100", date: "2024-01-10")
            _ = try inWrite(s) { try s.timeline(of: [a, b], dates: days()) }
            try s.db.execute(sql: "UPDATE asset_transaction SET quantity = '7' WHERE asset_id = ? AND date = '2024-04-30'", arguments: [a.id!])
            #expect(try months(s, a) == ["2024-01", "2024-02", "2024-03"])
            try s.db.execute(sql: "UPDATE asset_transaction SET date = '2024-01-25' WHERE asset_id = ? AND date = '2024-02-10'", arguments: [a.id!])
            #expect(try months(s, a) == [])
            s.invalidateAll()
            #expect(try timeline(s, a) == replayed(s, a))

            _ = try inWrite(s) { try s.timeline(of: [a, b], dates: days()) }
            try s.db.execute(sql: "UPDATE asset_transaction SET asset_id = ? WHERE asset_id = ? AND date = '2024-03-05' AND quantity = '3'", arguments: [b.id!, a.id!])
            #expect(try months(s, a) == ["2024-01"])  // February lost its sell to January
            #expect(try months(s, b) == ["2024-01"])
            #expect(try timeline(s, a) == replayed(s, a))
            #expect(try timeline(s, b) == replayed(s, b))

            try s.db.execute(sql: "DELETE FROM asset_transaction WHERE asset_id = ? AND date = '2024-01-20'", arguments: [a.id!])
            #expect(try months(s, a) == [])
            #expect(try timeline(s, a) == replayed(s, a))

            try s.db.execute(sql: "DELETE FROM asset WHERE id = ?", arguments: [b.id!])
            #expect(try months(s, b) == [])
        }
    }

    @Test("an import of transactions writes its assets' months again from its own replay, whole, before the write ends")
    func imported() throws {
        try withStore { s in
            let a = try history(s)
            let csv = "Date,Asset,Type,Quantity,Price\n2024-03-20,A,buy,4,12\n"
            #expect(try monthsAfter(s, a) { _ = try importCSV(s, .transactions, csv) } == ["2024-01", "2024-02", "2024-03", "2024-04", "complete"])
            #expect(try levels(s, a, "2024-03") == "5:12.75 20:16.75")
            #expect(try months(s, a).last == "complete")
            #expect(try timeline(s, a) == replayed(s, a))
        }
    }

    @Test("a rolled-back change leaves the checkpoints of the state that remains")
    func rolledBack() throws {
        try withStore { s in
            let a = try history(s)
            _ = try timeline(s, a)
            try s.begin()
            _ = try s.record(Transaction(assetID: a.id!, type: .buy, date: d("2024-01-05"), quantity: 1, pricePerUnit: 12, currency: "USD"))
            #expect(try timeline(s, a) == replayed(s, a))
            try s.rollback()
            #expect(try months(s, a).last == "complete")
            #expect(try timeline(s, a) == replayed(s, a))
        }
    }

    @Test("inside someone else's read transaction (a report) they are computed, not written; in a write transaction they are")
    func readTransaction() throws {
        try withStore { s in
            let a = try history(s)
            try s.db.execute(sql: "DELETE FROM quantity_checkpoint")  // as a change behind the store's back leaves them
            try s.beginReading()
            #expect(try timeline(s, a) == replayed(s, a))
            #expect(try months(s, a).isEmpty)
            try s.rollback()
            try s.begin()
            #expect(try timeline(s, a) == replayed(s, a))
            try s.commit()
            #expect(try months(s, a).last == "complete")
        }
    }

    @Test("a checkpoint row that does not read back is damage, named, never a silent zero")
    func damaged() throws {
        try withStore { s in
            let a = try history(s)
            _ = try timeline(s, a)
            try s.db.execute(sql: "UPDATE quantity_checkpoint SET levels = X'0500' WHERE month = '2024-03'")  // a value cut short
            #expect(message { _ = try timeline(s, a) } == "The store is damaged: quantity checkpoint '2024-03' holds '2 bytes'.")
        }
    }

    @Test("checkpoints are derived data: not counted as changes, not exported")
    func derived() throws {
        try withStore { s in
            let a = try history(s)
            s.resetChangeCounter()
            _ = try timeline(s, a)
            #expect(s.changes.isEmpty)
            #expect(try !s.dataTableNames().contains("quantity_checkpoint"))
        }
    }
}
