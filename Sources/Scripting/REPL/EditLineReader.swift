import CEditShim
import Foundation
import Store

/// A terminal line reader over libedit: line editing, history kept across sessions, Tab
/// completion, and Ctrl-C at the prompt cancelling the line.
public final class EditLineReader: LineReader {
    let historyPath: String?
    private var interruptsSeen: Int32
    private var interrupted = false

    /// The completer Tab asks; one REPL runs at a time in a process.
    nonisolated(unsafe) static var completer: Completer?

    public init(historyPath: String?, completer: Completer) {
        self.historyPath = historyPath
        EditLineReader.completer = completer
        cedit_init("assetflow", editLineComplete)
        interruptsSeen = cedit_interrupts()
        if let historyPath { _ = cedit_read_history(historyPath) }
    }

    public func readLine(prompt: String) -> String? {
        let raw = cedit_readline(prompt)
        defer { free(raw) }
        let now = cedit_interrupts()
        if now != interruptsSeen {  // Ctrl-C: cancel the line (even a half-typed one libedit hands back), prompt again
            interruptsSeen = now
            interrupted = true
            FileHandle.standardOutput.write(Data("^C\n".utf8))
            return ""
        }
        guard let raw else {
            FileHandle.standardOutput.write(Data("\n".utf8))
            return nil
        }
        return String(cString: raw)
    }

    public func takeInterrupt() -> Bool {
        defer { interrupted = false }
        return interrupted
    }

    public func addHistory(_ entry: String) {
        cedit_add_history(entry)
        guard let historyPath else { return }
        let folder = (historyPath as NSString).deletingLastPathComponent
        try? OwnerOnlyFiles.createFolder(folder)
        _ = cedit_write_history(historyPath)
        try? OwnerOnlyFiles.restrict(historyPath)  // libedit creates it with the umask
    }

    /// `$XDG_STATE_HOME/assetflow/history`, else `~/.local/state/assetflow/history`.
    public static func defaultHistoryPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        return (UserFolders.stateHome(environment) as NSString).appendingPathComponent("assetflow/history")
    }
}

/// The C completion callback: candidates from the Swift completer, as libedit wants them
/// (malloc'd strings, [0] = the longest common prefix, NULL-terminated).
private let editLineComplete: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { line, start, end in
    guard let line, let completer = EditLineReader.completer else { return nil }
    let bytes = Array(String(cString: line).utf8)
    let lo = Int(max(0, start)), hi = Int(min(Int32(bytes.count), end))
    guard lo <= hi else { return nil }
    let word = String(decoding: bytes[lo..<hi], as: UTF8.self)
    let candidates = completer.complete(word)
    guard !candidates.isEmpty else { return nil }
    // One match: [match, NULL]. Several: [common prefix, match…, NULL]. libedit frees
    // the strings and the array with free(), so both come from malloc.
    let entries = candidates.count == 1 ? candidates : [Completer.commonPrefix(candidates)] + candidates
    let array = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (entries.count + 1))!
        .bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
    for (i, entry) in entries.enumerated() { array[i] = strdup(entry) }
    array[entries.count] = nil
    return array
}
