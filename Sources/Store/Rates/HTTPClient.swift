import CCurlShim
import Foundation

/// HTTP GET for the providers (`QuoteHTTP`), over libcurl loaded when the first client is made
/// (`CCurlShim`), so that starting `assetflow` for anything else loads no network code.
/// One client keeps its connections open between requests.
final class HTTPClient {
    /// The library loaded: libcurl's stable ABI (the one FoundationNetworking uses too).
    static let defaultLibrary = "libcurl.so.4"

    /// Why no response came back.
    enum Failure: Error {
        /// libcurl could not be loaded: the loader's message.
        case libraryMissing(String)
        /// No response: refused, unreachable, timed out, or TLS failed (libcurl's message).
        case network(String)
        /// The body passed the limit asked.
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
}

extension HTTPClient {
    /// One response of `request`: a 3xx carries the address it points to in `location`.
    struct Response {
        var status: Int
        var body: Data
        var location: String?
    }

    /// More failures of `request`.
    enum RequestFailure: Error {
        case timedOut
    }

    /// One GET of `address` with `headers`, never following a redirect (the caller checks
    /// the new host first), reading at most `limit` bytes.
    func request(_ address: String, headers: [String], timeout: TimeInterval, limit: Int) throws -> Response {
        var status = 0
        var body: UnsafeMutablePointer<CChar>?
        var length = 0
        var error = [CChar](repeating: 0, count: 512)
        var location = [CChar](repeating: 0, count: 8192)
        let milliseconds = Int(min(max(1, (timeout * 1000).rounded(.up)), Double(Int32.max)))
        let copies = headers.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) }
        let result = pointers.withUnsafeBufferPointer { list in
            ccurl_request(client, address, list.baseAddress, list.count, milliseconds, limit, &status, &body, &length,
                          &location, location.count, &error, error.count)
        }
        switch Int(result) {
        case Int(CCURL_OK):
            defer { ccurl_free(body) }
            let target = String(cString: location)
            return Response(status: status, body: body.map { Data(bytes: $0, count: length) } ?? Data(), location: target.isEmpty ? nil : target)
        case Int(CCURL_TOO_LARGE): throw Failure.tooLarge
        case Int(CCURL_TIMEOUT): throw RequestFailure.timedOut
        default: throw Failure.network(String(cString: error))
        }
    }
}

extension HTTPClient {
    /// An address as libcurl reads it.
    struct ParsedAddress {
        var scheme: String
        /// The host libcurl connects to, percent-decoded.
        var host: String
        /// The address as libcurl writes it back: the one to request.
        var normalized: String
    }

    /// `address` read by libcurl's own URL parser (so the host checked is the host asked);
    /// nil with the reason when libcurl cannot read it or it holds a user name.
    func parse(_ address: String) -> Result<ParsedAddress, Failure> {
        var scheme = [CChar](repeating: 0, count: 64)
        var host = [CChar](repeating: 0, count: 1024)
        var normalized = [CChar](repeating: 0, count: 16384)
        var error = [CChar](repeating: 0, count: 512)
        guard ccurl_parse(client, address, &scheme, scheme.count, &host, host.count, &normalized, normalized.count, &error, error.count) == 0 else {
            return .failure(.network(String(cString: error)))
        }
        return .success(ParsedAddress(scheme: String(cString: scheme), host: String(cString: host), normalized: String(cString: normalized)))
    }
}
