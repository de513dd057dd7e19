import Foundation
import LuaBridge
import Store

/// The interactive session, step by step as lua.c does it: read a line, try it as an
/// expression (`return <line>;`), else as statements; keep reading while the chunk is
/// incomplete (its syntax error ends at `<eof>`); run it protected; show the results.
///
/// By default each statement is its own store transaction. After `.begin`, statements
/// accumulate until `.commit` or `.rollback`; a failing statement then undoes only itself.
public final class Repl {
    let env: ScriptEnvironment
    let reader: LineReader
    /// Errors go here (stderr by default).
    public var errorOutput: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    private var formatter: LuaReference?
    private var explicitTransaction = false
    private var timing = false
    private var lastTraceback: String?
    private var finished = false
    /// Statements (and dot-commands) that failed: a piped session exits non-zero when any did.
    public private(set) var failures = 0

    public init(env: ScriptEnvironment, reader: LineReader) {
        self.env = env
        self.reader = reader
    }

    /// Reads and evaluates until end of input or `.quit`. An open `.begin` is rolled back.
    public func run() {
        while !finished, let chunk = readChunk() {
            if chunk.hasPrefix(".") { command(chunk) } else if !bareWord(chunk) { evaluate(chunk) }
        }
        if explicitTransaction {
            try? env.session.rollback()
            errorOutput("The open transaction (.begin) was rolled back.")
        }
    }

    // MARK: Reading

    /// One complete chunk: more lines are read while it is incomplete.
    func readChunk() -> String? {
        guard var buffer = reader.readLine(prompt: explicitTransaction ? "*> " : "> ") else { return nil }
        _ = reader.takeInterrupt()
        if buffer.hasPrefix(".") {
            reader.addHistory(buffer)
            return buffer
        }
        if buffer.hasPrefix("=") { buffer = "return " + buffer.dropFirst() }  // Lua 5.2 habit
        while isIncomplete(buffer) {
            guard let more = reader.readLine(prompt: ">> ") else { break }
            if reader.takeInterrupt() { return "" }  // Ctrl-C drops the unfinished entry
            buffer += "\n" + more
        }
        if !buffer.trimmingCharacters(in: .whitespaces).isEmpty { reader.addHistory(buffer) }
        return buffer
    }

    /// True when neither the expression form nor the statement form compiles and the
    /// statement form fails at the end of the input.
    func isIncomplete(_ chunk: String) -> Bool {
        if compiles("return " + chunk + ";") { return false }
        do {
            try env.lua.load(chunk, name: "=stdin")
            env.lua.setTop(env.lua.top - 1)
            return false
        } catch let LuaError.syntax(message) {
            return message.hasSuffix("<eof>")
        } catch {
            return false
        }
    }

    private func compiles(_ source: String) -> Bool {
        guard (try? env.lua.load(source, name: "=stdin")) != nil else { return false }
        env.lua.setTop(env.lua.top - 1)
        return true
    }

    // MARK: Evaluating

    /// `help`, `quit` and `exit` typed alone mean what a person means (Lua would print a
    /// function or say `exit` is nil). Returns true when `chunk` was one of them.
    func bareWord(_ chunk: String) -> Bool {
        switch chunk.trimmingCharacters(in: .whitespaces) {
        case "help": evaluate("help()")
        case "quit", "exit": finished = true
        default: return false
        }
        return true
    }

    /// Runs one chunk and shows what it returns. The store changes are kept only if it
    /// succeeds.
    public func evaluate(_ chunk: String) {
        guard !chunk.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        let lua = env.lua
        let base = lua.top
        defer { lua.setTop(base) }
        let started = DispatchTime.now()
        env.lastMissingName = nil  // a hint is about this statement's lookups only
        do {
            if !compiles("return " + chunk + ";") {
                try lua.load(chunk, name: "=stdin")
            } else {
                try lua.load("return " + chunk + ";", name: "=stdin")
            }
            try withStatementTransaction {
                try lua.withInterruptHandler { try lua.call() }
            }
            let results = lua.top - base
            if results > 0 { show(count: results) }
        } catch let error as LuaError {
            failures += 1
            lastTraceback = error.description
            // A damaged page the statement read: the store's sentence, not "disk I/O error".
            if let damage = env.session.pageDamage { errorOutput("\(damage)") } else {
                errorOutput(Suggestions.annotate(error.headline, missing: env.lastMissingName))
            }
        } catch {
            failures += 1
            lastTraceback = String(describing: error)
            errorOutput(String(describing: env.session.pageDamage ?? ScriptRun.userFacing(error)))
        }
        if timing {
            let elapsedSeconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            errorOutput(String(format: "(%.3f s)", elapsedSeconds))
        }
    }

