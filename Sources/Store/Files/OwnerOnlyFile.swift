import Foundation

/// Files and folders only their owner can read: exports and backups hold a person's whole
/// financial history. Files are created 0600 and folders 0700, set explicitly with
/// fchmod/chmod so that the umask does not matter.
public enum OwnerOnlyFile {
    /// Writes `data` to `path` through a temporary file renamed into place, so a reader never
    /// sees half a file; missing parent folders are created 0700.
    public static func write(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try makeFolder(folder) }
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("create", temporary) }
        var ok = fchmod(fd, 0o600) == 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while ok, offset < buffer.count {
                let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { ok = false } else { offset += written }
            }
        }
        ok = fsync(fd) == 0 && ok
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            let error = failure("write", path)
            unlink(temporary)
            throw error
        }
    }

    /// Creates `path` and missing parents with mode 0700; an existing folder is left as is.
    public static func makeFolder(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: path])
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeFolder(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST, chmod(path, 0o700) == 0 else { throw failure("create the folder", path) }
    }

    static func failure(_ action: String, _ path: String) -> Error {
        let reason = String(cString: strerror(errno))
        return OwnerOnlyFileError(message: "Cannot \(action) \(path): \(reason).")
    }
}

public struct OwnerOnlyFileError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
