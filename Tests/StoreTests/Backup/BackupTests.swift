import Foundation
import Testing
import GRDB
import ZIPFoundation
@testable import Core
@testable import Store

@Suite("Backup and restore: a manifest, checksums, all or nothing")
struct BackupTests: StoreRuleTesting {
    @Test("SHA-256 matches the standard's test vectors")
    func sha256() {
        #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("backup → restore into another store: the same content, byte for byte; the old store kept 0600")
    func roundTrip() throws {
        try withTemporaryFolder { folder in
            let source = try AssetFlowStore(path: folder + "/source.sqlite")
            var archive = Data()
            try source.withSession(today: Self.today) { s in
                try sampleStore(s)
                try s.saveMapping(SavedMapping(name: "bank", kind: .transactions, columns: "Datum=date", dateFormat: "DD.MM.YYYY"))
                try s.writeBackup(to: folder + "/b/AssetFlow-Backup-2024-06-01.zip", appVersion: "0.1.0")
                archive = try Data(contentsOf: URL(fileURLWithPath: folder + "/b/AssetFlow-Backup-2024-06-01.zip"))
            }
            #expect(mode(folder + "/b/AssetFlow-Backup-2024-06-01.zip") == 0o600)
            #expect(mode(folder + "/b") == 0o700)
            let target = try AssetFlowStore(path: folder + "/target.sqlite")
            try target.withSession(today: Self.today) { s in _ = try importCSV(s, .prices, "Date,Asset,Price\n2024-01-01,Other,1\n") }
            let backup = try BackupRestore.validate(archive)
            #expect(backup.manifest.appVersion == "0.1.0")
            #expect(backup.manifest.rowCounts["asset_transaction"] == 7)
            let copy = try target.restore(backup, now: Date(timeIntervalSince1970: 1_717_200_000))
            #expect(copy == folder + "/target-before-restore-2024-06-01-000000.sqlite" || copy?.hasPrefix(folder + "/target-before-restore-") == true)
            #expect(mode(copy!) == 0o600)
            let restored = try target.withSession { try snapshot($0) }
            let original = try source.withSession { try snapshot($0) }
            #expect(restored == original)
            #expect(try target.withSession(today: Self.today) { try figures($0) } == source.withSession(today: Self.today) { try figures($0) })
            // Both keep their page checksums: the restored store (SQLite's backup copies the
            // pages' layout) and the copy (VACUUM INTO), every page matching.
            try target.withSession { _ = try Row.fetchAll($0.db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            #expect(PageChecksums.verifyFile(folder + "/target.sqlite").map { $0.total == 0 && $0.pages > 10 } == true)
            #expect(PageChecksums.verifyFile(copy!).map { $0.total == 0 && $0.pages > 10 } == true)
            // The copy holds the store as it was before.
            let kept = try AssetFlowStore(path: copy!)
            #expect(try kept.withSession { try $0.asset(named: "Other") } != nil)
        }
    }

    /// A valid backup of the sample store, and its files.
    func sampleArchive() throws -> Data {
        try AssetFlowStore(path: nil).withSession(today: Self.today) { s in
            try sampleStore(s)
            return try s.backupArchive(appVersion: "0.1.0")
        }
    }

    /// The archive with `change` applied to its files (and, when `fixChecksums`, the
    /// manifest's checksums made to match, so deeper checks are reached).
    func rewritten(_ data: Data, fixChecksums: Bool = true, _ change: (inout [String: Data]) -> Void) throws -> Data {
        var files = try BackupRestore.entries(of: data)
        change(&files)
        if fixChecksums, var manifest = try? JSONDecoder().decode(BackupManifest.self, from: files["manifest.json"] ?? Data()) {
            for (name, content) in files where name != "manifest.json" { manifest.sha256[name] = SHA256.hex(content) }
            files["manifest.json"] = try JSONEncoder().encode(manifest)
        }
        let archive = try Archive(data: Data(), accessMode: .create)
        for (name, content) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(content.count)) { p, n in content.subdata(in: Int(p)..<Int(p) + n) }
        }
        return archive.data!
    }

    @Test("a damaged backup is refused with the app's message, and the store is not touched")
    func damaged() throws {
        let good = try sampleArchive()
        func replacing(_ file: String, _ old: String, _ new: String) throws -> Data {
            try rewritten(good) { $0[file] = Data(String(decoding: $0[file]!, as: UTF8.self).replacingOccurrences(of: old, with: new).utf8) }
        }
        let cases: [(Data, String)] = [
            (Data("not a zip".utf8), "The file is not a valid backup archive."),
            (good.prefix(good.count / 2), "The file is not a valid backup archive."),
            (try rewritten(good) { $0["manifest.json"] = Data("{}".utf8) }, "The file is not a valid backup archive."),
            (try rewritten(good) { $0["asset.csv"] = nil }, "Missing required file: asset.csv"),
            (try replacing("asset.csv", "id,name", "id,title"), "Invalid headers in asset.csv. Expected: id, name"),
            (try rewritten(good, fixChecksums: false) { $0["price_history.csv"]!.append(contentsOf: Array("9,1,2024-01-09,5\n".utf8)) },
             "Corrupted data: price_history.csv does not match its checksum in the manifest."),
            (try replacing("asset_transaction.csv", ",150,", ",1x0,"), "Corrupted data: asset_transaction.csv line 2, price: '1x0' is not a decimal number."),
            (try replacing("price_history.csv", "2024-05-01", "2024-13-01"), "Corrupted data: price_history.csv line"),
        ]
        try withTemporaryFolder { folder in
            let store = try AssetFlowStore(path: folder + "/store.sqlite")
            try store.withSession(today: Self.today) { try sampleStore($0) }
            let before = try store.withSession { try snapshot($0) }
            for (data, message) in cases {
                do {
                    try store.restore(try BackupRestore.validate(data))
                    Issue.record("restored a damaged backup (expected \(message))")
                } catch let error as RestoreError {
                    #expect(error.message.hasPrefix(message))
                }
                #expect(try store.withSession { try snapshot($0) } == before)
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(!files.contains { $0.contains("before-restore") })
        }
    }

    @Test("a dangling reference is reported by file and column")
    func danglingReference() throws {
        let good = try sampleArchive()
        let bad = try rewritten(good) { files in
            var text = String(decoding: files["asset_transaction.csv"]!, as: UTF8.self)
            text += "99,42,buy,2024-01-05,1,1,1,0,USD,,,\n"
            files["asset_transaction.csv"] = Data(text.utf8)
            var manifest = try! JSONDecoder().decode(BackupManifest.self, from: files["manifest.json"]!)
            manifest.rowCounts["asset_transaction"]! += 1
            files["manifest.json"] = try! JSONEncoder().encode(manifest)
        }
        #expect(throws: RestoreError("Invalid reference in asset_transaction.csv: asset_id '42' not found in asset.csv.")) {
            _ = try BackupRestore.validate(bad)
        }
    }

    @Test("the default name is AssetFlow-Backup-YYYY-MM-DD.zip")
    func defaultName() {
        #expect(BackupManifest.defaultFileName(on: "2024-06-01") == "AssetFlow-Backup-2024-06-01.zip")
    }
}

/// Issue 23, item 7: restore inflates under limits from the manifest and applies an
/// import's rules before anything is replaced.
@Suite("Restore limits and rules")
struct RestoreLimitsTests {
    static let today = CalendarDate("2024-06-01")!

