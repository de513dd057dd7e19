import Foundation

/// A throw-away HTTP server on 127.0.0.1 for the fetch tests: python3's http.server serving
/// the files of a temporary folder it owns. No test needs the internet.
final class LocalRateServer {
    let folder: String
    let process = Process()
    private(set) var port = 0

    /// Starts the server over a new temporary folder; `files` maps relative paths to contents.
    init(files: [String: String]) throws {
        folder = NSTemporaryDirectory() + "af-rates-\(UUID().uuidString)"
        for (path, contents) in files {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try contents.write(toFile: full, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Port 0: the system picks a free port, which the server prints before serving.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", """
            import http.server, functools, signal, sys
            signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the test runner may ignore SIGTERM; children inherit that
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            handler.func.log_message = lambda *args: None
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """, folder]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        // Wait for the line with the port (an event, not a sleep).
        var line = Data()
        while true {
            let byte = pipe.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        port = Int(String(decoding: line, as: UTF8.self)) ?? 0
    }

    /// The fetch template for this server.
    var template: String { "http://127.0.0.1:\(port)/{date}/{base}.json" }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { stop() }
}