    /// A transaction of its own, or a savepoint inside the open `.begin`.
    private func withStatementTransaction(_ body: () throws -> Void) throws {
        if explicitTransaction {
            try env.session.atomically(body)
            return
        }
        try env.session.begin()
        do {
            try body()
            try env.session.commit()
        } catch {
            try? env.session.rollback()
            throw error
        }
    }

    /// Shows the results on the stack through the formatter.
    private func show(count: Int32) {
        let lua = env.lua
        let call = LuaCall(lua.L)
        if formatter == nil {
            do {
                try lua.execute(ReplFormatter.source, name: "=formatter", results: 1)
                formatter = lua.makeReference()
            } catch {
                errorOutput("internal: the REPL formatter failed to load: \(error)")
                return
            }
        }
        lua.push(formatter!)
        call.insert(at: lua.top - count)
        do {
            try lua.call(arguments: count, results: 1)
            env.output((call.string(at: -1) ?? "") + "\n")
        } catch {
            errorOutput(String(describing: error))
        }
    }

    // MARK: Dot-commands

    /// `.help`, `.load FILE`, `.begin`, `.commit`, `.rollback`, `.timing on|off`, `.trace`, `.quit`.
    func command(_ line: String) {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        switch words[0] {
        case ".help":
            env.output((argument.isEmpty ? Self.commandsHelp : HelpText.text(for: argument)) + "\n")
        case ".load":
            load(file: argument)
        case ".begin":
            if explicitTransaction { return errorOutput("A transaction is already open: .commit or .rollback it first.") }
            do {
                try env.session.begin()
                explicitTransaction = true
                env.output("Transaction open: statements are kept until .commit (or undone by .rollback).\n")
            } catch { errorOutput(String(describing: error)) }
        case ".commit", ".rollback":
            guard explicitTransaction else { return errorOutput("No transaction is open (each statement commits on its own). Use .begin first.") }
            do {
                if words[0] == ".commit" { try env.session.commit() } else { try env.session.rollback() }
                explicitTransaction = false
                env.output(words[0] == ".commit" ? "Committed.\n" : "Rolled back.\n")
            } catch { errorOutput(String(describing: error)) }
        case ".timing":
            guard argument == "on" || argument == "off" else { return errorOutput("Usage: .timing on|off") }
            timing = argument == "on"
        case ".trace":
            env.output((lastTraceback ?? "No error yet.") + "\n")
        case ".quit", ".exit":
            finished = true
        default:
            failures += 1
            errorOutput("Unknown command \(words[0]). Commands: .help .load FILE .begin .commit .rollback .timing on|off .trace .quit")
        }
    }

    /// What `.help` prints: the dot-commands (`help()` is the Lua API's help).
    static let commandsHelp = """
        REPL commands (the Lua API's help is help(), or help(af.create_asset)):
          .help [NAME]      this list; with a NAME, the help of that binding
          .load FILE        run a Lua file in this session (sandboxed: from an --allow-read folder)
          .begin            keep the following statements in one transaction…
          .commit           …and keep them,
          .rollback         …or undo them all
          .timing on|off    print how long each statement takes
          .trace            the traceback of the last error
          .quit             leave (also Ctrl-D, quit or exit)
        Ctrl-C cancels the line being typed (or stops a running statement).
        """

    private func load(file path: String) {
        guard !path.isEmpty else { return errorOutput("Usage: .load FILE") }
        // The same path policy as io.open: in the sandbox, only a file in an --allow-read folder.
        let data: Data?
        do { data = try env.policy.read((path as NSString).expandingTildeInPath, function: ".load") } catch {
            failures += 1
            return errorOutput(String(describing: error))
        }
        guard let data, let source = String(data: data, encoding: .utf8) else {
            failures += 1
            return errorOutput("Cannot read \(path).")
        }
        let lua = env.lua
        let base = lua.top
        defer { lua.setTop(base) }
        do {
            try lua.load(ScriptRunner.withoutShebang(source), name: "@" + path)
            try withStatementTransaction { try lua.withInterruptHandler { try lua.call() } }
        } catch let error as LuaError {
            failures += 1
            lastTraceback = error.description
            errorOutput(error.headline)
        } catch {
            failures += 1
            errorOutput(String(describing: error))
        }
    }
}
