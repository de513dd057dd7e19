import Foundation
import LuaBridge

extension SandboxPolicy {
    /// The bytes of `path` for Lua code under this policy: the one path policy that `io.open`,
    /// `af.import` and the REPL's `.load` share (Security.md). Trusted code reads anything.
    /// Sandboxed code reads a file only when, resolved once (links included), it lies inside an
    /// --allow-read or --allow-write folder, and then opens it under that folder without
    /// following any link, only as a regular file with a single name (a hard link could be a
    /// file outside under a second name). Refusals name the path as given and read the same
    /// whether or not something exists there; the flag that allows it is named. Nil when the
    /// file may be read but cannot be (missing, no permission): the caller says so in its words.
    func read(_ path: String, function: String) throws -> Data? {
        if trusted { return FileManager.default.contents(atPath: path) }
        let refused = LuaArgumentError("\(function): reading '\(path)' is not allowed in the sandbox "
            + "(run with --allow-read DIR for a folder containing it, or --trusted)")
        guard let resolved = SandboxPaths.resolveForWriting(path) else { throw refused }
        let folders = (allowWrite + allowRead).compactMap(Self.realFolder)
        guard let folder = folders.first(where: { SandboxPaths.isInside(resolved, $0) }) else { throw refused }
        let fd = SandboxPaths.openUnder(resolved, folder, flags: O_RDONLY)
        if fd < 0 {
            if errno == SandboxPaths.refusedErrno { throw refused }
            return nil
        }
        return try? Self.readAll(fd, closing: true)
    }

    /// A folder as the kernel resolves it, or nil when it does not exist.
    static func realFolder(_ folder: String) -> String? {
        guard let real = realpath(folder, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Everything readable from `fd`.
    static func readAll(_ fd: Int32, closing: Bool) throws -> Data {
        defer { if closing { _ = Glibc.close(fd) } }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw LuaArgumentError("cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return data }
            data.append(contentsOf: chunk[0..<n])
        }
    }
}
