import ArgumentParser
import Foundation
import LuaBridge
import Scripting

/// `assetflow repl`
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Open an interactive Lua session on the store.",
        discussion: """
            Type Lua: expressions print their values, statements run, and an incomplete
            line continues on the next (prompt >>). Each statement is its own transaction.
            When standard input is not a terminal, statements are read from it without
            prompts, so the REPL can be piped: echo 'print(#af.assets())' | assetflow repl
            A piped session exits with status 1 when a statement failed.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var sandbox: SandboxOptions

    func run() throws {
        LuaState.exitProcessWhenStuckPastDeadline(status: 1)  // --timeout holds even where no hook reaches
        let store = try global.openStore()
        var failed = false
        try store.withSession { session in
            let env = try ScriptEnvironment(session: session, policy: sandbox.policy, moduleFolders: [FileManager.default.currentDirectoryPath])
            env.lua.setLimits(timeoutSeconds: sandbox.timeout, memoryBytes: sandbox.maxMemory * 1024 * 1024)
            let reader: LineReader
            if isatty(0) != 0 {
                reader = EditLineReader(historyPath: EditLineReader.defaultHistoryPath(), completer: Completer(lua: env.lua))
                print("AssetFlow \(AssetFlowCommand.configuration.version) on \(store.path ?? "memory"). help() for the API, .help for commands, Ctrl-D quits.")
            } else {
                reader = StandardInputReader()
            }
            let repl = Repl(env: env, reader: reader)
            repl.run()
            env.close()  // finalizers run while the environment is alive
            failed = isatty(0) == 0 && repl.failures > 0
        }
        if failed { throw ExitCode(1) }  // a pipeline (or CI) sees that a statement failed
    }
}
