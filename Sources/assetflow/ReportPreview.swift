import Foundation
import Scripting

/// `assetflow report NAME --watch` and `--serve`: runs the report, then again each time
/// the script, a module it requires or the store changes (checked four times a second by
/// modification time and size), until Ctrl-C. `--watch` redraws the terminal in place;
/// `--serve` hands each render to a `PreviewServer`. A failed run keeps the last good
/// render and shows the error (file:line and message) next to it.
struct ReportPreview {
    var request: ReportRunner.Request
    /// Each render: the report's text (nil when the run failed) and the error, if any.
    var show: (_ text: String?, _ error: String?) -> Void
    var pollInterval = 0.25

    /// Set by SIGINT; the loop stops at its next check.
    nonisolated(unsafe) static var stopRequested: sig_atomic_t = 0

    /// Runs until Ctrl-C.
    func run() {
        defer { signal(SIGINT, SIG_DFL) }
        var modules: [String] = []  // what the last run required
        while ReportPreview.stopRequested == 0 {
            Self.catchInterrupt()
            let files = ReportRunner.LoadedFiles()
            var request = self.request
            request.loadedFiles = files
            var baseline = fingerprint(watchedPaths(modules))  // before the run: a change during it triggers another
            var rendered: (text: String?, error: String?)
            do {
                let outcome = try ReportRunner.run(request)
                Self.catchInterrupt()  // the run's own Ctrl-C handler is gone with it
                // A Ctrl-C during the run interrupted the script: it means stop.
                if ReportPreview.stopRequested != 0 || outcome.error?.contains("interrupted") == true { break }
                // A script that returns no report (or a file caught half-written) is no render.
                let error = outcome.error ?? (outcome.text == nil ? "\(request.script): the script returned no report; end it with `return r`." : nil)
                rendered = (error == nil ? outcome.text : nil, error)
            } catch {
                Self.catchInterrupt()
                rendered = (nil, "\(error)")
            }
            // A failed run may have stopped before its require calls: keep watching the earlier modules too.
            modules = files.paths.union(rendered.error != nil ? Set(modules) : []).sorted()
            let watched = Set(watchedPaths(modules))
            baseline = baseline.filter { watched.contains($0.key) }  // no longer required: not watched
            for (path, state) in fingerprint(modules) where baseline[path] == nil { baseline[path] = state }  // newly required: as they are now
            show(rendered.text, rendered.error)  // after the baseline: a change seen on screen is never missed
            while ReportPreview.stopRequested == 0, fingerprint(watchedPaths(modules)) == baseline {
                Thread.sleep(forTimeInterval: pollInterval)
            }
        }
    }

    /// Ctrl-C sets `stopRequested` (a Lua run installs its own handler and leaves the default).
    static func catchInterrupt() { signal(SIGINT) { _ in ReportPreview.stopRequested = 1 } }

    /// The script (unless built in), the modules it required, and the store with its WAL.
    func watchedPaths(_ modules: [String]) -> [String] {
        let script = request.source == nil ? [request.script] : []
        let store = request.run.storePath.map { [$0, $0 + "-wal"] } ?? []
        return script + modules + store
    }

    /// Modification time and size of each path ("missing" for a missing file).
    func fingerprint(_ paths: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for path in paths {
            var info = stat()
            result[path] = stat(path, &info) == 0 ? "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_size)" : "missing"
        }
        return result
    }
}

extension ReportPreview {
    /// The terminal version: clears the screen and draws the report, or the last good one
    /// with the error under it, and a status line.
    static func terminal(_ request: ReportRunner.Request) -> ReportPreview {
        var lastGood: String?
        return ReportPreview(request: request) { text, error in
            if let text { lastGood = text }
            var screen = "\u{1B}[H\u{1B}[2J"
            screen += lastGood ?? ""
            if let error { screen += (lastGood == nil ? "" : "\n") + "Error (showing the last good render above):\n" + error + "\n" }
            let time = DateFormatter.localizedString(from: Date(), dateStyle: .none, timeStyle: .medium)
            screen += "\n— rendered at \(time); watching for changes, Ctrl-C to stop\n"
            FileHandle.standardOutput.write(Data(screen.utf8))
        }
    }
}
