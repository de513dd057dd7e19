import Foundation
import Testing
@testable import Core
@testable import Store

/// The import reads its file twice (`CSVImportFile`: a survey that decides the columns, then
/// the rows cleaned and planned part by part) instead of keeping every row. It must do
/// exactly what the one reading of the whole file did (`CSVTable.parse`, `ImportRow.read`,
/// `ImportRows` over every row, kept here as the reference): the same summary or the same
/// errors, and the same rows written.
@Suite("Import read in two passes: the same plans, errors and rows as one reading")
struct TwoPassImportTests {
    /// The import as it was: the whole file read, every row cleaned, then planned.
    static func onePassImport(_ s: StoreSession, _ options: ImportOptions, _ data: Data, dryRun: Bool) throws -> [String] {
        var options = options
        if options.platform.isEmpty { options.platform = try s.setting(SetDefaultPlatform.settingKey) ?? "" }
        options.today = options.today ?? s.today
        let table = try CSVTable.parse(data: data)
        let mapping = try ColumnMapping.resolve(kind: options.kind, headers: table.headers, explicit: options.map,
                                                assetGiven: options.assetName != nil)
        let read = ImportRow.read(table, mapping: mapping, options: options)
        var command = ImportRows(read.rows, options: options, titles: mapping.columns.mapValues { table.headers[$0] },
                                 readErrors: read.errors)
        command.releasingRows = true
        var plan: ImportPlan?
        do {
            try s.atomically {
                plan = try s.applyImport(command).plan
                if dryRun { throw DryRunRollback() }
            }
        } catch is DryRunRollback {}
        return mapping.warnings + (dryRun ? plan!.preview() : plan!.summary)
    }

    static func twoPassImport(_ s: StoreSession, _ options: ImportOptions, _ data: Data, dryRun: Bool) throws -> [String] {
        var request = ImportRequest(options: options, data: data)
        request.dryRun = dryRun
        return try s.importCSV(request).lines
    }

    /// What an import printed, or its error's lines.
    static func result(_ body: () throws -> [String]) -> [String] {
        do { return try body() } catch let failure as ImportFailure { return ["failed"] + failure.lines } catch { return ["error", "\(error)"] }
    }

