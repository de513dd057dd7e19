import Foundation

/// A throw-away HTTP server on 127.0.0.1 for the fetch tests: python3's http.server serving
/// the files of a temporary folder it owns. No test needs the internet.
final class LocalRateServer {
    private let server: PythonHTTPProcess
    var folder: String { server.folder }
    var port: Int { server.port }

    /// Starts the server over a new temporary folder; `files` maps relative paths to contents.
    init(files: [String: String]) throws {
        let folder = NSTemporaryDirectory() + "af-rates-\(UUID().uuidString)"
        for (path, contents) in files {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try contents.write(toFile: full, atomically: true, encoding: .utf8)
        }
        server = try PythonHTTPProcess(folder: folder, script: """
            import http.server, functools, signal, sys
            signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the test runner may ignore SIGTERM; children inherit that
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            handler.func.log_message = lambda *args: None
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """, arguments: [folder])
    }

    /// The fetch template for this server.
    var template: String { "http://127.0.0.1:\(port)/{date}/{base}.json" }

    func stop() { server.stop() }
}
