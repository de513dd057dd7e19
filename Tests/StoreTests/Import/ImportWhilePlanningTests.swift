import Foundation
import GRDB
import Testing
@testable import Core
@testable import Store

/// A file's import writes each planned part while the next parts are read and planned
/// (`ImportWhilePlanningStore`). It must leave exactly what planning first and writing after
/// left (`TwoPassImportTests.onePassImport`, which writes the finished plan): the same lines,
/// the same rows, the same derived rows; and nothing at all when a later row has an error.
/// The files here are longer than one part (`CSVImportFile.checkpointRows` rows).
@Suite("Import written while planned: the same rows as planning first, nothing on an error")
struct ImportWhilePlanningTests {
    static let rows = 3 * CSVImportFile.checkpointRows + 500

    /// Imports `text` into two new stores, planned first then written (`onePassImport`) and
    /// written while planned (`importCSV`); expects the same lines, rows and derived rows
    /// (price ids aside when `samePriceIDs` is false), and derived rows a rebuild agrees with.
    func expectSame(_ kind: ImportKind, _ text: String, before: String? = nil, samePriceIDs: Bool = true,
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let a = try AssetFlowStore(path: nil), b = try AssetFlowStore(path: nil)
        try a.withSession(today: CalendarDate("2026-06-01")!) { sa in
            try b.withSession(today: CalendarDate("2026-06-01")!) { sb in
                var options = ImportOptions(kind: kind)
                options.defaultAssetType = .stock
                if let before {  // the same history in both stores first
                    for s in [sa, sb] { _ = try importCSV(s, .transactions, before) { $0.defaultAssetType = .stock } }
                }
                var steps: [String] = []
                let one = TwoPassImportTests.result { try TwoPassImportTests.onePassImport(sa, options, Data(text.utf8), dryRun: false) }
                let two = TwoPassImportTests.result {
                    var request = ImportRequest(options: options, data: Data(text.utf8))
                    request.stepDone = { steps.append($0) }
                    return try sb.importCSV(request).lines
                }
                #expect(one == two, sourceLocation: sourceLocation)
                if one.first != "failed" {
                    #expect(steps.contains { $0.hasSuffix("write rows meanwhile") }, "\(steps)", sourceLocation: sourceLocation)
                }
                if samePriceIDs {
                    #expect(try snapshot(sa) == snapshot(sb), sourceLocation: sourceLocation)
                } else {
                    let names = try sa.dataTableNames().filter { $0 != "price_history" }
                    for name in names { #expect(try sa.dump(table: name) == sb.dump(table: name), "\(name)", sourceLocation: sourceLocation) }
                    let prices = "SELECT asset_id, date, price FROM price_history ORDER BY asset_id, date"
                    #expect(try Row.fetchAll(sa.db, sql: prices) == Row.fetchAll(sb.db, sql: prices), sourceLocation: sourceLocation)
                }
                for table in DerivedTable.allCases {
                    let sql = "SELECT * FROM \(table.rawValue) ORDER BY 1, 2"
                    #expect(try Row.fetchAll(sa.db, sql: sql) == Row.fetchAll(sb.db, sql: sql), "\(table)", sourceLocation: sourceLocation)
                }
                #expect(try sb.derivedMismatches().mismatches.isEmpty, sourceLocation: sourceLocation)
            }
        }
    }

    static func day(_ n: Int) -> CalendarDate { CalendarDate(dayNumber: CalendarDate("2000-01-03")!.dayNumber + n) }

    /// Buys and sells over `rows` lines; an asset first named at line `lateAsset`.
    static func transactions(rows: Int = rows, lateAsset: Int = 2 * CSVImportFile.checkpointRows + 100, prefix: String = "A") -> String {
        var text = "Date,Asset,Type,Quantity,Price\n"
        for n in 0..<rows {
            let asset = n >= lateAsset && n % 3 == 0 ? "Late" : "\(prefix)\(n % 5)"
            text += "\(day(n / 4)),\(asset),\(n % 6 == 5 ? "sell,0" : "buy,\(n % 4 + 1)").5,\(n % 90 + 10).25\n"
        }
        return text
    }

    @Test("transactions over several parts, an asset first named in the last ones: the same rows, ids and derived rows")
    func transactionsAlike() throws {
        try expectSame(.transactions, Self.transactions())
        // Into a store that holds some of the history already: duplicates skipped, the rest added.
        let all = Self.transactions()
        let firstLines = all.split(separator: "\n").prefix(CSVImportFile.checkpointRows + 1).joined(separator: "\n") + "\n"
        try expectSame(.transactions, all, before: firstLines)
    }

    @Test("an error in a row planned after parts were written: the same failure, nothing written")
    func laterErrorWritesNothing() throws {
        var text = Self.transactions()
        text += "\(Self.day(Self.rows)),A1,sell,1000000,1\n"  // more than held: found when the plan is finished
        try expectSame(.transactions, text)
        var badDate = Self.transactions().split(separator: "\n").map(String.init)
        badDate[3 * CSVImportFile.checkpointRows] = "2024-13-01,A1,buy,1,2"  // a reading error in the last part
        try expectSame(.transactions, badDate.joined(separator: "\n") + "\n")
        let a = try AssetFlowStore(path: nil)
        try a.withSession(today: CalendarDate("2026-06-01")!) { s in
            let before = try snapshot(s)
            #expect(failureLines { _ = try importCSV(s, .transactions, text) { $0.defaultAssetType = .stock } } != nil)
            #expect(try snapshot(s) == before)
            #expect(try s.asset(named: "A1") == nil)
        }
    }

    @Test("a write that fails in a later part: its error when no row has one, else the rows' errors; nothing written either way")
    func writeErrorAfterParts() throws {
        var lines = Self.transactions().split(separator: "\n").map(String.init)
        lines[0] += ",Note"
        for i in 1..<lines.count { lines[i] += i == 3 * CSVImportFile.checkpointRows ? ",boom" : "," }
        let failing = lines.joined(separator: "\n") + "\n"
        lines[3 * CSVImportFile.checkpointRows + 5] = "2024-13-01,A1,buy,1,2,"  // and a row error after it
        let failingWithRowError = lines.joined(separator: "\n") + "\n"
        let a = try AssetFlowStore(path: nil)
        try a.withSession(today: CalendarDate("2026-06-01")!) { s in
            // A rule SQLite enforces and the planner does not know: the write of that row fails.
            try s.db.execute(sql: "CREATE TEMP TRIGGER refuse_boom BEFORE INSERT ON main.asset_transaction WHEN NEW.note = 'boom' BEGIN SELECT RAISE(ABORT, 'no boom here'); END")
            let before = try snapshot(s)
            #expect(failureLines { _ = try importCSV(s, .transactions, failing) { $0.defaultAssetType = .stock } }?.joined().contains("no boom here") == true)
            #expect(try snapshot(s) == before)
            let lines = failureLines { _ = try importCSV(s, .transactions, failingWithRowError) { $0.defaultAssetType = .stock } } ?? []
            #expect(lines.first == "1 row has an error; nothing was imported.", "\(lines)")
            #expect(try snapshot(s) == before)
        }
    }

    /// Prices of `assets` assets, each asset's days together (`byAsset`) or every asset day by day.
    static func prices(assets: Int, days: Int, byAsset: Bool) -> String {
        var text = "Date,Asset,Price\n"
        let pairs = byAsset ? (0..<assets).flatMap { a in (0..<days).map { (a, $0) } } : (0..<days).flatMap { d in (0..<assets).map { ($0, d) } }
        for (a, d) in pairs { text += "\(day(d)),P\(a),\(d % 500 + 1).\(a % 97)\n" }
        return text
    }

    @Test("prices asset by asset over several parts: written while planned, the same rows, ids and monthly series")
    func pricesByAssetAlike() throws {
        try expectSame(.prices, Self.prices(assets: 4, days: Self.rows / 4, byAsset: true))
        // Assets with a history (trades) before: their series are made with it.
        try expectSame(.prices, Self.prices(assets: 4, days: Self.rows / 4, byAsset: true), before: Self.transactions(rows: 3_000, prefix: "P"))
    }

    @Test("prices asset by asset in another order than the assets' ids: written while planned, in the file's order")
    func pricesInFileOrder() throws {
        let reversed = Self.prices(assets: 4, days: Self.rows / 4, byAsset: true).split(separator: "\n").dropFirst().reversed()
            .map { $0.replacingOccurrences(of: ",P", with: ",R") }
        var byAsset: [String] = []  // R3's days, then R2's…, each in date order
        for asset in ["R3", "R2", "R1", "R0"] { byAsset += reversed.filter { $0.contains(",\(asset),") }.reversed() }
        let text = "Date,Asset,Price\n" + byAsset.joined(separator: "\n") + "\n"
        let before = Self.transactions(rows: 3_000, lateAsset: .max, prefix: "R")  // creates R0…R4 in that order
        try expectSame(.prices, text, before: before, samePriceIDs: false)
        let a = try AssetFlowStore(path: nil)
        try a.withSession(today: CalendarDate("2026-06-01")!) { s in
            _ = try importCSV(s, .transactions, before) { $0.defaultAssetType = .stock }
            _ = try importCSV(s, .prices, text)
            // Written as the parts came (the first row first), not sorted by asset id after the plan.
            #expect(try String.fetchOne(s.db, sql: "SELECT a.name FROM price_history p JOIN asset a ON a.id = p.asset_id ORDER BY p.id LIMIT 1") == "R3")
        }
    }

    @Test("prices out of order: day by day, or in order for a part and then not: every row once, the same prices and series")
    func pricesOutOfOrderAlike() throws {
        try expectSame(.prices, Self.prices(assets: 5, days: Self.rows / 5, byAsset: false))
        // The first part asset by asset, the rest day by day: the stream stops after that part,
        // the rest is written after it (so the ids follow the parts, not one global order).
        let inOrder = Self.prices(assets: 2, days: CSVImportFile.checkpointRows / 2 + 10, byAsset: true)
        let rest = Self.prices(assets: 3, days: 2 * CSVImportFile.checkpointRows / 3, byAsset: false)
            .split(separator: "\n").dropFirst().map { $0.replacingOccurrences(of: ",P", with: ",Q") }
        try expectSame(.prices, inOrder + rest.joined(separator: "\n") + "\n", samePriceIDs: false)
        // A later part naming an asset of an earlier one again, out of order.
        let again = Self.prices(assets: 1, days: 10, byAsset: true).split(separator: "\n").dropFirst().map { $0.replacingOccurrences(of: ",P0", with: ",P1") }
        try expectSame(.prices, inOrder + again.joined(separator: "\n").replacingOccurrences(of: "2000-", with: "1999-") + "\n", samePriceIDs: false)
    }

    @Test("rows of a late part repeating or contradicting rows of the first part (handed over, no longer in the plan): the same duplicates and errors")
    func laterRowsAgainstHandedOverRows() throws {
        // Transactions: the first part's rows again, with their decimals written otherwise ("1.5" as
        // "1.50", "10.25" as "10.250"): duplicates, as values are compared, not texts.
        let all = Self.transactions()
        let lines = all.split(separator: "\n").dropFirst()
        let again = lines.prefix(50).map { $0.replacingOccurrences(of: ".5,", with: ".50,").replacingOccurrences(of: ".25", with: ".250") }
        try expectSame(.transactions, all + again.joined(separator: "\n") + "\n")
        // A sell beyond what the first part bought, found by the check over the whole file.
        try expectSame(.transactions, all + "\(Self.day(1)),A1,sell,1000000,1\n")
        // Prices: a late row going back in time to a day of the first part, once with the same
        // price (a duplicate), once with another (an error naming the first part's line).
        let prices = Self.prices(assets: 4, days: Self.rows / 4, byAsset: true)
        try expectSame(.prices, prices + "\(Self.day(3)),P0,4.0\n")
        try expectSame(.prices, prices + "\(Self.day(3)),P0,5.5\n")
    }

    @Test("a dry run of a long file: the same preview (the first rows, the counts) as planning first")
    func dryRunPreview() throws {
        for (kind, text) in [(ImportKind.transactions, Self.transactions()), (.prices, Self.prices(assets: 4, days: Self.rows / 4, byAsset: true))] {
            let a = try AssetFlowStore(path: nil), b = try AssetFlowStore(path: nil)
            try a.withSession(today: CalendarDate("2026-06-01")!) { sa in
                try b.withSession(today: CalendarDate("2026-06-01")!) { sb in
                    var options = ImportOptions(kind: kind)
                    options.defaultAssetType = .stock
                    let one = try TwoPassImportTests.onePassImport(sa, options, Data(text.utf8), dryRun: true)
                    let two = try importCSV(sb, kind, text, dryRun: true) { $0.defaultAssetType = .stock }.lines
                    #expect(one == two)
                    #expect(two.contains { $0.contains("more.") }, "\(two)")
                    #expect(try snapshot(sa) == snapshot(sb))
                }
            }
        }
    }

    @Test("more new assets than are replayed at once: every asset's snapshot, checkpoints and monthly series as planning first")
    func manyNewAssets() throws {
        var text = "Date,Asset,Type,Quantity,Price\n"
        for n in 0..<Self.rows { text += "\(Self.day(n / 30)),M\(n % 23),\(n % 7 == 6 ? "sell,1" : "buy,3"),\(n % 50 + 1).5\n" }
        try expectSame(.transactions, text)
    }
}
