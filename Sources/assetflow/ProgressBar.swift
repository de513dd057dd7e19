import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a terminal
/// (never in a pipe or a log) and only for work long enough to wait for. Used by
/// `import` (rows) and `rates fetch` (days).
final class ProgressBar {
    let enabled: Bool
    private let label: String
    private let unit: String
    private let minimumTotal: Int
    private var drawn = false

    init(label: String, unit: String, minimumTotal: Int, enabled: Bool = isatty(STDERR_FILENO) != 0) {
        self.label = label.isEmpty ? "" : label + " "
        self.unit = unit
        self.minimumTotal = minimumTotal
        self.enabled = enabled
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total >= minimumTotal else { return }
        let width = 30, filled = min(width, done * width / max(total, 1))
        let line = "\r" + label + "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] \(done)/\(total)" + unit
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }
}
