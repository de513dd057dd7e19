import Core
import Foundation

extension Repl {
    /// The REPL of `assetflow repl`, on the store and under the sandbox and limits that
    /// `run` describes (the same as `assetflow run`): line editing, history and a banner on
    /// a terminal; plain standard input without prompts otherwise.
    /// Returns false when input was piped and a statement failed.
    @discardableResult
    public static func run(_ run: ScriptRun, version: String) throws -> Bool {
        let store = try run.openStore()
        var failed = false
        try store.withSession { session in  // today: ASSETFLOW_TODAY when set (`ScriptRun.fixedToday`)
            let env = try run.environment(session: session, script: nil, moduleFolders: [FileManager.default.currentDirectoryPath])
            let reader: LineReader
            if isatty(0) != 0 {
                try env.loadQueries()  // Tab completes names it finds in tables, af.query's included
                reader = EditLineReader(historyPath: EditLineReader.defaultHistoryPath(), completer: Completer(lua: env.lua))
                print("AssetFlow \(version) on \(store.path ?? "memory"). help() for the API, .help for commands, Ctrl-D quits.")
            } else {
                reader = StandardInputReader()
            }
            let repl = Repl(env: env, reader: reader)
            repl.run()
            env.close()  // finalizers run while the environment is alive
            failed = isatty(0) == 0 && repl.failures > 0
        }
        return !failed
    }
}
