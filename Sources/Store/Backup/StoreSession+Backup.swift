import Core
import Foundation
import GRDB
import ZIPFoundation

/// Backups: a ZIP of every table as CSV with a manifest (format version, app version,
/// time, row counts, a SHA-256 per file), written owner-only.
extension StoreSession {
    /// The archive's bytes (compressed, in memory). Each table's CSV is made twice as its rows
    /// are read, never held whole: once for its SHA-256 and size (the manifest, which comes
    /// first), once for the archive, in one read transaction so both see the same rows. Held
    /// whole, the benchmark store's tables and their copies took the command past 64 MB.
    public func backupArchive(appVersion: String, now: Date = Date()) throws -> Data {
        try readingOneSnapshot { _ in
            var files: [(name: String, table: String, size: Int)] = []
            var counts: [String: Int] = [:]
            var sums: [String: String] = [:]
            for table in try dataTableNames() {
                let reader = try TableCSVReader(self, table: table)
                var hasher = SHA256.Hasher()
                var size = 0
                while true {
                    let chunk = try reader.read(1 << 16)
                    if chunk.isEmpty { break }
                    hasher.update(chunk)
                    size += chunk.count
                }
                files.append(("\(table).csv", table, size))
                counts[table] = reader.rows
                sums["\(table).csv"] = hasher.hex()
            }
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            let manifest = BackupManifest(formatVersion: BackupManifest.currentFormatVersion, appVersion: appVersion,
                                          exportTimestamp: formatter.string(from: now), rowCounts: counts, sha256: sums)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let manifestData = try encoder.encode(manifest)
            let archive = try Archive(data: Data(), accessMode: .create)
            try archive.addEntry(with: "manifest.json", type: .file, uncompressedSize: Int64(manifestData.count), modificationDate: now,
                                 compressionMethod: .deflate) { position, size in
                manifestData.subdata(in: Int(position)..<Int(position) + size)
            }
            for file in files {
                let reader = try TableCSVReader(self, table: file.table)
                try archive.addEntry(with: file.name, type: .file, uncompressedSize: Int64(file.size), modificationDate: now,
                                     compressionMethod: .deflate) { _, size in try reader.read(size) }
            }
            guard let bytes = archive.data else { throw RestoreError.notAnArchive }
            return bytes
        }
    }

    /// Writes a backup to `path` (0600, folders 0700; a device or link the user named is
    /// written in place, see `OwnerOnlyFiles.write`).
    public func writeBackup(to path: String, appVersion: String, now: Date = Date(),
                            special: OwnerOnlyFiles.SpecialTarget = .refuse) throws {
        try OwnerOnlyFiles.write(try backupArchive(appVersion: appVersion, now: now), to: path, special: special)
    }
}

/// One table's exact CSV (`TableDump.exactCSV`'s bytes), read in pieces of any size as the
/// rows are stepped.
final class TableCSVReader {
    private let cursor: RowCursor
    private var pending: [UInt8] = []
    private var start = 0
    private var finished = false
    private(set) var rows = 0

    init(_ session: StoreSession, table: String) throws {
        pending = Array((CSVText.line(try session.db.columns(in: table).map(\.name), formulaSafe: false) + "\n").utf8)
        let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        cursor = try Row.fetchCursor(session.db, sql: "SELECT * FROM \(quoted) ORDER BY 1, 2")
    }

    /// The next `count` bytes (fewer only at the end; empty after it).
    func read(_ count: Int) throws -> Data {
        while pending.count - start < count, !finished {
            guard let row = try cursor.next() else {
                finished = true
                break
            }
            var line = CSVText.line(row.databaseValues.map { StoreSession.text($0) ?? "" }, formulaSafe: false) + "\n"
            line.withUTF8 { pending.append(contentsOf: $0) }
            rows += 1
        }
        let end = min(pending.count, start + count)
        let piece = Data(pending[start..<end])
        start = end
        if start > 1 << 16 {
            pending.removeFirst(start)
            start = 0
        }
        return piece
    }
}
