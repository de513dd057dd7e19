import Foundation

/// `af.http.get` for quote providers: GET over libcurl (loaded on the first request), only
/// to hosts the `HostAllowance` permits, checked again at every redirect (redirects are
/// followed here, one at a time, never by libcurl), with a bound on the size of a response
/// and on the time of the whole request, redirects included.
public final class QuoteHTTP {
    public var allowance: HostAllowance
    /// The most a response may hold.
    public var bodyLimit: Int
    /// Seconds a request may take, redirects included.
    public var timeout: TimeInterval
    public static let redirectLimit = 5
    /// When set, no request goes past it (the time limit of the script that asked for the
    /// fetch, which a fetch must not outlast).
    public var deadline: Date?
    /// Texts never shown in a message (an API key): each becomes `[key]`.
    public var secrets: [String] = []
    /// The libcurl loaded (another name only in tests).
    public var library: String
    private var client: HTTPClient?
    /// The failure of the latest request, nil when it got a response: a caller with messages
    /// of its own (the rates fetch) tells a network failure from a provider's own error.
    public private(set) var lastFailure: Failure?

    public init(allowance: HostAllowance, bodyLimit: Int = 8 << 20, timeout: TimeInterval = 20, library: String = "libcurl.so.4") {
        self.allowance = allowance
        self.bodyLimit = bodyLimit
        self.timeout = timeout
        self.library = library
    }

    /// A refused or failed request: the message says what and, where it can, how to fix it.
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        /// What went wrong, for a caller with messages of its own (the rates fetch).
        public var kind: Kind = .other
        public var description: String { message }
        public init(message: String, kind: Kind = .other) {
            self.message = message
            self.kind = kind
        }

