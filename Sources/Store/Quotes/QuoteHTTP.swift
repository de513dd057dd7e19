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
    /// The libcurl loaded (another name only in tests).
    public var library: String
    private var client: HTTPClient?

    public init(allowance: HostAllowance, bodyLimit: Int = 8 << 20, timeout: TimeInterval = 20, library: String = "libcurl.so.4") {
        self.allowance = allowance
        self.bodyLimit = bodyLimit
        self.timeout = timeout
        self.library = library
    }

    /// A refused or failed request: the message says what and, where it can, how to fix it.
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
        public init(message: String) { self.message = message }
    }

    public struct Response {
        public var status: Int
        public var body: Data
        /// The address that answered (after redirects).
        public var url: String
    }

    /// The response to GET `address` with `headers` ("Name" → "value").
    public func get(_ address: String, headers: [String: String] = [:]) throws -> Response {
        let lines = try headers.sorted { $0.key < $1.key }.map { try Self.headerLine($0.key, $0.value) }
        let deadline = Date().addingTimeInterval(timeout)
        var current = address
        for _ in 0...Self.redirectLimit {
            let host = try checkedHost(of: current)
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { throw timedOut(host) }
            let response: HTTPClient.Response
            do {
                response = try openClient().request(current, headers: lines, timeout: remaining, limit: bodyLimit)
            } catch HTTPClient.Failure.tooLarge {
                throw Failure(message: "The response from \(host) is larger than \(Self.describe(bytes: bodyLimit)); it was not read.")
            } catch HTTPClient.RequestFailure.timedOut {
                throw timedOut(host)
            } catch HTTPClient.Failure.network(let reason) {
                throw Failure(message: "No response from \(host): \(reason).")
            }
            guard (300..<400).contains(response.status), let location = response.location else {
                return Response(status: response.status, body: response.body, url: current)
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
            throw Failure(message: "Prices could not be fetched: AssetFlow needs libcurl (\(library)) for it, and it could not be loaded (\(reason)). Install libcurl (Debian and Ubuntu: apt install libcurl4).")
        }
    }

    /// The host of an http or https address the allowance permits; a `Failure` otherwise.
    private func checkedHost(of address: String) throws -> String {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            throw Failure(message: "af.http.get: '\(address)' is not an http or https address.")
        }
        if let refusal = allowance.refusal(for: host) { throw Failure(message: refusal) }
        return host
    }

    private func timedOut(_ host: String) -> Failure {
        Failure(message: "No response from \(host) within \(Self.describe(seconds: timeout)) (the time limit of a request).")
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
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
