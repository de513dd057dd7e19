import Foundation
import LuaBridge

/// `Report:save` of a sandboxed script into the reports folder, without a window between the
/// check and the write: `checkWritable` judges the path by name, and this write does not
/// trust that judgement. It opens the reports folder once and every folder below it by
/// descriptor with O_NOFOLLOW (a folder swapped for a link after the check is refused, never
/// followed), creates the temporary file beside the target with O_EXCL under that
/// descriptor, and renames it over the target with `renameat` in the same folder: the file
/// lands inside the reports folder or nowhere, a reader sees the old file or the whole new
/// one, and the temporary file is removed on every failure. A target that is there and is
/// not a regular file is refused, never replaced or written through.
extension ReportSession {
    struct SaveRefused: Error {}

    /// Writes `data` to `resolved` (as `checkWritable` returned it) inside the reports folder.
    func saveInsideReportsFolder(_ data: Data, to resolved: String) throws {
        guard let reportsFolder, !ReportSession.isLink(reportsFolder) else { throw SaveRefused() }
        let folder = ReportSession.resolveForWriting(reportsFolder) ?? ReportSession.resolve(reportsFolder)
        guard SandboxPaths.isInside(resolved, folder), resolved.count > folder.count else { throw SaveRefused() }
        try Self.replace(data, relative: String(resolved.dropFirst(folder.count)), under: folder)
    }

    /// The descriptor-relative write described above; `relative` is plain names under `folder`.
    static func replace(_ data: Data, relative: String, under folder: String) throws {
        let names = relative.split(separator: "/").map(String.init)
        guard let name = names.last, !names.contains(where: { $0 == "." || $0 == ".." }) else { throw SaveRefused() }
        var dir = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard dir >= 0 else { throw SaveRefused() }
        defer { close(dir) }
        for part in names.dropLast() {
            var sub = openat(dir, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if sub < 0, errno == ENOENT {
                guard mkdirat(dir, part, 0o700) == 0 || errno == EEXIST else { throw SaveRefused() }
                sub = openat(dir, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard sub >= 0 else { throw SaveRefused() }  // a link, a file, or unreadable
            close(dir)
            dir = sub
        }
        var existing = stat()
        let exists = fstatat(dir, name, &existing, AT_SYMLINK_NOFOLLOW) == 0
        if exists, (existing.st_mode & S_IFMT) != S_IFREG { throw SaveRefused() }
        if !exists, errno != ENOENT { throw SaveRefused() }
        // The temporary file: a fresh name beside the target, created (never opened) here.
        var temporary = "", fd: Int32 = -1
        for _ in 0..<100 where fd < 0 {
            temporary = ".assetflow-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            fd = openat(dir, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0, errno != EEXIST { break }
        }
        guard fd >= 0 else { throw SaveRefused() }
        var done = false
        defer {
            close(fd)
            if !done { unlinkat(dir, temporary, 0) }
        }
        guard fchmod(fd, exists ? existing.st_mode & 0o7777 : 0o600) == 0 else { throw SaveRefused() }
        if exists, geteuid() == 0 { _ = fchown(fd, existing.st_uid, existing.st_gid) }
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw SaveRefused() }
                offset += written
            }
        }
        guard fsync(fd) == 0, renameat(dir, temporary, dir, name) == 0 else { throw SaveRefused() }
        done = true
    }
}
