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

    /// The errno of an open the sandbox refused (a link, a second name, outside the folder),
    /// as opposed to a file that is missing or unreadable.
    public static var refusedErrno: Int32 { CLUA_REFUSED_ERRNO }

    /// Whether the resolved path `resolved` lies inside `folder` (whole components: `data`
    /// does not contain `data-secret`).
    public static func isInside(_ resolved: String, _ folder: String) -> Bool {
        clua_path_inside(resolved, folder) != 0
    }

    /// Opens `relative` under `folder` with O_NOFOLLOW at every level, as a regular file with
    /// a single link; a descriptor, or -1 (errno set).
    public static func openRelative(_ folder: String, _ relative: String, flags: Int32, mode: mode_t = 0) -> Int32 {
        clua_open_relative(folder, relative, flags, mode)
    }

    /// The same for `resolved` (as `resolveForWriting` gives it), which must lie inside `folder`.
    public static func openUnder(_ resolved: String, _ folder: String, flags: Int32, mode: mode_t = 0) -> Int32 {
        clua_open_under(resolved, folder, flags, mode)
    }
}
