import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether AssetFlow may write to a store, and how SQLite opens one it may only read.
///
/// A store in a read-only folder, on a read-only mount, without write permission or on a
/// full disk opens read-only: every read command, reports and `backup` to another place
/// work, and a write says why it cannot (`StoreError.readOnly`). SQLite needs to create the
/// WAL's `-shm` file beside the store even to read it; where it cannot (a read-only folder
/// with no `-shm` left, a full disk), the store is opened as immutable, which reads the file
/// alone (a store closed cleanly has everything in it).
enum StoreAccess {
    /// Why the store at `path` can only be read, or nil when AssetFlow may write to it.
    static func readOnlyReason(_ path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        let dir = folder.isEmpty ? "." : folder
        if access(dir, W_OK) != 0 {
            return errno == EROFS ? "it is on a read-only file system" : "its folder is not writable"
        }
        if access(path, W_OK) != 0 {
            return errno == EROFS ? "it is on a read-only file system" : "the file is not writable"
        }
        var fs = statvfs()
        if statvfs(dir, &fs) == 0, fs.f_bavail == 0 { return "the disk is full" }
        return nil
    }

    /// What to hand SQLite for a read-only store: the path, or an immutable URI when SQLite
    /// could not create the `-shm` file it needs (no `-shm` and the folder cannot take one).
    static func readOnlyLocation(_ path: String) -> String {
        if FileManager.default.fileExists(atPath: path + "-shm") { return path }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
        let encoded = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
        return "file:" + encoded + "?immutable=1"
    }

    /// The refusal of a write to a read-only store.
    static func refusal(_ reason: String) -> StoreError {
        .readOnly("The store is read-only (\(reason)): AssetFlow can read it, report on it and back it up to another place, "
                  + "but cannot write to it. Nothing was written.")
    }
}
