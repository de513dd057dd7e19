import Foundation

extension Repl {
    /// The REPL of `assetflow repl`, on the store and under the sandbox and limits that
    /// `run` describes (the same as `assetflow run`): line editing, history and a banner on
    /// a terminal; plain standard input without prompts otherwise.
    public static func run(_ run: ScriptRun, version: String) throws {
        let store = try run.openStore()
        try store.withSession { session in
            let env = try run.environment(session: session, script: nil, moduleFolders: [FileManager.default.currentDirectoryPath])
            let reader: LineReader
            if isatty(0) != 0 {
                reader = EditLineReader(historyPath: EditLineReader.defaultHistoryPath(), completer: Completer(lua: env.lua))
                print("AssetFlow \(version) on \(store.path ?? "memory"). help() for the API, .help for commands, Ctrl-D quits.")
            } else {
                reader = StandardInputReader()
            }
            Repl(env: env, reader: reader).run()
            env.close()  // finalizers run while the environment is alive
        }
    }
}
