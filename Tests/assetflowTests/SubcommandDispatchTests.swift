import Foundation
import Testing

/// The subcommand named first parses its own arguments (SubcommandDispatch); what it cannot
/// settle the root parses, as before. These are the root's behaviours that must survive the
/// shortcut: options before the subcommand, the root's `--version` and completion scripts,
/// help, and the usage errors with their exit code.
@Suite("Subcommand dispatch")
struct SubcommandDispatchTests {
    let cli = CommandLineTests()

    /// A script printing its arguments, in the suite's temporary folder.
    func argumentsScript() throws -> String {
        let folder = cli.temporary.path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = folder + "/args.lua"
        try "print(#arg, table.concat(arg, '|'))\n".write(toFile: script, atomically: true, encoding: .utf8)
        return script
    }

    @Test("options before or after the subcommand reach it; the script's arguments reach the script")
    func optionsAroundTheSubcommand() throws {
        let script = try argumentsScript()
        let before = try cli.run(["--store", cli.temporaryStore(), "run", script, "a", "b"])
        let after = try cli.run(["run", "--store", cli.temporaryStore(), script, "a", "b"])
        #expect(before.status == 0 && after.status == 0)
        #expect(before.out == "2\ta|b\n")
        #expect(after.out == before.out)
        // Words that look like the root's own flags, after the script name, are the script's.
        let flags = try cli.run(["run", "--store", cli.temporaryStore(), script, "--version", "-h", "--help"])
        #expect(flags.status == 0)
        #expect(flags.out == "3\t--version|-h|--help\n")
    }

    @Test("the root's --version answers after any subcommand, even one that captures unknown options")
    func version() throws {
        for arguments in [["--version"], ["run", "--version"], ["report", "overview", "--version"], ["repl", "--version"]] {
            let r = try cli.run(arguments, environment: ["ASSETFLOW_STORE": cli.temporaryStore()])
            #expect(r.status == 0, "\(arguments)")
            #expect(r.out == "0.1.0\n", "\(arguments)")
        }
    }

    @Test("a subcommand's help is the same text however it is asked for")
    func help() throws {
        let asked = try cli.run(["help", "run"], environment: ["COLUMNS": "80"])
        #expect(asked.status == 0)
        #expect(asked.out.contains("USAGE: assetflow run "))
        for arguments in [["run", "--help"], ["run", "-h"], ["run", "--store", "x", "--help"], ["--store", "x", "run", "-h"]] {
            let r = try cli.run(arguments, environment: ["COLUMNS": "80"])
            #expect(r.status == 0, "\(arguments)")
            #expect(r.out == asked.out, "\(arguments)")
        }
        let rates = try cli.run(["rates", "list", "--help"], environment: ["COLUMNS": "80"])
        #expect(rates.out.contains("USAGE: assetflow rates list "))
    }

    @Test("usage errors name the whole command path and exit 64")
    func usageErrors() throws {
        let missing = try cli.run(["run"])
        #expect(missing.status == 64)
        #expect(missing.err.hasPrefix("Error: Missing expected argument '<script.lua>'\n"))
        #expect(missing.err.contains("Usage: assetflow run [--store <path>]"))
        #expect(missing.err.contains("See 'assetflow run --help' for more information."))
        let unknown = try cli.run(["run", "--bogus", "x.lua"])
        #expect(unknown.status == 64)
        #expect(unknown.err.hasPrefix("Error: Unknown option '--bogus'\nUsage: assetflow run "))
        let invalid = try cli.run(["run", "--timeout=-1", "x.lua"])
        #expect(invalid.status == 64)
        #expect(invalid.err.hasPrefix("Error: --timeout takes a number of seconds of 0 or more (0 means no limit).\nUsage: assetflow run "))
        let nested = try cli.run(["rates", "help", "list"])
        #expect(nested.status == 64)
        #expect(nested.err.hasPrefix("Error: 2 unexpected arguments: 'help', 'list'\nUsage: assetflow rates <subcommand>"))
    }

    @Test("a completion script asked for after a subcommand is the root's, completing every command")
    func completionScript() throws {
        let root = try cli.run(["--generate-completion-script", "bash"])
        let afterRun = try cli.run(["run", "--generate-completion-script", "bash"])
        #expect(root.status == 0 && afterRun.status == 0)
        #expect(afterRun.out == root.out)
        #expect(root.out.contains("report"))
        #expect(root.out.contains("rates"))
    }
}
