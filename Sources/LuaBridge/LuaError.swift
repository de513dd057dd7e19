/// Why running Lua code failed, as the host reports it.
public enum LuaError: Error, CustomStringConvertible, Equatable {
    /// The chunk does not compile; the message names the chunk and line.
    case syntax(String)
    /// A runtime error: message, then the traceback (for top-level calls).
    case runtime(String)
    /// Lua could not allocate memory (status LUA_ERRMEM).
    case memory(String)
    /// Ctrl-C, --timeout or --max-memory stopped the run. Sticky: pcall cannot swallow it.
    case aborted(String)

    public var description: String {
        switch self {
        case .syntax(let m), .runtime(let m), .memory(let m), .aborted(let m): m
        }
    }

    /// The first line: the message without its traceback.
    public var headline: String { description.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? description }
}

/// An error value raised by nested Lua code, kept in the registry so a Swift binding can hand
/// it back to Lua untouched once its own frames have returned.
public struct LuaRaisedValue: Error, CustomStringConvertible {
    let reference: Int32
    public let description: String
}

/// A binding's complaint about its arguments, in luaL_argerror's words.
public struct LuaArgumentError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
