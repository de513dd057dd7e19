import Core
import Foundation
import LuaBridge
import Store

/// Runs a script file as one store transaction: committed only when the script finishes,
/// rolled back entirely on an error, Ctrl-C or a limit.
public enum ScriptRunner {
    public struct Outcome {
        public let succeeded: Bool
        /// The error, as `file:line: message` and a traceback.
        public let error: String?
        /// What changed (or would have, with dry-run).
        public let changes: ChangeCounter
    }

    /// Runs `path` as `run` describes, on the store it names.
    public static func run(path: String, _ run: ScriptRun, output: ((String) -> Void)? = nil) throws -> Outcome {
        try self.run(path: path, arguments: run.arguments, store: run.openStore(), options: run, output: output)
    }

    public static func run(path: String, arguments: [String], store: AssetFlowStore, options: ScriptRun,
                           today: CalendarDate? = nil, output: ((String) -> Void)? = nil) throws -> Outcome {
        var options = options
        options.arguments = arguments
        let source: String
        do {
            source = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            return Outcome(succeeded: false, error: "cannot read \(path): \(error.localizedDescription)", changes: ChangeCounter())
        }
        return try store.withSession(today: today) { session in
            try session.begin()
            let env: ScriptEnvironment
            do {
                env = try options.environment(session: session, script: path, moduleFolders: [ScriptRun.folder(of: path)])
            } catch {
                try session.rollback()
                return Outcome(succeeded: false, error: String(describing: error), changes: session.changes)
            }
            if let output { env.output = output }
            do {
                try env.lua.withInterruptHandler {
                    try env.lua.execute(withoutShebang(source), name: "@" + path)
                }
                // Finalizers run now, inside the transaction; one stopped by a limit fails the run.
                if let stopped = env.close() { throw LuaError.aborted(stopped) }
            } catch let error as LuaError {
                env.close()
                try session.rollback()
                // A damaged page the script touched: the store's sentence, not SQLite's "disk I/O error".
                if let damage = session.pageDamage { return Outcome(succeeded: false, error: "\(damage)", changes: session.changes) }
                return Outcome(succeeded: false, error: Suggestions.annotate(error.description, missing: env.lastMissingName), changes: session.changes)
            } catch {
                env.close()
                try session.rollback()
                return Outcome(succeeded: false, error: String(describing: session.pageDamage ?? error), changes: session.changes)
            }
            if options.dryRun { try session.rollback() } else { try session.commit() }
            return Outcome(succeeded: true, error: nil, changes: session.changes)
        }
    }

    /// A first line starting with `#` (a shebang) is skipped, keeping line numbers.
    static func withoutShebang(_ source: String) -> String {
        guard source.hasPrefix("#") else { return source }
        guard let newline = source.firstIndex(of: "\n") else { return "" }
        return "--" + source[newline...]
    }
}

extension ScriptEnvironment {
    /// Lua's `arg` table: arg[0] is the script, arg[1…] its arguments.
    func setArguments(script: String, _ arguments: [String]) {
        let call = LuaCall(lua.L)
        call.newTable(arrayCount: arguments.count, fieldCount: 1)
        call.pushString(script)
        call.setElement(0, of: -2)
        for (i, a) in arguments.enumerated() {
            call.pushString(a)
            call.setElement(i + 1, of: -2)
        }
        lua.setGlobal("arg")
    }
}
