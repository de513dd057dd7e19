import Core
import Foundation

/// The user's settings for quote providers, in `$XDG_CONFIG_HOME/assetflow/providers.conf`
/// (else `~/.config/assetflow/providers.conf`): per provider, the hosts it may reach (as
/// `--allow-net` would allow them, on every fetch) and its API key.
///
/// ```
/// # hosts allowed for every fetch, and keys
/// [stooq]
/// hosts = stooq.com
///
/// [coingecko]
/// hosts = api.coingecko.com
/// key = CG-abc123
/// ```
///
/// A file of the user's, not a store setting: a store can be shared or come from elsewhere,
/// and a script can write store settings, but neither may grant network access or hold a key.
public struct ProviderSettings: Equatable, Sendable {
    /// The hosts each provider may reach besides `--allow-net`, by provider name.
    public var hosts: [String: [String]] = [:]
    /// Each provider's API key, by provider name.
    public var keys: [String: String] = [:]

    public init(hosts: [String: [String]] = [:], keys: [String: String] = [:]) {
        self.hosts = hosts
        self.keys = keys
    }

    /// `providers.conf` in the configuration folder.
    public static func userPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ((QuoteProvider.userFolder(environment: environment) as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("providers.conf")
    }

    /// The settings in the file at `path`; none when it does not exist.
    public static func load(path: String) throws -> ProviderSettings {
        guard FileManager.default.fileExists(atPath: path) else { return ProviderSettings() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RuleViolation("\(path) could not be read.")
        }
        return try parse(String(decoding: data, as: UTF8.self), path: path)
    }

    /// Reads `[provider]` sections of `hosts = a, b` and `key = …` lines; `#` and `;` start a
    /// comment line. Anything else is an error naming the line (nothing is guessed).
    public static func parse(_ text: String, path: String = "providers.conf") throws -> ProviderSettings {
        var settings = ProviderSettings()
        var section: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            let place = "\(path), line \(index + 1)"
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count > 2 else { throw RuleViolation("\(place): a section is [provider name], not '\(line)'.") }
                section = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { throw RuleViolation("\(place): expected hosts = … or key = … (the line is not shown: it may hold a key).") }
            guard let provider = section else { throw RuleViolation("\(place): '\(line)' comes before any [provider] section.") }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            switch name {
            case "hosts":
                let list = value.split(whereSeparator: { $0 == "," || $0 == " " }).map { String($0).lowercased() }
                if let wild = list.first(where: { $0.contains("*") || $0.contains("/") }) {
                    throw RuleViolation("\(place): '\(wild)' is not a host name (hosts are listed one by one).")
                }
                settings.hosts[provider, default: []] += list
            case "key":
                settings.keys[provider] = value
            default:
                throw RuleViolation("\(place): unknown setting '\(name)' (known: hosts, key).")
            }
        }
        return settings
    }
}
