import Foundation
import GRDB

/// Gives a store without page checksums (made by an older AssetFlow) its 8 reserved bytes
/// per page, once, at its first read-write open: SQLite's `quick_check` has passed at open
/// (a store without checksums is still scanned), a consistent copy is kept beside it first
/// (`NAME-before-checksums-DATE.sqlite`, 0600), then a `VACUUM` rewrites every page through
/// the shim, which computes each page's checksum as it is written.
enum ChecksumConversion {
    /// Converts the store at `path` when its pages carry no checksums; says so through `notice`.
    static func convertIfNeeded(_ queue: DatabaseQueue, path: String, now: Date = Date(), notice: (String) -> Void) throws {
        let needed = try queue.inDatabase { db in
            try !PageChecksums.isVerified(db) && (Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0) > 0
        }
        guard needed else { return }
        let copy = copyPath(for: path, now: now)
        guard try OwnerOnlyFiles.createFile(copy) else {
            throw StoreError.damaged("Cannot keep a copy of the store before adding page checksums: \(copy) exists. Nothing was written.")
        }
        try queue.inDatabase { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [copy])
            PageChecksums.requestReserve(db)
            PageChecksums.setConverting(db, true)
            defer { PageChecksums.setConverting(db, false) }
            try db.execute(sql: "VACUUM")
            // Every page reaches the file now, while the shim computes and does not verify.
            _ = try? Row.fetchAll(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        notice("Note: the store at \(path) now has a checksum on every page, so damage is caught when a page is read; "
               + "a copy of it from before is at \(copy).")
    }

    static func copyPath(for path: String, now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = (path as NSString).deletingLastPathComponent
        return (folder as NSString).appendingPathComponent("\(base)-before-checksums-\(formatter.string(from: now)).sqlite")
    }
}
