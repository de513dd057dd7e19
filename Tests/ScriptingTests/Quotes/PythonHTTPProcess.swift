import Foundation

/// A python3 HTTP server for the fetch tests, started on a port the system picks (the script
/// prints it first), killed and its folder removed by `stop`. `LocalQuoteServer` and
/// `LocalRateServer` differ only in the script they run.
final class PythonHTTPProcess {
    let folder: String
    private let process = Process()
    private(set) var port = 0

    /// Starts `python3 -u -c script arguments…`; `folder` is this server's own temporary folder.
    init(folder: String, script: String, arguments: [String]) throws {
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", script] + arguments
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

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { stop() }
}