    /// Imports `data` into both stores, each its own way; expects the same lines (and, with
    /// `compareRows`, the same tables after).
    static func expectSame(_ a: StoreSession, _ b: StoreSession, _ options: ImportOptions, _ data: Data,
                           dryRun: Bool = false, compareRows: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let one = result { try onePassImport(a, options, data, dryRun: dryRun) }
        let two = result { try twoPassImport(b, options, data, dryRun: dryRun) }
        #expect(one == two, "\(String(decoding: data.prefix(300), as: UTF8.self))", sourceLocation: sourceLocation)
        if compareRows { #expect(try snapshot(a) == snapshot(b), sourceLocation: sourceLocation) }
    }

    static let samples: [(ImportKind, String)] = [
        (.transactions, ImportFuzzTests.base),
        (.transactions, "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,\"0,76672417\",\"150,00\"\n2024-01-03,ACME,buy,\"1,5\",\"97,93\"\n"),
        (.transactions, "Date;Asset;Type;Quantity;Price\n2024-01-02;ACME;buy;1.000;12,50\n2024-01-03;ACME;sell;1,234;13\n"),
        (.transactions, "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,\"1,234\",12\n"),  // ambiguous, nothing tells
        (.transactions, "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,1,97.93\n2024-01-03,ACME,buy,1,\"150,00\"\n2024-01-04,ACME,buy,1,\"12,5\"\n"),
        (.transactions, "Date,Asset,Type,Quantity,Price\n03/04/2024,ACME,buy,1,2\n13/04/2024,ACME,buy,1,2\n"),
        (.transactions, "Date,Asset,Type,Quantity,Price\n03/04/2024,ACME,buy,1,2\n04/05/2024,ACME,buy,1,2\n"),  // order unknown
        (.transactions, "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,1,2\n2024-01-02,ACME,buy,1,2\n2024-01-03,ACME,sell,5,2\n"),
        (.transactions, "Date,Asset,Type,Quantity,Price,Fees\n2024-01-02,ACME,buy,1,£110.79,£1\n2024-01-03,ACME,buy,1,$5,\n"),
        (.transactions, "Date,Asset,Type,Quantity,Price,Note\n2024-01-02,ACME,buy,1,2,\"never closed\n2024-01-03,ACME,buy,1,2,\n"),
        (.transactions, "\u{FEFF}Date,Asset,Type,Quantity,Price\r\n\r\n2024-01-02,ACME,buy,1,2\r\n\r\n2024-01-03,ACME,sell,1,3\r\n"),
        (.transactions, "Date,Asset,Type,Quantity,Price\n"),
        (.transactions, "\n\n  \n"),
        (.transactions, ""),
        (.transactions, "Date,Thing,Type\n2024-01-02,ACME,buy\n"),  // columns missing
        (.transactions, "Date,Thing,Type\n2024-01-02,\"ACME,buy\n"),  // columns missing and an unclosed quote
        (.transactions, "Date,Asset,Type,Quantity,Price\n2024-01-02,ACME,buy,1,2,extra\n2099-01-02,ACME,buy,-1,abc\n"),
        (.transactions, "Date,Asset,Type,Quantity,Price,Source\n2024-01-02,Cash,buy,100,1,\n2024-01-03,Cash,dividend,5,1,ACME\n2024-01-03,Cash,dividend,5,1,Nope\n"),
        (.transactions, "Date\tAsset\tType\tQuantity\tPrice\n2024-01-02\tACME\tbuy\t1\t2\n"),
        (.prices, "Date,Asset,Price\n2024-01-02,ACME,12.5\n2024-01-02,ACME,12.5\n2024-01-01,ACME,12\n2024-01-02,ACME,13\n2024-01-03,ACME,1.0000000000000000005\n"),
        (.prices, "Date,Asset,Price\n2024-01-02,ACME,12.5\n2024-01-03,Other,abc\n"),
        (.prices, "Date;Asset;Price\n02.01.2024;ACME;12,50\n03.01.2024;ACME;1.234,5\n"),
    ]

    @Test("every sample: the same lines and rows, imported, dry-run and imported again")
    func samplesAlike() throws {
        let a = try AssetFlowStore(path: nil), b = try AssetFlowStore(path: nil)
        try a.withSession(today: CalendarDate("2024-06-01")!) { sa in
            try b.withSession(today: CalendarDate("2024-06-01")!) { sb in
                for (kind, text) in Self.samples {
                    var options = ImportOptions(kind: kind)
                    options.defaultAssetType = .stock
                    for dryRun in [true, false, false] { try Self.expectSame(sa, sb, options, Data(text.utf8), dryRun: dryRun) }
                }
                // UTF-16 with its mark, and bytes that are not text.
                var options = ImportOptions(kind: .transactions)
                options.defaultAssetType = .stock
                let utf16 = Data([0xFF, 0xFE]) + "Date,Asset,Type,Quantity,Price\n2024-02-02,UTF,buy,1,2\n".data(using: .utf16LittleEndian)!
                try Self.expectSame(sa, sb, options, utf16)
                try Self.expectSame(sa, sb, options, Data([0x44, 0xC3, 0x28, 0x0A]))
                try Self.expectSame(sa, sb, options, Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]) + Data("Date,Asset,Type,Quantity,Price\n2024-02-03,B,buy,1,2\n".utf8))
                // Options: a stated mark, a date format, a saved mapping's pairs, the asset named outside the file.
                options.numberRule = .mark(.comma)
                try Self.expectSame(sa, sb, options, Data("Date;Asset;Type;Quantity;Price\n2024-01-05;ACME;buy;1;97.93\n2024-01-06;ACME;buy;1;1,5\n".utf8))
                options = ImportOptions(kind: .transactions)
                options.dateFormat = try ImportDate(format: "DD/MM/YYYY")
                options.map = [(column: "When", field: "date"), (column: "Ticker", field: "asset")]
                try Self.expectSame(sa, sb, options, Data("When,Ticker,Type,Quantity,Price\n05/01/2024,ACME,buy,1,2\n".utf8))
                var prices = ImportOptions(kind: .prices)
                prices.assetName = "Quoted"
                try Self.expectSame(sa, sb, prices, Data("Date,Open,High,Low,Close\n2024-01-02,1,2,1,\"1,5\"\n2024-01-03,1,2,1,\"1,6\"\n".utf8))
            }
        }
    }

    @Test("mutated files: the same lines and rows after each import")
    func fuzzedAlike() throws {
        let a = try AssetFlowStore(path: nil), b = try AssetFlowStore(path: nil)
        var random = ImportFuzzTests.Random(state: 20_261_126)
        try a.withSession(today: CalendarDate("2024-06-01")!) { sa in
            try b.withSession(today: CalendarDate("2024-06-01")!) { sb in
                var options = ImportOptions(kind: .transactions)
                options.defaultAssetType = .stock
                for round in 0..<600 {
                    let (kind, text) = Self.samples[random.below(Self.samples.count)]
                    options.kind = kind
                    let data = Data(ImportFuzzTests.mutate(Array(text.utf8), &random))
                    try Self.expectSame(sa, sb, options, data, dryRun: random.below(4) == 0, compareRows: round % 25 == 0)
                    if random.below(20) == 0 {
                        for s in [sa, sb] {
                            try s.db.execute(sql: "DELETE FROM asset")
                            s.invalidateAll()
                        }
                    }
                }
                #expect(try snapshot(sa) == snapshot(sb))
            }
        }
    }

    @Test("long files read in several parts and checkpoints: the same lines and rows")
    func longFilesAlike() throws {
        var transactions = "Date,Asset,Type,Quantity,Price,Note\n", prices = "Date,Asset,Price\n"
        for n in 1...40_000 {
            let day = CalendarDate(dayNumber: CalendarDate("2020-01-01")!.dayNumber + n / 40)
            switch n % 4_999 {
            case 0: transactions += "2024-13-01,A\(n % 7),buy,1,2,\n"  // a bad date
            case 1: transactions += "\(day),A\(n % 7),buy,1,2,\"a note\nover two lines, \"\"quoted\"\"\"\n\n"
            default: transactions += "\(day),A\(n % 7),\(n % 5 == 0 ? "sell" : "buy"),\(n % 9 + 1).5,\(n % 300 + 10).25,\n"
            }
            prices += "\(day),P\(n % 40),\(n % 1000 + 1).\(n % 97)\n"
        }
        for (kind, text, rowsAreGood) in [(ImportKind.transactions, transactions, false), (.prices, prices, true)] {
            let a = try AssetFlowStore(path: nil), b = try AssetFlowStore(path: nil)
            try a.withSession(today: CalendarDate("2024-06-01")!) { sa in
                try b.withSession(today: CalendarDate("2024-06-01")!) { sb in
                    var options = ImportOptions(kind: kind)
                    options.defaultAssetType = .stock
                    try Self.expectSame(sa, sb, options, Data(text.utf8))
                    if !rowsAreGood {  // without the bad dates: imported, then all duplicates
                        let good = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("2024-13") }.joined(separator: "\n")
                        try Self.expectSame(sa, sb, options, Data(good.utf8))
                        try Self.expectSame(sa, sb, options, Data(good.utf8))
                    } else {
                        try Self.expectSame(sa, sb, options, Data(text.utf8))
                    }
                }
            }
        }
    }
}
