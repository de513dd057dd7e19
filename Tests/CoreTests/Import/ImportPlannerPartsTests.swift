import Foundation
import Testing
@testable import Core

/// A planner whose rows are handed over part by part (`takePart`, the import written while
/// planned) keeps none of them: only what `finish` needs (holdings steps, price keys, each
/// asset's summary). Its plan counts the rows and keeps the first ones for the preview.
@Suite("ImportPlanner handing its rows over: the same checks and counts without the rows")
struct ImportPlannerPartsTests {
    func rows(_ kind: ImportKind, _ csv: String) throws -> [ImportRow] {
        let table = try CSVTable.parse(text: csv)
        let mapping = try ColumnMapping.resolve(kind: kind, headers: table.headers)
        return ImportRow.read(table, mapping: mapping, options: ImportOptions(kind: kind)).rows
    }

    func planner(_ kind: ImportKind, parts: Bool) -> ImportPlanner {
        ImportPlanner(options: ImportOptions(kind: kind), context: ImportContext(assets: [], today: CalendarDate("2026-06-01")!),
                      titles: [:], expectedRows: 100, handingOverParts: parts)
    }

    /// Plans `batches` (each a CSV body under `header`), taking a part after each when `parts`.
    func plan(_ kind: ImportKind, _ header: String, _ batches: [String], parts: Bool) throws
        -> (plan: ImportPlan, errors: [RowError], handed: [ImportPlan.Part]) {
        var p = planner(kind, parts: parts), handed: [ImportPlan.Part] = [], line = 1
        for batch in batches {
            var batchRows = try rows(kind, header + batch)
            for i in batchRows.indices { batchRows[i].line += line - 1 }
            line += batchRows.count
            p.add(batchRows)
            if parts, let part = p.takePart() { handed.append(part) }
        }
        let (plan, errors) = p.finish()
        return (plan, errors, handed)
    }

    @Test("transactions: the plan keeps no handed-over row, counts them, keeps the first ten; the same errors and summaries")
    func transactionsHandedOver() throws {
        let header = "Date,Asset,Type,Quantity,Price\n"
        var first = "", second = ""
        for n in 0..<12 { first += "2024-01-\(String(format: "%02d", n + 1)),ACME,buy,1.5,\(10 + n)\n" }
        second += "2024-01-05,ACME,buy,1.50,14.0\n"      // a duplicate of line 6, written otherwise
        second += "2024-01-03,ACME,sell,100,20\n"        // beyond holdings on its date
        second += "2024-02-01,CASH,buy,100,1\n"
        let whole = try plan(.transactions, header, [first, second], parts: false)
        let handed = try plan(.transactions, header, [first, second], parts: true)
        #expect(handed.plan.transactions.isEmpty)
        #expect(handed.plan.transactionsHandedOver == whole.plan.transactions.count && handed.plan.addedCount == whole.plan.addedCount)
        #expect(handed.plan.firstHandedOver.transactions.map(\.line) == whole.plan.transactions.prefix(10).map(\.line))
        #expect(handed.handed.flatMap(\.transactions).map(\.line) == whole.plan.transactions.map(\.line))
        #expect(handed.plan.duplicates == 1 && whole.plan.duplicates == 1)
        #expect(handed.errors.map(\.message) == whole.errors.map(\.message))
        #expect(handed.errors.count == 1)
        #expect(handed.plan.preview() == whole.plan.preview())
        let acme = ImportPlan.AssetRef.new(0)
        #expect(handed.plan.assets[acme]?.highestPrice == 21)
        #expect(handed.plan.assets[acme]?.highestTradePrice == 21)
        #expect(handed.plan.assets[acme]?.hasPrices == false)
    }

    @Test("prices: a late row going back to a handed-over day is a duplicate or an error naming its line")
    func pricesHandedOver() throws {
        let header = "Date,Asset,Price\n"
        let first = "2024-01-01,ACME,10\n2024-01-02,ACME,11.5\n2024-01-03,ACME,12\n"
        for (late, duplicates, error) in [("2024-01-02,ACME,11.50\n", 1, nil), ("2024-01-02,ACME,11.6\n", 0, "A different price for this asset and date is on line 3.")] {
            let handed = try plan(.prices, header, [first, late], parts: true)
            let whole = try plan(.prices, header, [first, late], parts: false)
            #expect(handed.plan.prices.isEmpty && handed.plan.addedCount == 3)
            #expect(handed.plan.duplicates == duplicates && whole.plan.duplicates == duplicates)
            #expect(handed.errors.map(\.message) == (error.map { [$0] } ?? []))
            #expect(whole.errors.map(\.message) == handed.errors.map(\.message))
            #expect(handed.plan.assets[.new(0)]?.highestRecordedPrice == 12)
            #expect(handed.plan.assets[.new(0)]?.hasPrices == true)
        }
    }

    @Test("duplicate keys: equal values written otherwise are equal keys; decimals beyond 64 bits are compared as values")
    func duplicateKeys() throws {
        typealias Key = ImportPlanner.DuplicateKey
        let key = { (q: String, p: String) in Key(slot: 0, day: 1, type: .buy, quantity: ExactDecimal(q)!, price: ExactDecimal(p)!) }
        #expect(key("6", "94.1") == key("6.000", "94.10"))
        #expect(key("6", "94.1") != key("-6", "94.1"))
        #expect(key("0", "1") == key("0.00", "1"))
        #expect(MemoryLayout<Key>.stride == 32)
        #expect(key("123456789012345678901", "1") == nil)  // units beyond 64 bits
        #expect(key("1.00000000000000000000000", "1") == key("1", "1"))  // normalized first
        var p = planner(.transactions, parts: true)
        let big = ExactDecimal("123456789012345678901")!
        let first = p.see(slot: 0, day: 1, type: .buy, quantity: big, price: 1)
        let again = p.see(slot: 0, day: 1, type: .buy, quantity: ExactDecimal("123456789012345678901.00")!, price: 1)
        let otherDay = p.see(slot: 0, day: 2, type: .buy, quantity: big, price: 1)
        #expect(first && !again && otherDay)
        #expect(p.seenWide.count == 2 && p.seen.isEmpty)
    }
}
