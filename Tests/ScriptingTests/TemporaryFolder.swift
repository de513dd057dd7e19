import Foundation

/// A path of its own under the temporary folder ("af-PREFIX-UUID"), removed with everything
/// in it when the value goes away: a suite holds one as a stored property, so each test's
/// instance cleans up after itself; a test function keeps one alive with `withExtendedLifetime`
/// or calls `remove()` in a `defer`. The folder itself is not created: callers make what they
/// need inside.
final class TemporaryFolder: @unchecked Sendable {
    let path: String

    init(_ prefix: String) { path = NSTemporaryDirectory() + "af-\(prefix)-\(UUID().uuidString)" }

    /// `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    deinit { remove() }
}

/// A store file and its companions (journal, WAL, shared memory), removed.
func removeStoreFiles(_ path: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

/// A new folder "af-PREFIX-UUID" under the temporary folder, and the path of a store file in
/// it. A fixture's store stays open while its test runs; removing the whole folder
/// (`removeStoreFolder`) leaves nothing behind even when SQLite writes its WAL again as the
/// store closes after the removal (removing the store's files alone left `-wal` and `-shm`
/// files in /tmp).
func storeInFolderOfItsOwn(_ prefix: String) throws -> String {
    let folder = NSTemporaryDirectory() + "af-\(prefix)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    return folder + "/store.sqlite"
}

/// The folder `storeInFolderOfItsOwn` made for `path`, with everything in it.
func removeStoreFolder(_ path: String) {
    try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
}

/// CI=true (the CI's own setting): a tool a test needs (hledger, Chromium) must be there, so
/// its checks fail instead of being skipped.
let runningOnCI = ProcessInfo.processInfo.environment["CI"] == "true"
