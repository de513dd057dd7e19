import ArgumentParser
import Scripting
import Foundation

/// `assetflow`: the command line. A bare `assetflow` opens the REPL.
@main
struct AssetFlowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetflow",
        abstract: "Explore, change and automate your portfolio with Lua.",
        discussion: """
            The store is a SQLite file: --store PATH, else $ASSETFLOW_STORE, else
            $XDG_DATA_HOME/assetflow/assetflow.sqlite
            (~/.local/share/assetflow/assetflow.sqlite). It is created on first use.

            Examples:
              Open the REPL:
                assetflow
              Run a script; arg[1] is "2024-06":
                assetflow run monthly.lua 2024-06
              Show what a script would change, and change nothing:
                assetflow run --dry-run import.lua
              A built-in report as a web page:
                assetflow report overview --output overview.html
              LuaLS stubs, so your editor completes af.:
                assetflow docs --format luals
            """,
        version: "0.1.0",
        subcommands: [ReplCommand.self, RunCommand.self, ReportCommand.self, CheckCommand.self, RatesCommand.self, PricesCommand.self, CurrencyCommand.self, SettingsCommand.self, DocsCommand.self,
                      ImportCommand.self, ExportCommand.self, BackupCommand.self, RestoreCommand.self],
        defaultSubcommand: ReplCommand.self
    )

    /// Everything this process creates is owner-only whatever umask it inherited (the
    /// store code also sets 0600/0700 itself; this covers files a script or libedit makes).
    static func main() {
        umask(0o077)
        // ArgumentParser's own main, with the error passed through the store's wording (a
        // damaged page says so, not "disk I/O error"); the subcommand named first parses
        // its own arguments (SubcommandDispatch), the root whatever that cannot settle.
        do {
            let arguments = ReportHelp.rewrite(LeadingOptions.reordered(Array(CommandLine.arguments.dropFirst()), root: AssetFlowCommand.self))
            if let line = PlainRunLine(arguments) { return try line.perform() }
            var command = try SubcommandDispatch.parse(arguments, root: AssetFlowCommand.self)
            try command.run()
        } catch {
            exit(withError: ScriptRun.userFacing(error))
        }
    }
}
