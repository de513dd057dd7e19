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

/// CI=true (the CI's own setting): a tool a test needs (hledger, Chromium) must be there, so
/// its checks fail instead of being skipped.
let runningOnCI = ProcessInfo.processInfo.environment["CI"] == "true"
