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

    /// Creates `path` and its missing parents as 0700 folders. Something that exists at
    /// `path` is left as it is: a folder is used, anything else (a device, a file) refused.
    public static func createFolder(_ path: String) throws {
        guard !path.isEmpty, !isFolder(path) else { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try createFolder(parent) }
        if mkdir(path, folderMode) != 0 {
            if errno == EEXIST, isFolder(path) { return }  // made meanwhile by another process: its mode stays
            if errno == EEXIST { throw Failure(description: "\(path) exists and is not a folder") }
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

    /// What to do when the target exists and is not a regular file (a device, a FIFO, a
    /// socket, a symbolic link).
    public enum SpecialTarget: Sendable {
        /// The user named it (`--output /dev/stdout`, `backup /dev/null`): write into it in place,
        /// as a stream; a link is followed to what it leads to.
        case writeInPlace
        /// A script or a default named it: refuse. Nothing is ever replaced by a file.
        case refuse
    }

    /// Writes `data` to `path`, the one way AssetFlow writes a file (reports, exports, backups).
    ///
    /// - A new or regular file is written all at once: into a temporary file beside it, flushed,
    ///   then renamed over `path`. A reader never sees half a file, a failure leaves the old file
    ///   as it was, and the temporary file is removed on every failure. A new file is 0600; an
    ///   existing one keeps its mode (and, for root, its owner).
    /// - Anything else that exists there is never replaced: written in place when `special` is
    ///   `.writeInPlace` (the user named it), else refused.
    public static func write(_ data: Data, to path: String, special: SpecialTarget = .refuse) throws {
        try write(to: path, special: special) { try $0.write(data) }
    }

    public static func write(_ text: String, to path: String, special: SpecialTarget = .refuse) throws {
        try write(Data(text.utf8), to: path, special: special)
    }

    /// Writes what `produce` hands the sink to `path` as it comes, by the rules of
    /// `write(_:to:special:)` (a temporary file renamed over a regular file, a special target
    /// written in place): an export or backup of a large store never holds the whole file in
    /// memory (issue 27: every command on the benchmark store within 64 MB). A failure in
    /// `produce` leaves a regular file as it was.
    public static func write(to path: String, special: SpecialTarget = .refuse, _ produce: (Sink) throws -> Void) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw failure("cannot write \(path)") }
            try createFolder((path as NSString).deletingLastPathComponent)
            return try replace(path, keeping: nil, produce)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return try replace(path, keeping: info, produce)
        case S_IFDIR: throw Failure(description: "cannot write \(path): it is a folder")
        default: break
        }
        guard special == .writeInPlace else {
            throw Failure(description: "cannot write \(path): it exists and is not a regular file "
                + "(a link, a device, a FIFO or a socket); AssetFlow does not replace it")
        }
        var target = stat()
        guard stat(path, &target) == 0 else { throw failure("cannot write \(path)") }  // a dangling link
        switch target.st_mode & S_IFMT {
        case S_IFDIR: throw Failure(description: "cannot write \(path): it is a folder")
        // A link to a regular file (`/dev/stdout` redirected to a file) is written in place too:
        // truncated and rewritten, so the link and what holds the file open stay valid.
        case S_IFREG: return try stream(into: path, truncating: true, produce)
        default: return try stream(into: path, truncating: false, produce)
        }
    }

    /// Where a streamed write goes: bytes are gathered into 256 KB and written to the file.
    public final class Sink {
        private let fd: Int32
        private let path: String
        private var buffer: [UInt8] = []
        private static let flushAt = 1 << 18

        init(fd: Int32, path: String) {
            self.fd = fd
            self.path = path
            buffer.reserveCapacity(Self.flushAt)
        }

        public func write(_ text: String) throws {
            var text = text
            text.withUTF8 { buffer.append(contentsOf: $0) }
            if buffer.count >= Self.flushAt { try flush() }
        }

        public func write(bytes: [UInt8]) throws {
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.flushAt { try flush() }
        }

        public func write(_ data: Data) throws {
            if data.count >= Self.flushAt {
                try flush()
                try OwnerOnlyFiles.writeAll(data, to: fd, path: path)
                return
            }
            buffer.append(contentsOf: data)
            if buffer.count >= Self.flushAt { try flush() }
        }

        func flush() throws {
            guard !buffer.isEmpty else { return }
            try buffer.withUnsafeBytes { try OwnerOnlyFiles.writeAll($0, to: fd, path: path) }
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// The temporary-file-and-rename write of a regular file (new when `existing` is nil).
    private static func replace(_ path: String, keeping existing: stat?, _ produce: (Sink) throws -> Void) throws {
        let written = try Self.temporary(beside: path, keeping: existing) { fd in
            let sink = Sink(fd: fd, path: path)
            try produce(sink)
            try sink.flush()
        }
        guard rename(written, path) == 0 else {
            let error = failure("cannot write \(path)")
            unlink(written)
            throw error
        }
    }

    /// Several files written all or nothing (`export csv`/`json`: the import-ready files and
    /// `tables/`): each is written, as its rows come, into a temporary file beside its target
    /// (`stage`), and only when every one is written are they renamed over their targets, in
    /// order (`commit`). A target that exists and is not a regular file (a folder, a link, a
    /// device, a FIFO, a socket) is refused when it is staged, before anything is replaced;
    /// any failure removes every temporary file and the folders the batch created (when
    /// empty), so the targets stay as they were. Existing targets keep their mode.
    public final class Batch {
        private var staged: [(temporary: String, path: String)] = []
        private var createdFolders: [String] = []
        private var committed = false

        public init() {}

        /// Writes what `produce` hands the sink to a temporary file beside `path`.
        public func stage(_ path: String, _ produce: (Sink) throws -> Void) throws {
            var info = stat()
            var existing: stat?
            if lstat(path, &info) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFREG: existing = info
                case S_IFDIR: throw Failure(description: "cannot write \(path): it is a folder")
                default:
                    throw Failure(description: "cannot write \(path): it exists and is not a regular file "
                        + "(a link, a device, a FIFO or a socket); AssetFlow does not replace it")
                }
            } else if errno != ENOENT {
                throw failure("cannot write \(path)")
            } else {
                try createFolder((path as NSString).deletingLastPathComponent)
            }
            let written = try OwnerOnlyFiles.temporary(beside: path, keeping: existing) { fd in
                let sink = Sink(fd: fd, path: path)
                try produce(sink)
                try sink.flush()
            }
            staged.append((written, path))
        }

        /// Creates `path` and its missing parents as 0700 folders, remembering those it made.
        public func createFolder(_ path: String) throws {
            var missing: [String] = []
            var folder = path
            while !folder.isEmpty, folder != "/", !OwnerOnlyFiles.isFolder(folder) {
                var info = stat()
                if lstat(folder, &info) == 0 { break }  // not a folder: createFolder says so
                missing.append(folder)
                folder = (folder as NSString).deletingLastPathComponent
            }
            try OwnerOnlyFiles.createFolder(path)
            createdFolders.append(contentsOf: missing)  // deepest first
        }

        /// Renames every staged file over its target. Each target is checked again first: one
        /// that became something else than a regular file meanwhile fails the whole batch.
        public func commit() throws {
            for (_, path) in staged {
                var info = stat()
                if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
                    discard()
                    throw Failure(description: "cannot write \(path): it exists and is not a regular file; AssetFlow does not replace it")
                }
            }
            for (temporary, path) in staged where rename(temporary, path) != 0 {
                let error = failure("cannot write \(path)")
                discard()
                throw error
            }
            committed = true
            staged = []
        }

        /// Removes every temporary file and the folders this batch created, when empty.
        public func discard() {
            guard !committed else { return }
            for (temporary, _) in staged { unlink(temporary) }
            staged = []
            for folder in createdFolders { rmdir(folder) }
            createdFolders = []
        }

        deinit { discard() }
    }

    /// A temporary file beside `path` (its mode and owner those of `existing`, else 0600),
    /// filled by `fill` and flushed to disk; removed on every failure. Returns its path.
    static func temporary(beside path: String, keeping existing: stat?, _ fill: (Int32) throws -> Void) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.assetflow-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { throw failure("cannot write \(path)") }
        let temporary = String(cString: template)
        var done = false
        defer {
            close(fd)
            if !done { unlink(temporary) }
        }
        let mode = existing.map { $0.st_mode & 0o7777 } ?? fileMode
        guard fchmod(fd, mode) == 0 else { throw failure("cannot make \(path) private") }
        if let existing, geteuid() == 0 { _ = fchown(fd, existing.st_uid, existing.st_gid) }
        try fill(fd)
        guard fsync(fd) == 0 else { throw failure("cannot write \(path)") }
        done = true
        return temporary
    }

    /// Writes into what `path` leads to (a device, a FIFO, a terminal, a file behind a link) as
    /// a stream: opened without creating anything, its mode untouched.
    private static func stream(into path: String, truncating: Bool, _ produce: (Sink) throws -> Void) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (truncating ? O_TRUNC : 0))
        if fd < 0 { throw failure("cannot write \(path)") }
        defer { close(fd) }
        let sink = Sink(fd: fd, path: path)
        try produce(sink)
        try sink.flush()
    }

    fileprivate static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
        try data.withUnsafeBytes { try writeAll($0, to: fd, path: path) }
    }

    fileprivate static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32, path: String) throws {
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

    /// An existing store others may read or write (0644 from an older version): the store and
    /// its -wal and -shm are set to the owner's bits only. Returns the note to show, or nil
    /// when there was nothing to do or it could not be done (not the owner, a read-only
    /// mount: the store is then used as it is).
    public static func tightenStore(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_mode & 0o077 != 0 else { return nil }
        let old = info.st_mode & 0o777
        guard chmod(path, old & 0o700) == 0 else { return nil }
        for suffix in ["-wal", "-shm"] {
            var side = stat()
            if lstat(path + suffix, &side) == 0, (side.st_mode & S_IFMT) == S_IFREG { _ = chmod(path + suffix, side.st_mode & 0o700) }
        }
        return "Note: the store at \(path) was readable by others (mode \(String(old, radix: 8))); it is now \(String(old & 0o700, radix: 8)), readable by you only."
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
