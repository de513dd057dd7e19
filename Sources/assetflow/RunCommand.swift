import ArgumentParser
import Foundation
import Scripting

/// `assetflow run SCRIPT.lua [ARGS…]`
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "Run a Lua script against the store, as one transaction.",
        discussion: """
            The whole script is one store transaction: it is committed when the script
            finishes and rolled back entirely when it fails, is interrupted (Ctrl-C) or
            hits a limit. ARGS reach the script in Lua's `arg` table; arg[0] is the script.
            Put AssetFlow's options before the script name; an option of `run` after it is
            refused, and -- right after the script name passes what follows to the script
            as it is (assetflow run x.lua -- --store S gives the script "--store", "S").
            A script error prints file:line: message and a traceback, and exits 1.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var sandbox: SandboxOptions

    @Flag(name: .customLong("dry-run"), help: "Run the script, print what would change, and roll back.")
    var dryRun = false

    @Argument(help: ArgumentHelp("The Lua script to run.", valueName: "script.lua"))
    var script: String

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("Arguments for the script.", valueName: "args"))
    var arguments: [String] = []

    mutating func validate() throws {
        arguments = try ScriptArguments.checked(arguments, script: script, commandLine: CommandLine.arguments)
    }

    func run() throws {
        var run = sandbox.scriptRun(global)
        run.arguments = arguments
        try Self.perform(run, script: script, dryRun: dryRun)
    }

    /// Runs `script` as `run` describes, and reports as the command does (also the path of
    /// `PlainRunLine`, which reads the common command lines without ArgumentParser).
    static func perform(_ run: ScriptRun, script: String, dryRun: Bool) throws {
        ScriptRunner.keepFreedMemoryForReuse()
        var run = run
        run.dryRun = dryRun
        let outcome = try ScriptRunner.run(path: script, run)
        if let error = outcome.error {
            TerminalText.complain(error)
            if !outcome.changes.isEmpty { FileHandle.standardError.write(Data("The store is unchanged (the script's changes were rolled back).\n".utf8)) }
            throw ExitCode(1)
        }
        if dryRun {
            let lines = outcome.changes.isEmpty ? ["no changes"] : outcome.changes.summary
            TerminalText.say("Dry run, rolled back. Would have changed:\n  " + lines.joined(separator: "\n  "))
        }
    }
}
