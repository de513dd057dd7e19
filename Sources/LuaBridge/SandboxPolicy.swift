import Foundation

/// What Lua code may reach. The default is the sandbox: the safe standard library, no
/// files, processes or environment; denied functions say which flag would allow them.
public struct SandboxPolicy: Sendable {
    /// The full standard library (`--trusted`).
    public var trusted = false
    /// Folders `io.open`/`io.lines` may read (`--allow-read DIR`).
    public var allowRead: [String] = []
    /// Folders `io.open` may write, and read (`--allow-write DIR`).
    public var allowWrite: [String] = []

    public init(trusted: Bool = false, allowRead: [String] = [], allowWrite: [String] = []) {
        self.trusted = trusted
        self.allowRead = allowRead
        self.allowWrite = allowWrite
    }

    /// A folder as the kernel resolves it; an error names the flag and the folder.
    static func resolve(_ folder: String, flag: String) throws -> String {
        guard let resolved = realpath(folder, nil) else {
            throw LuaError.runtime("\(flag) \(folder): no such folder")
        }
        defer { free(resolved) }
        var isDirectory: ObjCBool = false
        let path = String(cString: resolved)
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LuaError.runtime("\(flag) \(folder): not a folder")
        }
        return path
    }
}
