import Foundation
import Testing
@testable import Core

/// Issue 23's overflow rule in every import: "a write whose value or product leaves the exact
/// range is refused with its rule message". An import checks each row as the single write
/// does (`RecordTransaction`): its product, and the quantity held after it.
@Suite("Imports refuse what leaves the exact range")
struct ImportHeldRangeTests {
    func rows(_ csv: String) throws -> (rows: [ImportRow], errors: [RowError], titles: [ImportField: String]) {
        let table = try CSVTable.parse(text: csv)
        let mapping = try ColumnMapping.resolve(kind: .transactions, headers: table.headers)
        let (rows, errors) = ImportRow.read(table, mapping: mapping, options: ImportOptions(kind: .transactions))
        return (rows, errors, mapping.columns.mapValues { table.headers[$0] })
    }

    static let heldMessage = "The quantity held of ACME would be out of range after this transaction: it must stay below 1000000000000000000."

    @Test("a buy that takes the stored holdings past 10^18 is refused with the held-quantity message; nothing is written")
    func heldQuantity() throws {
        let s = MemoryCommandStore()
        let acme = try s.asset("ACME", quantity: ExactDecimal("999999999999999000")!, price: 1)
        let before = s.transactions.count
        let file = try rows("Date,Asset,Type,Quantity,Price\n2024-02-01,ACME,buy,500,1\n2024-02-02,ACME,buy,999,1\n2024-02-03,NEWCO,buy,1,1\n")
        let thrown = #expect(throws: ImportFailure.self) {
            try s.run(ImportRows(file.rows, options: ImportOptions(kind: .transactions), titles: file.titles))
        }
        #expect(thrown?.lines == ["1 row has an error; nothing was imported.", "line 3, Quantity: " + Self.heldMessage])
        #expect(s.transactions.count == before)
        #expect(try s.asset(named: "NEWCO") == nil)
        // The single write says the same.
        let single = violation { try s.run(Trade(.buy, asset: acme.id!, quantity: 1500, price: 1, date: ymd("2024-02-02"))) }
        #expect(single?.message == Self.heldMessage)
    }

    @Test("rows of one file add up: the row that crosses the range is refused, the ones before it are not blamed")
    func withinTheFile() throws {
        let s = MemoryCommandStore()
        var csv = "Date,Asset,Type,Quantity,Price\n"
        for i in 1...1001 { csv += "2024-02-01,ACME,buy,999999999999999,\(i)\n" }
        let file = try rows(csv)
        let thrown = #expect(throws: ImportFailure.self) {
            try s.run(ImportRows(file.rows, options: ImportOptions(kind: .transactions), titles: file.titles))
        }
        #expect(thrown?.lines == ["1 row has an error; nothing was imported.", "line 1002, Quantity: " + Self.heldMessage])
        #expect(s.assets.isEmpty && s.transactions.isEmpty)
    }

    @Test("a huge quantity × a huge price whose total cannot be exact is refused with the total's rule message")
    func product() throws {
        let s = MemoryCommandStore()
        let file = try rows("Date,Asset,Type,Quantity,Price\n2024-02-01,ACME,buy,999999999999999.5,999999999999999.123456789012345678\n")
        let thrown = #expect(throws: ImportFailure.self) {
            try s.run(ImportRows(file.rows, options: ImportOptions(kind: .transactions), titles: file.titles))
        }
        let line = try #require(thrown?.lines.last)
        #expect(line.contains("The total 999999999999999.5 × 999999999999999.123456789012345678 is out of range"), "\(line)")
        #expect(s.assets.isEmpty && s.transactions.isEmpty)
    }
}