    func archive(_ files: [String: Data]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (name, content) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(content.count), compressionMethod: .deflate) { p, n in
                content.subdata(in: Int(p)..<Int(p) + n)
            }
        }
        return archive.data!
    }

    func sample() throws -> [String: Data] {
        let data = try AssetFlowStore(path: nil).withSession(today: Self.today) { s in
            try sampleStore(s)
            return try s.backupArchive(appVersion: "0.1.0")
        }
        return try BackupRestore.entries(of: data)
    }

    func withManifestFixed(_ files: [String: Data], rows: [String: Int] = [:]) throws -> Data {
        var files = files
        var manifest = try JSONDecoder().decode(BackupManifest.self, from: files["manifest.json"]!)
        for (name, content) in files where name != "manifest.json" { manifest.sha256[name] = SHA256.hex(content) }
        for (table, n) in rows { manifest.rowCounts[table] = n }
        files["manifest.json"] = try JSONEncoder().encode(manifest)
        return try archive(files)
    }

    @Test("a file inflating far past what its rows can take is refused as it inflates (an 8 MB bomb behind a 36 KB limit, in a small archive)")
    func bomb() throws {
        var files = try sample()
        let header = String(decoding: files["price_history.csv"]!, as: UTF8.self).split(separator: "\n")[0]
        var bomb = Data((header + "\n").utf8)
        bomb.append(Data(repeating: 0x41, count: 8 << 20))
        files["price_history.csv"] = bomb
        let data = try withManifestFixed(files)
        #expect(data.count < 1 << 20)
        do {
            _ = try BackupRestore.validate(data, today: Self.today)
            Issue.record("the bomb should have been refused")
        } catch let error as RestoreError {
            #expect(error.message.hasPrefix("Corrupted data: price_history.csv inflates to more than"), "\(error)")
        }
        // An extra file the manifest does not name is never inflated.
        var extra = try sample()
        extra["junk.bin"] = Data(repeating: 0, count: 16 << 20)
        #expect(throws: Never.self) { _ = try BackupRestore.validate(try archive(extra), today: Self.today) }
    }

    @Test("rows that break the rules are refused: a sell beyond holdings, a date in the future")
    func rules() throws {
        let good = try sample()
        func replacing(_ file: String, _ old: String, _ new: String) throws -> Data {
            var files = good
            let text = String(decoding: files[file]!, as: UTF8.self)
            #expect(text.contains(old))
            files[file] = Data(text.replacingOccurrences(of: old, with: new).utf8)
            return try withManifestFixed(files)
        }
        let cases: [(Data, String)] = [
            (try replacing("asset_transaction.csv", ",sell,2024-03-01,4,", ",sell,2024-03-01,400,"),
             "Invalid data in asset_transaction.csv: ACME on 2024-03-01: Cannot sell more than available holdings (15)."),
            (try replacing("price_history.csv", "2024-05-01", "2999-05-01"),
             "Invalid data in price_history.csv: the date 2999-05-01 is in the future (today is 2024-06-01)."),
        ]
        for (data, message) in cases {
            #expect(throws: RestoreError(message)) { _ = try BackupRestore.validate(data, today: Self.today) }
        }
    }

    @Test("rates beyond the conversion range, or spanning it through a cross rate, are refused by restore (ConversionRange)")
    func conversionRange() throws {
        let good = try sample()
        func withRates(_ rows: [String]) throws -> Data {
            var files = good
            let text = String(decoding: files["exchange_rate.csv"]!, as: UTF8.self)
            files["exchange_rate.csv"] = Data((text + rows.map { $0 + "\n" }.joined()).utf8)
            return try withManifestFixed(files, rows: ["exchange_rate": rows.count])
        }
        let huge = try withRates(["EUR,USD,2024-03-01,1000000000000,manual,"])
        #expect { _ = try BackupRestore.validate(huge, today: Self.today) } throws: {
            "\($0)".contains("exchange_rate.csv: " + ConversionRange.rateMessage)
        }
        let cross = try withRates(["EUR,USD,2024-03-01,100000000000,manual,", "USD,JPY,2024-03-01,100000000000,manual,"])
        #expect { _ = try BackupRestore.validate(cross, today: Self.today) } throws: {
            "\($0)".contains("exchange_rate.csv: " + ConversionRange.spreadMessage)
        }
        #expect(throws: Never.self) {
            _ = try BackupRestore.validate(try withRates(["EUR,USD,2024-03-01,1.08,manual,", "BTC,VND,2024-03-01,2500000000,manual,"]), today: Self.today)
        }
    }
}
