import Foundation
import Testing
import ZIPFoundation
@testable import Core
@testable import Store

/// Exports and backups are written as their rows are read (issue 27: every command on the
/// benchmark store within 64 MB): the streamed files must be the bytes the whole-file code
/// made.
@Suite("Streamed exports and backups: the same bytes as made in memory")
struct StreamedExportTests: StoreRuleTesting {
    @Test("SHA-256 fed in pieces of any size equals the one-shot digest")
    func hasherInPieces() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 55, 56, 63, 64, 65, 127, 128, 129, 1_000, 70_000] {
            let data = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            var hasher = SHA256.Hasher()
            var at = 0
            while at < length {
                let piece = min(length - at, Int.random(in: 1...200, using: &generator))
                hasher.update(data.subdata(in: at..<at + piece))
                at += piece
            }
            #expect(hasher.hex() == SHA256.hex(data), "length \(length)")
        }
    }

    @Test("JSON written 1,000 rows at a time equals JSONSerialization of all rows (0 to 2,500 rows)")
    func jsonInBatches() throws {
        let columns = ["date", "name", "note"]
        for count in [0, 1, 999, 1_000, 1_001, 2_500] {
            let rows: [[String?]] = (0..<count).map { i in ["2024-01-\(i % 28 + 1)", "a/\"b\" é \(i)", i % 3 == 0 ? nil : "x\ny"] }
            let whole = try StoreExport.json(columns: columns, rows: rows)
            try withTemporaryFolder { folder in
                let path = folder + "/out.json"
                try OwnerOnlyFiles.write(to: path) { sink in
                    try StoreExport.json(columns: columns, to: sink) { each in for row in rows { try each(row) } }
                }
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == whole, "\(count) rows")
            }
        }
    }

    @Test("the hand-written JSON rows equal JSONSerialization's: every control character, quotes, slashes, non-ASCII, key orders")
    func jsonWriterAlike() throws {
        let controls = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        let texts = [controls, "\"quoted\" \\ back/slash", "é ü ß 日本 🙂 \u{7F} \u{85} \u{2028}", "", " ", "null", "1.5"]
        let keySets = [["date", "name", "note"], ["Date", "asset_id", "Asset Type", "_x", "a10", "a9", "b", "B", "é"], ["z", "a", "z"], ["one"]]
        for columns in keySets {
            var rows: [[String?]] = []
            for (i, text) in texts.enumerated() {
                rows.append(columns.indices.map { $0 % 2 == i % 2 ? text : nil })
                rows.append(columns.indices.map { texts[($0 + i) % texts.count] })
            }
            let whole = try StoreExport.json(columns: columns, rows: rows)
            try withTemporaryFolder { folder in
                let path = folder + "/out.json"
                try OwnerOnlyFiles.write(to: path) { sink in
                    try StoreExport.json(columns: columns, to: sink) { each in for row in rows { try each(row) } }
                }
                let streamed = try Data(contentsOf: URL(fileURLWithPath: path))
                #expect(streamed == whole, "\(columns): \(String(decoding: streamed.prefix(400), as: UTF8.self)) vs \(String(decoding: whole.prefix(400), as: UTF8.self))")
            }
        }
    }

    /// A store whose price table is larger than the readers' 64 KB pieces.
    func largerStore(_ s: StoreSession) throws {
        try sampleStore(s)
        var csv = "Date,Asset,Price\n"
        var day = CalendarDate(year: 2015, month: 1, day: 1)!
        for i in 0..<3_000 {
            csv += "\(day),ACME,\(100 + i % 97).\(i % 1000)\n"
            day = day.adding(days: 1)
        }
        _ = try importCSV(s, .prices, csv)
    }

    @Test("export csv and json: each file equals the whole-file rendering of the same rows")
    func exportFiles() throws {
        try withTemporaryFolder { folder in
            try withStore { s in
                try largerStore(s)
                _ = try StoreExport.write(s, format: .csv, to: folder + "/csv")
                _ = try StoreExport.write(s, format: .json, to: folder + "/json")
                func read(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: folder + path)) }
                #expect(try read("/csv/transactions.csv")
                    == Data(CSVWriting.document(header: StoreSession.transactionColumns, rows: try s.transactionRowsForImport()).utf8))
                #expect(try read("/csv/prices.csv")
                    == Data(CSVWriting.document(header: StoreSession.priceColumns, rows: try s.priceRowsForImport()).utf8))
                #expect(try read("/json/prices.json")
                    == StoreExport.json(columns: StoreSession.priceColumns.map(StoreExport.fieldKey),
                                         rows: try s.priceRowsForImport().map { StoreExport.nullsForUnfetched($0, StoreSession.priceColumns) }))
                for table in try s.dataTableNames() {
                    let dump = try s.dump(table: table)
                    #expect(try read("/csv/tables/\(table).csv") == Data(dump.csv.utf8), "\(table)")
                    #expect(try read("/json/tables/\(table).json") == StoreExport.json(columns: dump.columns, rows: dump.rows), "\(table)")
                    #expect(mode(folder + "/csv/tables/\(table).csv") == 0o600)
                }
            }
        }
    }

    @Test("export journal: the file written line by line equals the rendered text")
    func journalFile() throws {
        try withTemporaryFolder { folder in
            try withStore { s in
                try largerStore(s)
                try s.writeJournal(to: folder + "/store.journal")
                #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/store.journal")) == Data(try s.journal().utf8))
                #expect(mode(folder + "/store.journal") == 0o600)
            }
        }
    }

    @Test("backup: every file is the table's exact CSV, its checksum and row count in the manifest")
    func backupFiles() throws {
        try withStore { s in
            try largerStore(s)
            let archive = try Archive(data: try s.backupArchive(appVersion: "test"), accessMode: .read)
            func entry(_ name: String) throws -> Data {
                var data = Data()
                _ = try archive.extract(archive[name]!) { data.append($0) }
                return data
            }
            let manifest = try JSONDecoder().decode(BackupManifest.self, from: try entry("manifest.json"))
            let tables = try s.dataTableNames()
            #expect(Set(manifest.sha256.keys) == Set(tables.map { "\($0).csv" }))
            for table in tables {
                let dump = try s.dump(table: table)
                let file = try entry("\(table).csv")
                #expect(file == Data(dump.exactCSV.utf8), "\(table)")
                #expect(manifest.sha256["\(table).csv"] == SHA256.hex(file))
                #expect(manifest.rowCounts[table] == dump.rows.count)
            }
            #expect(manifest.rowCounts["price_history"]! > 3_000)
        }
    }
}
