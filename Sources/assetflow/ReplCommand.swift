import ArgumentParser
import Scripting

/// `assetflow repl`
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "Open an interactive Lua session on the store.",
        discussion: """
            Type Lua: expressions print their values, statements run, and an incomplete
            line continues on the next (prompt >>). Each statement is its own transaction.
            When standard input is not a terminal, statements are read from it without
            prompts, so the REPL can be piped:
              echo 'print(#af.assets())' | assetflow repl
            A piped session exits with status 1 when a statement failed.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var sandbox: SandboxOptions

    func run() throws {
        ScriptRunner.keepFreedMemoryForReuse()
        // A piped session that had a failing statement exits 1, so a pipeline (or CI) notices.
        if try !Repl.run(sandbox.scriptRun(global), version: AssetFlowCommand.configuration.version) { throw ExitCode(1) }
    }
}
