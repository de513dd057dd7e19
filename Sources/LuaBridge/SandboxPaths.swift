import CLuaShim
import Foundation

/// The sandbox's path checks (`paths.c`), for Swift code above the bridge: the C shim is
/// reached only from LuaBridge, so Scripting asks here.
public enum SandboxPaths {
    /// Where `path` leads once written: every existing component resolved (symbolic links
    /// too), the missing tail as plain names; nil when that cannot be told safely (a dangling
    /// link, ".." after a missing folder, too long).
    public static func resolveForWriting(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard clua_resolve_path(path, &buffer, buffer.count) >= 0 else { return nil }
        return String(cString: buffer)
    }

    /// Creates the missing folders of the resolved path `folder`, only inside `inside`,
    /// refusing any component that is not a real folder; false when it could not.
    public static func makeFolders(_ folder: String, inside: String) -> Bool {
        clua_make_folders(folder, inside) == 0
    }
}
