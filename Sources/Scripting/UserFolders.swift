import Foundation

/// The user's folders by the XDG Base Directory specification: `$XDG_DATA_HOME`,
/// `$XDG_CONFIG_HOME`, `$XDG_STATE_HOME`, each defaulting to a folder under `$HOME`.
///
/// `$HOME` is read from the environment, as the specification says; only when it is unset is
/// the account's home asked for (`NSHomeDirectory()`, which reads the name service's
/// configuration and /etc/passwd, and asks nscd through a socket: at every start, before).
public enum UserFolders {
    public static func home(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        nonEmpty(environment["HOME"]) ?? NSHomeDirectory()
    }

    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public static func dataHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        nonEmpty(environment["XDG_DATA_HOME"]) ?? (home(environment) as NSString).appendingPathComponent(".local/share")
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public static func configHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        nonEmpty(environment["XDG_CONFIG_HOME"]) ?? (home(environment) as NSString).appendingPathComponent(".config")
    }

    /// `$XDG_STATE_HOME`, else `~/.local/state`.
    public static func stateHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        nonEmpty(environment["XDG_STATE_HOME"]) ?? (home(environment) as NSString).appendingPathComponent(".local/state")
    }

    private static func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
}
