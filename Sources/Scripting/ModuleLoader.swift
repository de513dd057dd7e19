import Foundation
import LuaBridge

/// `require` for scripts: Lua modules (text only) from the script's folder, then from
/// `$XDG_CONFIG_HOME/assetflow/lib`. C modules and `package.loadlib` are never reachable
/// in the sandbox; with --trusted, Lua's own `require` searches the same folders first.
struct ModuleLoader {
    /// The script's folder (when there is one), then the user library.
    let folders: [String]
    /// Whether the last folder is the user library (chunks from it are named `lib/…`).
    var hasUserLibrary = true

    /// `$XDG_CONFIG_HOME/assetflow/lib`, else `~/.config/assetflow/lib`.
    static func userLibrary(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        return (UserFolders.configHome(environment) as NSString).appendingPathComponent("assetflow/lib")
    }

    /// The source of module `name` ("report.helpers" → report/helpers.lua) and the name its
    /// chunk gets: the path relative to the folder it came from (the user library's as
    /// `lib/…`), so a traceback never shows where the user's files live.
    ///
    /// A module is opened under its folder's descriptor without following any link below the
    /// folder (`SandboxPaths.openRelative`), and only as a regular file with a single name: a script
    /// pack cannot ship `notes.lua -> ../secret.txt`, a link to the environment of a process, or
    /// a hard link to a file elsewhere.
    ///
    /// `file` is where it was read (for `assetflow report --watch`, never shown to the script).
    func source(of name: String) throws -> (source: String, path: String, file: String) {
        guard !name.isEmpty, !name.contains(".."), name.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
            throw LuaArgumentError("require: '\(name)' is not a module name (letters, digits, _ and - separated by dots)")
        }
        let relative = name.replacingOccurrences(of: ".", with: "/")
        for (index, folder) in folders.enumerated() {
            guard let real = SandboxPolicy.realFolder(folder) else { continue }
            for candidate in ["\(relative).lua", "\(relative)/init.lua"] {
                let fd = SandboxPaths.openRelative(real, candidate, flags: O_RDONLY)
                if fd < 0 {
                    if errno == SandboxPaths.refusedErrno {
                        throw LuaArgumentError("require: module '\(name)' is not a plain file (a link, a file with other names, "
                            + "or not a file): modules are read only from plain files in the script's folder and the user library")
                    }
                    continue
                }
                guard let data = try? SandboxPolicy.readAll(fd, closing: true), let source = String(data: data, encoding: .utf8) else {
                    throw LuaArgumentError("require: module '\(name)' cannot be read as UTF-8 text")
                }
                let label = index == folders.count - 1 && hasUserLibrary ? "lib/" + candidate : candidate
                return (source, label, real + "/" + candidate)
            }
        }
        // The folders are not listed: a sandboxed script must not learn where the user's
        // files live from an error message.
        throw LuaArgumentError("module '\(name)' not found: looked for \(relative).lua and \(relative)/init.lua "
            + "in the script's folder and in the user library (assetflow/lib in the configuration folder)")
    }

    /// Lua code that defines `require` over the host function `source_of`.
    static let sandboxRequire = """
    local source_of = ...
    -- The host's own functions, taken before any script runs: a script that replaces the
    -- global load (or pcall, error, type) cannot see or change a module's text.
    local load, pcall, error, type = load, pcall, error, type
    local loaded = {}
    function require(name)
      if type(name) ~= "string" then error("require: a module name expected, got " .. type(name), 2) end
      local cached = loaded[name]
      if cached ~= nil then return cached end
      local ok, source, path = pcall(source_of, name)
      if not ok then error(source, 2) end
      local chunk, message = load(source, "@" .. path, "t")
      if not chunk then error(message, 2) end
      local result = chunk(name, path)
      if result == nil then result = true end
      loaded[name] = result
      return result
    end
    """

    /// With --trusted: the same folders first in package.path.
    func trustedPathPrefix() -> String {
        folders.map { "\($0)/?.lua;\($0)/?/init.lua;" }.joined()
    }
}