        public enum Kind: Sendable {
            /// The host is not allowed (or the address cannot be checked): nothing was sent.
            case refused
            /// The response passed the size bound.
            case tooLarge
            /// No response: unreachable, refused, TLS, or the time limit.
            case network
            /// libcurl could not be loaded.
            case libraryMissing
            case other
        }
    }

    public struct Response {
        public var status: Int
        public var body: Data
        /// The address that answered (after redirects).
        public var url: String
    }

    /// The response to GET `address` with `headers` ("Name" → "value"); a failure's message
    /// never holds a secret.
    public func get(_ address: String, headers: [String: String] = [:]) throws -> Response {
        lastFailure = nil
        do {
            return try unredactedGet(address, headers: headers)
        } catch let failure as Failure {
            let redacted = Failure(message: Self.redact(failure.message, secrets: secrets), kind: failure.kind)
            lastFailure = redacted
            throw redacted
        }
    }

    /// `text` with each secret (as given, and as it would be percent-encoded in an address)
    /// replaced by `[key]`.
    public static func redact(_ text: String, secrets: [String]) -> String {
        var result = text
        for secret in secrets where secret.count >= 1 {
            result = result.replacingOccurrences(of: secret, with: "[key]")
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != secret {
                result = result.replacingOccurrences(of: encoded, with: "[key]")
            }
        }
        return result
    }

    private func unredactedGet(_ address: String, headers: [String: String]) throws -> Response {
        let lines = try headers.sorted { $0.key < $1.key }.map { try Self.headerLine($0.key, $0.value) }
        let own = Date().addingTimeInterval(timeout)
        let deadline = min(own, self.deadline ?? own)
        var current = address
        for _ in 0...Self.redirectLimit {
            let client = try openClient()
            let (host, address) = try checked(current, client: client)
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { throw timedOut(host, cut: deadline < own) }
            let response: HTTPClient.Response
            do {
                response = try client.request(address, headers: lines, timeout: remaining, limit: bodyLimit)
            } catch HTTPClient.Failure.tooLarge {
                throw Failure(message: "The response from \(host) is larger than \(Self.describe(bytes: bodyLimit)); it was not read.", kind: .tooLarge)
            } catch HTTPClient.RequestFailure.timedOut {
                throw timedOut(host, cut: deadline < own)
            } catch HTTPClient.Failure.network(let reason) {
                throw Failure(message: "No response from \(host): \(reason).", kind: .network)
            }
            guard (300..<400).contains(response.status), let location = response.location else {
                return Response(status: response.status, body: response.body, url: address)
            }
            current = location
        }
        throw Failure(message: "Too many redirects from \(address) (more than \(Self.redirectLimit)).")
    }

    private func openClient() throws -> HTTPClient {
        if let client { return client }
        do {
            let made = try HTTPClient(library: library)
            client = made
            return made
        } catch HTTPClient.Failure.libraryMissing(let reason) {
            throw Failure(message: "Prices could not be fetched: AssetFlow needs libcurl (\(library)) for it, and it could not be loaded (\(reason)). Install libcurl (Debian and Ubuntu: apt install libcurl4).",
                          kind: .libraryMissing)
        }
    }

    /// The host of an http or https address the allowance permits, and the address to ask;
    /// a `Failure` otherwise. The address is read by libcurl's own parser, and what it writes
    /// back is what is requested: the host checked is the host libcurl connects to, whatever
    /// a user name, backslash or fragment in the address would make another parser read.
    private func checked(_ address: String, client: HTTPClient) throws -> (host: String, address: String) {
        let notHTTP = Failure(message: "af.http.get: '\(address)' is not an http or https address.", kind: .refused)
        guard address.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { throw notHTTP }
        let parsed: HTTPClient.ParsedAddress
        switch client.parse(address) {
        case .success(let value): parsed = value
        case .failure(let failure):
            guard case .network(let reason) = failure else { throw notHTTP }
            throw Failure(message: "af.http.get: '\(address)' is refused: \(reason).", kind: .refused)
        }
        guard ["http", "https"].contains(parsed.scheme.lowercased()) else { throw notHTTP }
        let host = Self.canonical(host: parsed.host)
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]".contains($0)) }) else {
            throw Failure(message: "af.http.get: '\(address)' names a host that cannot be checked (\(parsed.host)).", kind: .refused)
        }
        if let refusal = allowance.refusal(for: host) { throw Failure(message: refusal, kind: .refused) }
        return (host, parsed.normalized)
    }

    /// A host as compared with the allowed ones: lowercase, without the trailing dot of a
    /// fully qualified name ("Stooq.COM." is stooq.com).
    static func canonical(host: String) -> String {
        let lower = host.lowercased()
        return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
    }

    /// `cut`: the script's time limit came first.
    private func timedOut(_ host: String, cut: Bool = false) -> Failure {
        if cut { return Failure(message: "No response from \(host) before the script's time limit.", kind: .network) }
        return Failure(message: "No response from \(host) within \(Self.describe(seconds: timeout)) (the time limit of a request).", kind: .network)
    }

    /// The host libcurl would connect to for `address` (lowercase, no trailing dot), read by
    /// libcurl's own parser: what a caller allows when the user named the address itself.
    public func host(of address: String) throws -> String {
        let client = try openClient()
        guard case .success(let parsed) = client.parse(address) else {
            throw Failure(message: "'\(Self.redact(address, secrets: secrets))' is not an address libcurl can read.", kind: .refused)
        }
        return Self.canonical(host: parsed.host)
    }

    /// "Name: value", refusing line breaks (a header must not smuggle another).
    static func headerLine(_ name: String, _ value: String) throws -> String {
        let bad = CharacterSet(charactersIn: "\r\n\0")
        guard !name.isEmpty, name.rangeOfCharacter(from: bad.union(CharacterSet(charactersIn: ": "))) == nil,
              value.rangeOfCharacter(from: bad) == nil else {
            throw Failure(message: "af.http.get: the header '\(name)' has a name or value that cannot be sent.")
        }
        return "\(name): \(value)"
    }

    static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    static func describe(seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return "no time limit" }
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
