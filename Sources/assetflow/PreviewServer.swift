import Foundation

/// The page server of `assetflow report NAME --serve`: HTTP on 127.0.0.1 only (never
/// another address), one connection at a time.
///
///     GET /          the latest render; after a failed run, the last good render with the
///                    error (file:line: message) in a banner at the top
///     GET /good      the last good render, without the banner
///     GET /version   a number that grows with each render
///
/// The pages carry a small script that asks /version twice a second and reloads when it
/// changed: the report files AssetFlow writes have no script, only the served preview does.
final class PreviewServer {
    private let lock = NSLock()
    private var good: String?
    private var error: String?
    private var version = 0
    private var listener: Int32 = -1
    /// The port the kernel gave (or the one asked for).
    private(set) var port: UInt16 = 0

    /// Binds 127.0.0.1:`port` (0: any free port) and serves on a thread of its own.
    func start(port requested: UInt16) throws {
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw PreviewServerError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requested.bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian  // 127.0.0.1: never another address
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(listener, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(listener)
            throw PreviewServerError("cannot listen on 127.0.0.1:\(requested): \(reason). Give another --port, or 0 for any free one.")
        }
        var actual = sockaddr_in(), length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        port = UInt16(bigEndian: actual.sin_port)
        let thread = Thread { [weak self] in self?.serve() }
        thread.start()
    }

    /// Stops accepting connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// A new render: the page (nil when the run failed) and the error.
    func update(html: String?, error: String?) {
        lock.lock()
        defer { lock.unlock() }
        if let html { good = html }
        self.error = error
        version += 1
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return  // closed by stop()
            }
            respond(on: connection)
            close(connection)
        }
    }

    private func respond(on connection: Int32) {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 16_384, !request.ends(with: Array("\r\n\r\n".utf8)) {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { break }
            request += buffer[0..<count]
        }
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self).split(separator: " ")
        let path = line.count >= 2 ? String(line[1]) : "/"
        let (status, type, body) = page(for: path)
        let head = "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        let bytes = Array((head + body).utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            sent += count
        }
    }

    func page(for path: String) -> (String, String, String) {
        lock.lock()
        let (good, error, version) = (self.good, self.error, self.version)
        lock.unlock()
        switch path.split(separator: "?").first.map(String.init) ?? "/" {
        case "/version": return ("200 OK", "text/plain; charset=utf-8", "\(version)")
        case "/favicon.ico": return ("204 No Content", "image/x-icon", "")  // a browser asks; a 404 would be a console error
        case "/":
            let base = good ?? "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Report</title></head><body></body></html>"
            return ("200 OK", "text/html; charset=utf-8", PreviewServer.decorate(base, error: error, version: version))
        case "/good":
            guard let good else { return ("404 Not Found", "text/plain; charset=utf-8", "No good render yet.\n") }
            return ("200 OK", "text/html; charset=utf-8", PreviewServer.decorate(good, error: nil, version: version))
        default: return ("404 Not Found", "text/plain; charset=utf-8", "Not found. The report is at /.\n")
        }
    }

    /// The page with the error banner (if any) after `<body>` and the reload script before `</body>`.
    static func decorate(_ html: String, error: String?, version: Int) -> String {
        var page = html
        if let error {
            let banner = "<div id=\"af-error\" style=\"background:#fef2f2;color:#991b1b;border:1px solid #fca5a5;border-radius:6px;padding:12px;margin:12px;font-family:monospace;white-space:pre-wrap\">"
                + "<strong>The report failed; the last good render is below.</strong>\n" + escape(error) + "</div>"
            page = insert(banner, in: page, after: "<body>")
        }
        let script = "<script>(function(){var v=\"\(version)\";setInterval(function(){fetch(\"/version\",{cache:\"no-store\"}).then(function(r){return r.text()})"
            + ".then(function(t){if(t!==v)location.reload()}).catch(function(){})},500)})();</script>"
        return insert(script, in: page, before: "</body>")
    }

    static func insert(_ text: String, in page: String, after marker: String) -> String {
        guard let range = page.range(of: marker) else { return text + page }
        return page.replacingCharacters(in: range, with: marker + text)
    }

    static func insert(_ text: String, in page: String, before marker: String) -> String {
        guard let range = page.range(of: marker, options: .backwards) else { return page + text }
        return page.replacingCharacters(in: range, with: text + marker)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

struct PreviewServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
