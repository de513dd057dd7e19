import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files only their owner may read: the store (and SQLite's -wal/-shm next to it, which
/// take the store's mode), backups, exports, saved reports, the REPL history.
///
/// Modes are set explicitly (created, then `fchmod`/`chmod`), so the user's umask does not
/// matter: 0600 files in 0700 folders under umask 022 and 000 alike. Folders that already
/// exist are the user's and are left as they are; only folders created here get 0700.
public enum OwnerOnlyFiles {
    public static let fileMode: mode_t = 0o600
    public static let folderMode: mode_t = 0o700

    public struct Failure: LocalizedError, CustomStringConvertible {
        public let description: String
        public var errorDescription: String? { description }
    }

    /// Creates `path` and its missing parents as 0700 folders.
    public static func createFolder(_ path: String) throws {
        guard !path.isEmpty, !isFolder(path) else { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try createFolder(parent) }
        if mkdir(path, folderMode) != 0 && errno != EEXIST {
            throw failure("cannot create the folder \(path)")
        }
        // mkdir applied the umask: set the mode itself (only on the folder just made).
        if chmod(path, folderMode) != 0 { throw failure("cannot make the folder \(path) private") }
    }

    /// Creates an empty 0600 file at `path` (and its folder) unless something exists there.
    /// Returns whether it created the file.
    @discardableResult
    public static func createFile(_ path: String) throws -> Bool {
        try createFolder((path as NSString).deletingLastPathComponent)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, fileMode)
        if fd < 0 {
            if errno == EEXIST { return false }
            throw failure("cannot create \(path)")
        }
        defer { close(fd) }
        if fchmod(fd, fileMode) != 0 { throw failure("cannot make \(path) private") }
        return true
    }

    /// Writes `data` to `path` all at once: into a 0600 temporary file beside it, flushed,
    /// then renamed over `path`. A reader never sees half a file, and a failure leaves the
    /// old file as it was.
    public static func write(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try createFolder(folder)
        var template = Array(((folder.isEmpty ? "." : folder) + "/.assetflow-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { throw failure("cannot write \(path)") }
        let temporary = String(cString: template)
        var done = false
        defer {
            close(fd)
            if !done { unlink(temporary) }
        }
        guard fchmod(fd, fileMode) == 0 else { throw failure("cannot make \(path) private") }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure("cannot write \(path)")
                }
                offset += written
            }
        }
        guard fsync(fd) == 0 else { throw failure("cannot write \(path)") }
        guard rename(temporary, path) == 0 else { throw failure("cannot write \(path)") }
        done = true
    }

    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Sets an existing file to 0600 (a file written by a library that applied the umask).
    public static func restrict(_ path: String) throws {
        if chmod(path, fileMode) != 0 { throw failure("cannot make \(path) private") }
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
