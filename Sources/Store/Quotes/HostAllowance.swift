import Foundation

/// Which hosts a quote provider may reach: a host must be both declared by the provider
/// (its `-- hosts:` line) and allowed by the user (`--allow-net HOST`). A declared host covers its subdomains
/// ("stooq.com" covers "www.stooq.com"); the user's allowance is matched the same way.
public struct HostAllowance: Sendable, Equatable {
    /// The provider's name, used in messages.
    public var provider: String
    /// Who asks, as messages name it ("Provider 'stooq'", "The rates fetch").
    public var subject: String
    public var declared: [String]
    public var allowed: [String]

    public init(provider: String, declared: [String], allowed: [String], subject: String? = nil) {
        self.provider = provider
        self.subject = subject ?? "Provider '\(provider)'"
        self.declared = declared.map { $0.lowercased() }
        self.allowed = allowed.map { $0.lowercased() }
    }

    /// Nil when `host` may be reached, else the message that says why not and what allows it.
    public func refusal(for host: String) -> String? {
        let host = host.lowercased()
        if !declared.contains("*"), !Self.covers(declared, host) {  // "*": any host the user allows (the generic CSV provider)
            let list = declared.isEmpty ? "none" : declared.joined(separator: ", ")
            return "\(subject) may not reach \(host): it is not among the hosts its `-- hosts:` line declares (\(list))."
        }
        if !Self.covers(allowed, host) {
            return "\(subject) may not reach \(host): allow it with --allow-net \(host)."
        }
        return nil
    }

    static func covers(_ list: [String], _ host: String) -> Bool {
        list.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// The hosts a provider's source declares: every `-- hosts: a, b` line among the
    /// comment lines at its top.
    public static func declaredHosts(in source: String) -> [String] {
        var hosts: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            guard text.hasPrefix("--") else { break }
            let comment = text.dropFirst(2).trimmingCharacters(in: .whitespaces)
            guard comment.lowercased().hasPrefix("hosts:") else { continue }
            hosts += comment.dropFirst("hosts:".count).split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        }
        return hosts
    }
}
