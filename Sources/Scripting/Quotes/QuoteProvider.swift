import Foundation
import Store

/// A quote provider: a Lua script that defines `fetch{ symbol, from, to, currency }` and
/// returns the prices of those days, and declares at its top the hosts it asks
/// (`-- hosts: stooq.com`). Built-in ones are embedded in the binary
/// (`BuiltInProviders`); others are files `<name>.lua` in the providers folder.
public struct QuoteProvider: Sendable {
    public var name: String
    public var source: String
    /// The hosts its `-- hosts:` line declares.
    public var declaredHosts: [String] { HostAllowance.declaredHosts(in: source) }
    /// The environment variable its `-- key: NAME` line names, where its API key may be read
    /// (when `providers.conf` gives none); nil when it declares none.
    public var keyVariable: String? { header("key") }
    /// The address its `-- url:` line gives (a rate provider's default address, a template
    /// with `{base}`, `{date}`, `{from}`, `{to}`); nil when it gives none.
    public var declaredURL: String? { header("url") }
    /// True when its `-- span: day` line asks to be called one day at a time (a source with one
    /// file per day): progress and failures then name the day.
    public var asksOneDayAtATime: Bool { header("span")?.lowercased() == "day" }

    /// The value of the first `-- NAME: value` line among the comment lines at its top.
    func header(_ name: String) -> String? {
        let prefix = name.lowercased() + ":"
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            guard text.hasPrefix("--") else { break }
            let comment = text.dropFirst(2).trimmingCharacters(in: .whitespaces)
            guard comment.lowercased().hasPrefix(prefix) else { continue }
            let value = comment.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// Its API key: the one `settings` gives it, else the value of its key variable in
    /// `environment`; nil when neither has one.
    public func key(settings: ProviderSettings, environment: [String: String]) -> String? {
        if let key = settings.keys[name], !key.isEmpty { return key }
        guard let variable = keyVariable, let value = environment[variable], !value.isEmpty else { return nil }
        return value
    }

    /// True for one embedded in the binary (not a file of the user's).
    public var isBuiltIn = false

    public init(name: String, source: String, isBuiltIn: Bool = false) {
        self.name = name
        self.source = source
        self.isBuiltIn = isBuiltIn
    }

    /// Where user providers live: `$XDG_CONFIG_HOME/assetflow/providers` (else
    /// `~/.config/assetflow/providers`).
    public static func userFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        return (UserFolders.configHome(environment) as NSString).appendingPathComponent("assetflow/providers")
    }

    /// The provider called `name`: a file in `folder` first (a user's fixed copy wins), else
    /// one of `builtIn` (the quote providers by default); an error lists the built-in names.
    public static func named(_ name: String, folder: String = userFolder(), builtIn: [String: String] = BuiltInProviders.all,
                             kind: String = "quote provider") throws -> QuoteProvider {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_-".contains($0) }) else {
            throw QuoteHTTP.Failure(message: "'\(name)' is not a provider name (letters, digits, _ and - only).")
        }
        let path = (folder as NSString).appendingPathComponent(name + ".lua")
        if let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) {
            return QuoteProvider(name: name, source: text)
        }
        if let source = builtIn[name] { return QuoteProvider(name: name, source: source, isBuiltIn: true) }
        let names = builtIn.keys.sorted().joined(separator: ", ")
        throw QuoteHTTP.Failure(message: "No \(kind) '\(name)': the built-in ones are \(names), and \(path) does not exist.")
    }
}
