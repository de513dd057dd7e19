import CCurlShim
import Foundation

/// HTTP GET for the rates fetch, over libcurl loaded when the first client is made
/// (`CCurlShim`), so that starting `assetflow` for anything else loads no network code.
/// One client keeps its connections open between requests.
final class HTTPClient {
    /// The library loaded: libcurl's stable ABI (the one FoundationNetworking uses too).
    static let defaultLibrary = "libcurl.so.4"
    /// The most a response may hold (a day of the feed is about 10 KB).
    static let bodyLimit = 16 << 20

    /// Why no response came back.
    enum Failure: Error {
        /// libcurl could not be loaded: the loader's message.
        case libraryMissing(String)
        /// No response: refused, unreachable, timed out, or TLS failed (libcurl's message).
        case network(String)
        /// The body passed `bodyLimit`.
        case tooLarge
    }

    private let client: OpaquePointer

    init(library: String = HTTPClient.defaultLibrary) throws {
        var error = [CChar](repeating: 0, count: 512)
        guard let client = ccurl_open(library, &error, error.count) else {
            throw Failure.libraryMissing(String(cString: error))
        }
        self.client = client
    }

    deinit { ccurl_close(client) }

    /// The status and body of `address`'s response, following redirects.
    func get(_ address: String, timeout: TimeInterval) throws -> (status: Int, body: Data) {
        var status = 0
        var body: UnsafeMutablePointer<CChar>?
        var length = 0
        var error = [CChar](repeating: 0, count: 512)
        // libcurl takes whole milliseconds in a long; beyond about 24 days means no limit.
        let limit = Double(Int32.max)
        let milliseconds = timeout.isFinite ? Int(min(max(1, (timeout * 1000).rounded(.up)), limit)) : Int(limit)
        switch Int(ccurl_get(client, address, milliseconds, Self.bodyLimit, &status, &body, &length, &error, error.count)) {
        case Int(CCURL_OK):
            defer { ccurl_free(body) }
            return (status, body.map { Data(bytes: $0, count: length) } ?? Data())
        case Int(CCURL_TOO_LARGE): throw Failure.tooLarge
        default: throw Failure.network(String(cString: error))
        }
    }
}
