import Core
import Foundation
import GRDB
import ZIPFoundation

/// Backups: a ZIP of every table as CSV with a manifest (format version, app version,
/// time, row counts, a SHA-256 per file), written owner-only.
extension StoreSession {
    /// The archive's bytes.
    public func backupArchive(appVersion: String, now: Date = Date()) throws -> Data {
        var files: [(String, Data)] = []
        var counts: [String: Int] = [:]
        for table in try dataTableNames() {
            let dump = try dump(table: table)
            files.append(("\(table).csv", Data(dump.exactCSV.utf8)))
            counts[table] = dump.rows.count
        }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let manifest = BackupManifest(formatVersion: BackupManifest.currentFormatVersion, appVersion: appVersion,
                                      exportTimestamp: formatter.string(from: now), rowCounts: counts,
                                      sha256: Dictionary(files.map { ($0.0, SHA256.hex($0.1)) }, uniquingKeysWith: { a, _ in a }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        files.insert(("manifest.json", try encoder.encode(manifest)), at: 0)
        let archive = try Archive(data: Data(), accessMode: .create)
        for (name, data) in files {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), modificationDate: now,
                                 compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let bytes = archive.data else { throw RestoreError.notAnArchive }
        return bytes
    }

    /// Writes a backup to `path` (0600, folders 0700; a device or link the user named is
    /// written in place, see `OwnerOnlyFiles.write`).
    public func writeBackup(to path: String, appVersion: String, now: Date = Date(),
                            special: OwnerOnlyFiles.SpecialTarget = .refuse) throws {
        try OwnerOnlyFiles.write(try backupArchive(appVersion: appVersion, now: now), to: path, special: special)
    }
}
