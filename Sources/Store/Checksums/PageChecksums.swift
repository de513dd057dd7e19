import CStoreChecksums
import Foundation
import GRDB
import GRDBSQLite

/// The store's per-page checksums: the narrow Swift side of the C shim `CStoreChecksums`
/// (Documentation/Store.md, "Damage caught on read"). The only file that imports it.
///
/// Every page of a store carries 8 reserved bytes holding a checksum of the rest of the
/// page and its number. The shim, registered as SQLite's default VFS before the first store
/// opens, fills them in whenever a page is written to the file and verifies them whenever a
/// page is read from it: a damaged page fails the statement that touched it with
/// `SQLITE_IOERR_DATA`, and that connection writes nothing to the file afterwards.
enum PageChecksums {
    /// Reserved bytes at the end of each page of a checksummed store.
    static let reserve = Int(CSTORECHECKSUMS_RESERVE)

    private static let registration: Int32 = cstorechecksums_register()

    /// Makes the shim SQLite's default VFS, once per process: every connection opened
    /// afterwards (stores, their copies, a test's raw connection) goes through it.
    static func register() throws {
        guard registration == SQLITE_OK else {
            throw StoreError.damaged("Cannot install the store's page checksums (SQLite error \(registration)).")
        }
    }

    /// The first page this connection found damaged, or nil.
    static func damagedPage(_ db: Database) -> Int? {
        let page = control(db, CSTORECHECKSUMS_FCNTL_DAMAGED_PAGE)
        return page > 0 ? Int(page) : nil
    }

    /// The page behind a mismatch `error` raised on this thread (its connection may be gone).
    static func damagedPage(in error: Error) -> Int? {
        guard isMismatch(error) else { return nil }
        let page = cstorechecksums_last_damaged_page()
        return page > 0 ? Int(page) : nil
    }

    /// Whether the store's pages carry checksums (and are verified as they are read).
    static func isVerified(_ db: Database) -> Bool {
        control(db, CSTORECHECKSUMS_FCNTL_STATUS) == 1
    }

    /// While on, every page written carries its checksum and none is verified: a VACUUM
    /// giving an existing store its reserved bytes.
    static func setConverting(_ db: Database, _ on: Bool) {
        _ = control(db, CSTORECHECKSUMS_FCNTL_CONVERTING, value: on ? 1 : 0)
    }

    /// Asks SQLite for 8 reserved bytes on each page: used by a new (empty) store at once,
    /// by an existing one at its next VACUUM.
    static func requestReserve(_ db: Database) {
        var bytes = Int32(reserve)
        _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_RESERVE_BYTES, &bytes)
    }

    private static func control(_ db: Database, _ opcode: Int, value: Int32 = 0) -> Int32 {
        var value = value
        let rc = sqlite3_file_control(db.sqliteConnection, "main", Int32(opcode), &value)
        return rc == SQLITE_OK ? value : 0
    }

    /// The numbers of the pages of the file at `path` whose checksum does not match (the
    /// file read directly, every page), and how many pages were read; nil when its pages
    /// carry no checksums or it cannot be read.
    static func verifyFile(_ path: String, limit: Int = 20) -> (damaged: [Int], total: Int, pages: Int)? {
        var found = [UInt32](repeating: 0, count: limit)
        var pages = 0
        let total = found.withUnsafeMutableBufferPointer { cstorechecksums_verify_file(path, $0.baseAddress, limit, &pages) }
        guard total >= 0 else { return nil }
        return (found.prefix(min(total, limit)).map(Int.init), total, pages)
    }

    /// Off: pages read are not verified (checksums are still written). For the benchmark
    /// that measures what verifying costs; never off otherwise.
    static func setVerifying(_ on: Bool) { cstorechecksums_set_verifying(on ? 1 : 0) }

    /// How many pages this process has verified on read so far (for that benchmark).
    static var pagesVerified: Int { cstorechecksums_pages_verified() }

    /// Whether `error` is a page whose checksum did not match.
    static func isMismatch(_ error: Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.extendedResultCode == .SQLITE_IOERR_DATA
    }
}
