import Foundation

/// Where the REPL reads its lines: a terminal, a pipe, or a test's script.
public protocol LineReader: AnyObject {
    /// The next line without its newline; nil at end of input.
    func readLine(prompt: String) -> String?
    func addHistory(_ entry: String)
    /// True once after Ctrl-C cancelled the line just read (a terminal only): the REPL then
    /// drops an unfinished multi-line entry, as lua.c does.
    func takeInterrupt() -> Bool
}

extension LineReader {
    public func takeInterrupt() -> Bool { false }
}

/// Plain standard input: prompts only on a terminal, so a pipe reads without them.
public final class StandardInputReader: LineReader {
    let showPrompts: Bool

    public init() { showPrompts = isatty(0) != 0 }

    public func readLine(prompt: String) -> String? {
        if showPrompts {
            FileHandle.standardOutput.write(Data(prompt.utf8))
        }
        return Swift.readLine(strippingNewline: true)
    }

    public func addHistory(_ entry: String) {}
}

/// Lines given in advance, for tests.
public final class ScriptedReader: LineReader {
    var lines: [String]
    public private(set) var history: [String] = []

    public init(_ lines: [String]) { self.lines = lines }

    /// The line "^C" stands for Ctrl-C: read as an empty, cancelled line.
    public func readLine(prompt: String) -> String? {
        guard !lines.isEmpty else { return nil }
        let line = lines.removeFirst()
        interrupted = line == "^C"
        return interrupted ? "" : line
    }

    private var interrupted = false

    public func takeInterrupt() -> Bool {
        defer { interrupted = false }
        return interrupted
    }

    public func addHistory(_ entry: String) { history.append(entry) }
}
