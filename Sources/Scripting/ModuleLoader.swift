import Foundation
import LuaBridge

/// `require` for scripts: Lua modules (text only) from the script's folder, then from
/// `$XDG_CONFIG_HOME/assetflow/lib`. C modules and `package.loadlib` are never reachable
/// in the sandbox; with --trusted, Lua's own `require` searches the same folders first.
struct ModuleLoader {
    let folders: [String]

    /// `$XDG_CONFIG_HOME/assetflow/lib`, else `~/.config/assetflow/lib`.
    static func userLibrary(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".config")
        return (configHome as NSString).appendingPathComponent("assetflow/lib")
    }

    /// The source and path of module `name` ("report.helpers" → report/helpers.lua).
    func source(of name: String) throws -> (source: String, path: String) {
        guard !name.isEmpty, !name.contains(".."), name.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
            throw LuaArgumentError("require: '\(name)' is not a module name (letters, digits, _ and - separated by dots)")
        }
        let relative = name.replacingOccurrences(of: ".", with: "/")
        for folder in folders {
            for candidate in ["\(relative).lua", "\(relative)/init.lua"] {
                let path = (folder as NSString).appendingPathComponent(candidate)
                if let source = try? String(contentsOfFile: path, encoding: .utf8) { return (source, path) }
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
