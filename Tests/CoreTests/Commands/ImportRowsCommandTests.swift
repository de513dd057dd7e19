import Foundation
import Testing
@testable import Core

/// `ImportRows` reads through its store, plans and writes: the same command the SQLite store
/// runs, here against memory (no downcast, no SQLite).
@Suite("ImportRows: the import as one command against its port")
struct ImportRowsCommandTests {
    func rows(_ csv: String) throws -> (rows: [ImportRow], errors: [RowError], titles: [ImportField: String]) {
        let table = try CSVTable.parse(text: csv)
        let mapping = try ColumnMapping.resolve(kind: .transactions, headers: table.headers)
        let (rows, errors) = ImportRow.read(table, mapping: mapping, options: ImportOptions(kind: .transactions))
        return (rows, errors, mapping.columns.mapValues { table.headers[$0] })
    }

    @Test("a file's assets are created and its rows written one by one; the stored history counts for holdings")
    func writesThroughThePort() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: 10, price: 10)
        let file = try rows("Date,Asset,Type,Quantity,Price\n2024-02-01,acme,sell,4,12\n2024-02-02,NEWCO,buy,3,5\n")
        let outcome = try s.run(ImportRows(file.rows, options: ImportOptions(kind: .transactions), titles: file.titles))
        #expect(outcome.plan.summary == ["2 transactions imported.", "1 new asset added: NEWCO (stock, USD)."])
        let newco = try #require(try s.asset(named: "NEWCO"))
        #expect(outcome.newAssetIDs == [newco.id!])
        #expect(try s.quantity(ofAsset: acme.id!) == 6)
        #expect(try s.quantity(ofAsset: newco.id!) == 3)
        #expect(s.transactions.values.first { $0.assetID == newco.id! }?.totalAmount == 15)
    }

    @Test("with releasingRows the run lets the rows go once planned (the plan keeps what the write needs); without, it keeps them")
    func releasesRowsOncePlanned() throws {
        let file = try rows("Date,Asset,Type,Quantity,Price\n2024-02-01,ACME,buy,2,12\n2024-02-02,ACME,sell,1,13\n")
        var releasing = ImportRows(file.rows, options: ImportOptions(kind: .transactions), titles: file.titles)
        releasing.releasingRows = true
        let s = MemoryCommandStore()
        let outcome = try s.run(releasing)
        #expect(outcome.plan.addedCount == 2)
        #expect(releasing.rows.isEmpty)
        #expect(try s.quantity(ofAsset: try #require(try s.asset(named: "ACME")).id!) == 1)
        let keeping = ImportRows(file.rows, options: ImportOptions(kind: .transactions), titles: file.titles)
        _ = try MemoryCommandStore().run(keeping)
        #expect(keeping.rows.count == 2)
    }

    @Test("a sell beyond the stored holdings is a row error with the holdings rule's sentence; nothing is written")
    func refusesBeyondHoldings() throws {
        let s = MemoryCommandStore()
        _ = try s.asset("ACME", quantity: 10, price: 10)
        let before = s.transactions.count
        let file = try rows("Date,Asset,Type,Quantity,Price\n2024-02-01,ACME,sell,11,12\n2024-02-02,NEWCO,buy,3,5\n")
        let thrown = #expect(throws: ImportFailure.self) {
            try s.run(ImportRows(file.rows, options: ImportOptions(kind: .transactions), titles: file.titles))
        }
        #expect(thrown?.lines == ["1 row has an error; nothing was imported.",
                                  "line 2, Quantity: " + HoldingsRules.beyondHoldingsMessage(.sell, .current, most: 10)])
        #expect(s.transactions.count == before)
        #expect(try s.asset(named: "NEWCO") == nil)
    }

    @Test("a dry run plans and checks everything and writes nothing; read errors come back with the plan's")
    func dryRunAndReadErrors() throws {
        let s = MemoryCommandStore()
        let file = try rows("Date,Asset,Type,Quantity,Price\n2024-02-01,ACME,buy,2,12\n")
        let outcome = try s.run(ImportRows(file.rows, options: ImportOptions(kind: .transactions), titles: file.titles, dryRun: true))
        #expect(outcome.plan.addedCount == 1)
        #expect(outcome.newAssetIDs.isEmpty)
        #expect(s.assets.isEmpty && s.transactions.isEmpty)
        let bad = try rows("Date,Asset,Type,Quantity,Price\n2024-02-01,ACME,buy,abc,12\n2024-02-02,ACME,sell,5,12\n")
        #expect(!bad.errors.isEmpty)
        let failure = #expect(throws: ImportFailure.self) {
            try s.run(ImportRows(bad.rows, options: ImportOptions(kind: .transactions), titles: bad.titles, readErrors: bad.errors))
        }
        #expect(failure?.lines.first == "2 rows have errors; nothing was imported.")
        #expect(s.assets.isEmpty)
    }
}
