import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// The same commands against both command stores: the in-memory one the Core tests use
/// (`MemoryCommandStore`, shared with CoreTests) and SQLite's (`SessionCommandStore`, through
/// `StoreSession.execute`). Every case must give the same answers on both, so a rule tested
/// in memory holds in the real store.
@Suite("Command store contract: memory and SQLite give the same answers")
struct CommandStoreContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite
        var testDescription: String { rawValue }
    }

    /// A command store under contract: runs commands as its owner does and answers reads.
    struct Subject {
        let run: (any Command) throws -> Any
        let reads: CommandContext

        func callAsFunction<C: Command>(_ command: C) throws -> C.Result { try run(command) as! C.Result }
    }

    static let today = CalendarDate("2024-06-30")!

    func with(_ kind: Kind, _ body: (Subject) throws -> Void) throws {
        switch kind {
        case .memory:
            let store = MemoryCommandStore(today: Self.today)
            try body(Subject(run: { try $0.run(in: store) }, reads: store))
        case .sqlite:
            try AssetFlowStore(path: nil).withSession(today: Self.today) { session in
                func execute<C: Command>(_ c: C) throws -> Any { try session.execute(c) }
                try body(Subject(run: { try execute($0) }, reads: SessionCommandStore(session)))
            }
        }
    }

    func acme(_ s: Subject) throws -> Asset {
        var create = CreateAsset(name: "ACME", type: .stock)
        create.quantity = 10
        create.costBasis = 10
        create.date = CalendarDate("2024-01-02")!
        return try s(create)
    }

    func message(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return "\(error)" }
    }

    @Test("a new asset with an opening position: found by id and by name, its quantity and price", arguments: Kind.allCases)
    func createAsset(_ kind: Kind) throws {
        try with(kind) { s in
            let a = try acme(s)
            #expect(try s.reads.requireAsset(id: a.id!).name == "ACME")
            #expect(try s.reads.asset(named: "acme")?.id == a.id)
            #expect(try s.reads.quantity(ofAsset: a.id!) == 10)
            #expect(try s.reads.currentPrice(ofAsset: a.id!) == 10)
            #expect(try s.reads.hasHistory(asset: a.id!))
            #expect(throws: (any Error).self) { _ = try s.reads.requireAsset(id: 999) }
        }
    }

    @Test("trades in each direction; the holdings rule's sentences, new and backdated", arguments: Kind.allCases)
    func trades(_ kind: Kind) throws {
        try with(kind) { s in
            let id = try acme(s).id!
            // At the recorded price: a trade's own price is a market price too (prices from trades),
            // which only the SQLite store reads.
            let sell = try s(Trade(.sell, asset: id, quantity: 4, price: 10, date: CalendarDate("2024-03-01")!))
            #expect(sell.type == .sell && sell.totalAmount == 40 && sell.currency == "USD")
            #expect(try s(Trade(.transferIn, asset: id, quantity: 1, date: CalendarDate("2024-04-01")!)).pricePerUnit == 10)
            _ = try s(Trade(.transferOut, asset: id, quantity: 1, price: 10, date: CalendarDate("2024-04-02")!))
            #expect(try s.reads.quantity(ofAsset: id) == 6)
            #expect(message { _ = try s(Trade(.sell, asset: id, quantity: 7, price: 12)) } == "Cannot sell more than current holdings (6).")
            #expect(message { _ = try s(Trade(.transferOut, asset: id, quantity: 7, price: 12, date: CalendarDate("2024-02-01")!)) }
                    == "Cannot transfer out more than available holdings on 2024-02-01 (6).")
            #expect(message { _ = try s(Trade(.buy, asset: id, quantity: 1, price: 1, date: CalendarDate("2024-07-01")!)) }
                    == "Date cannot be in the future.")
            #expect(try s.reads.quantity(ofAsset: id) == 6)
        }
    }

    @Test("holdings from a point of the ledger; an edit and a deletion that would leave a later sell short", arguments: Kind.allCases)
    func editsAndDeletions(_ kind: Kind) throws {
        try with(kind) { s in
            let id = try acme(s).id!
            let sell = try s(Trade(.sell, asset: id, quantity: 4, price: 12, date: CalendarDate("2024-03-01")!))
            let history = try s.reads.holdings(ofAsset: id, from: HoldingsHistory.LedgerKey(date: CalendarDate("2024-02-01")!, id: 0))
            #expect(history.opening == 10 && history.transactions.map(\.id) == [sell.id])
            if let lowest = try s.reads.lowestHoldings(ofAsset: id, from: HoldingsHistory.LedgerKey(date: CalendarDate("2024-02-01")!, id: 0), upTo: nil) {
                #expect(lowest == 6)  // a store may not know (nil); when it answers, it is right
            }
            let buy = try #require(try s.reads.holdings(ofAsset: id, from: HoldingsHistory.LedgerKey(date: CalendarDate("2024-01-01")!, id: 0)).transactions.first)
            #expect(message { _ = try s(EditTransaction(id: buy.id!, quantity: 3)) } == "This change would cause the asset quantity to become negative on 2024-03-01.")
            #expect(message { try s(DeleteTransaction(id: buy.id!)) } == "Deleting this transaction would cause the asset quantity to become negative on 2024-03-01.")
            #expect(message { _ = try s(EditTransaction(id: sell.id!, quantity: 11)) } == "Cannot sell more than available holdings (10).")
            #expect(try s(EditTransaction(id: sell.id!, quantity: 10)).quantity == 10)
            #expect(try s.reads.quantity(ofAsset: id) == 0)
            try s(DeleteTransaction(id: sell.id!))
            #expect(try s.reads.quantity(ofAsset: id) == 10)
        }
    }

    @Test("price records: the current price, the latest on or before a date, one per day", arguments: Kind.allCases)
    func prices(_ kind: Kind) throws {
        try with(kind) { s in
            let id = try acme(s).id!
            _ = try s(RecordPrice(asset: id, price: 14, date: CalendarDate("2024-03-01")!))
            #expect(try s.reads.currentPrice(ofAsset: id) == 14)
            #expect(try s.reads.price(ofAsset: id, onOrBefore: CalendarDate("2024-02-15")!) == 10)
            #expect(try s.reads.price(ofAsset: id, onOrBefore: CalendarDate("2023-12-31")!) == nil)
            #expect(try s.reads.hasPrice(ofAsset: id, on: CalendarDate("2024-03-01")!, excluding: nil))
            #expect(try s.reads.priceCount(ofAsset: id) == 2)
            #expect(message { _ = try s(RecordPrice(asset: id, price: 15, date: CalendarDate("2024-03-01")!)) } != nil)
        }
    }

    @Test("an import through ImportRows: the same plan, the same rows, the same refusals", arguments: Kind.allCases)
    func importRows(_ kind: Kind) throws {
        try with(kind) { s in
            let id = try acme(s).id!
            func command(_ csv: String) throws -> ImportRows {
                let table = try CSVTable.parse(text: csv)
                let mapping = try ColumnMapping.resolve(kind: .transactions, headers: table.headers)
                let (rows, errors) = ImportRow.read(table, mapping: mapping, options: ImportOptions(kind: .transactions))
                return ImportRows(rows, options: ImportOptions(kind: .transactions), titles: mapping.columns.mapValues { table.headers[$0] },
                                  readErrors: errors)
            }
            let file = "Date,Asset,Type,Quantity,Price\n2024-02-01,acme,sell,4,12\n2024-02-02,NEWCO,buy,3,5\n2024-02-02,NEWCO,buy,3,5\n"
            let outcome = try s(try command(file))
            #expect(outcome.plan.summary == ["2 transactions imported.", "1 duplicate skipped (already in the store or earlier in the file).",
                                             "1 new asset added: NEWCO (stock, USD)."])
            #expect(try s.reads.quantity(ofAsset: id) == 6)
            #expect(try s.reads.quantity(ofAsset: outcome.newAssetIDs[0]) == 3)
            #expect(try s(try command(file)).plan.addedCount == 0)
            #expect(message { _ = try s(try command("Date,Asset,Type,Quantity,Price\n2024-02-03,ACME,sell,7,12\n")) }
                    == "1 row has an error; nothing was imported.\nline 2, Quantity: Cannot sell more than current holdings (6).")
        }
    }
}
