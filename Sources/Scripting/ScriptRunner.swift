import Core
import Foundation
import LuaBridge
import Store

/// How a script may run: what it may touch and how long and large it may grow.
public struct RunOptions {
    public var trusted = false
    /// Folders the script may read (`--allow-read`) and write (`--allow-write`).
    public var allowRead: [String] = []
    public var allowWrite: [String] = []
    /// Seconds; 0 = no limit.
    public var timeoutSeconds: Double = 0
    /// Megabytes of Lua memory; 0 = no limit.
    public var maxMemoryMB: Int = 0
    /// Run, report what would change, roll back.
    public var dryRun = false

    public init() {}
}

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

    public static func run(path: String, arguments: [String], store: AssetFlowStore, options: RunOptions,
                           today: CalendarDate = .today(), output: ((String) -> Void)? = nil) throws -> Outcome {
        let source: String
        do {
            source = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            return Outcome(succeeded: false, error: "cannot read \(path): \(error.localizedDescription)", changes: ChangeCounter())
        }
        return try store.withSession(today: today) { session in
            try session.begin()
            let policy = SandboxPolicy(trusted: options.trusted, allowRead: options.allowRead, allowWrite: options.allowWrite)
            let scriptFolder = ((path as NSString).deletingLastPathComponent as NSString).standardizingPath
            let env: ScriptEnvironment
            do {
                env = try ScriptEnvironment(session: session, policy: policy, moduleFolders: [scriptFolder.isEmpty ? "." : scriptFolder])
            } catch {
                try session.rollback()
                return Outcome(succeeded: false, error: String(describing: error), changes: session.changes)
            }
            if let output { env.output = output }
            env.setArguments(script: path, arguments)
            env.lua.setLimits(timeoutSeconds: options.timeoutSeconds, memoryBytes: options.maxMemoryMB * 1024 * 1024)
            do {
                try env.lua.withInterruptHandler {
                    try env.lua.execute(withoutShebang(source), name: "@" + path)
                }
                // Finalizers run now, inside the transaction; one stopped by a limit fails the run.
                if let stopped = env.close() { throw LuaError.aborted(stopped) }
            } catch let error as LuaError {
                env.close()
                try session.rollback()
                return Outcome(succeeded: false, error: error.description, changes: session.changes)
            } catch {
                env.close()
                try session.rollback()
                return Outcome(succeeded: false, error: String(describing: error), changes: session.changes)
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
