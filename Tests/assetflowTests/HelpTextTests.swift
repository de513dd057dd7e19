import Foundation
import Testing

/// The help of every command, word for word (as swift-argument-parser's own tests check
/// theirs): a change to an option or a text shows up here and is reviewed. The width is
/// fixed with COLUMNS=80, as on a standard terminal.
@Suite("Help text")
struct HelpTextTests {
    func help(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try CommandLineTests().run(arguments + ["--help"], environment: ["COLUMNS": "80"])
    }

    @Test("assetflow --help")
    func rootHelp() throws {
        let r = try help([])
        #expect(r.status == 0)
        #expect(r.err == "")
        #expect(r.out == #"""
OVERVIEW: Explore, change and automate your portfolio with Lua.

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

USAGE: assetflow <subcommand>

OPTIONS:
  --version               Show the version.
  -h, --help              Show help information.

SUBCOMMANDS:
  repl (default)          Open an interactive Lua session on the store.
  run                     Run a Lua script against the store, as one
                          transaction.
  report                  Run a report script and print or save the report.
  check                   Check the store thoroughly: pages, schema, foreign
                          keys, every value, derived data.
  rates                   Fetch, import and list exchange rates.
  prices                  Fetch asset prices from quote providers.
  currency                Show or change the main currency totals are reported
                          in.
  settings                List, show or change the settings kept in the store.
  docs                    Print the reference of the Lua API, generated from
                          the bindings.
  import                  Import transactions, prices or exchange rates from a
                          CSV file: all rows or none.
  export                  Export the store as CSV or JSON files, or as a
                          journal.
  backup                  Save the whole store as a ZIP backup.
  restore                 Replace the whole store with a backup, all or nothing.

  See 'assetflow help <subcommand>' for detailed help.

"""#)
    }

    @Test("assetflow settings --help")
    func settingsHelp() throws {
        let r = try help(["settings"])
        #expect(r.status == 0)
        #expect(r.err == "")
        #expect(r.out == #"""
OVERVIEW: List, show or change the settings kept in the store.

Without KEY, lists every setting with its value. With KEY, prints its
value; with KEY and VALUE, changes it. In Lua: af.settings.KEY.

  main_currency     the currency totals are reported in (default USD); changing
                    it converts the financial goal at today's rate, rounded
  financial_goal    a number above zero; "" clears it
  date_format       numeric, abbreviated (default), long or complete
  default_platform  the platform of assets an import creates when none is
                    given; "" clears it
  default_portfolio the portfolio a broker file's import puts new assets
                    in when --portfolio is not given; "" clears it

Examples:
  assetflow settings
  assetflow settings date_format long
  assetflow settings financial_goal 300000
  assetflow settings default_platform ""

USAGE: assetflow settings [--store <path>] [<key>] [<value>]

ARGUMENTS:
  <key>                   The setting to show or change.
  <value>                 Its new value ("" clears the goal or the platform).

OPTIONS:
  --store <path>          The store file.
  --version               Show the version.
  -h, --help              Show help information.


"""#)
    }

    @Test("assetflow run --help")
    func runHelp() throws {
        let r = try help(["run"])
        #expect(r.status == 0)
        #expect(r.err == "")
        #expect(r.out == #"""
OVERVIEW: Run a Lua script against the store, as one transaction.

The whole script is one store transaction: it is committed when the script
finishes and rolled back entirely when it fails, is interrupted (Ctrl-C) or
hits a limit. ARGS reach the script in Lua's `arg` table; arg[0] is the script.
Put AssetFlow's options before the script name; an option of `run` after it is
refused, and -- right after the script name passes what follows to the script
as it is (assetflow run x.lua -- --store S gives the script "--store", "S").
A script error prints file:line: message and a traceback, and exits 1.

USAGE: assetflow run [--store <path>] [--trusted] [--allow-read <dir> ...] [--allow-write <dir> ...] [--allow-net <host> ...] [--timeout <seconds>] [--max-memory <MB>] [--dry-run] <script.lua> [<args> ...]

ARGUMENTS:
  <script.lua>            The Lua script to run.
  <args>                  Arguments for the script.

OPTIONS:
  --store <path>          The store file.
  --trusted               Give the script the full Lua library: files,
                          processes, environment.
  --allow-read <dir>      Let io.open and io.lines read files in this folder
                          (repeatable).
  --allow-write <dir>     Let io.open write (and read) files in this folder
                          (repeatable).
  --allow-net <host>      Let quote providers run by af.fetch_prices reach this
                          host (repeatable).
  --timeout <seconds>     Stop the script after this many seconds; 0, the
                          default, means no limit.
  --max-memory <MB>       Stop the script when Lua uses more than this many
                          megabytes; 0, the default, means no limit.
  --dry-run               Run the script, print what would change, and roll
                          back.
  --version               Show the version.
  -h, --help              Show help information.


"""#)
    }

    @Test("assetflow report --help")
    func reportHelp() throws {
        let r = try help(["report"])
        #expect(r.status == 0)
        #expect(r.err == "")
        #expect(r.out == #"""
OVERVIEW: Run a report script and print or save the report.

NAME is a built-in report: overview, holdings, income, gains, rebalancing,
performance, projection, dividends-calendar, monthly-returns,
drawdowns, allocation-history, fees-taxes or contributions-growth,
inside the binary; one of your own in the reports folder,
$ASSETFLOW_REPORTS, else $XDG_DATA_HOME/assetflow/reports, where
yours win by name; or a path to a .lua file. An unknown NAME lists the
reports available. The store is never changed by a report. The format
defaults to the --output file's extension: .txt, .md, .csv, .json or .html,
others are refused; else terminal. A report script may save its own files
with r:save(path) to --output or inside the reports folder, even in the
sandbox. The sandbox and limit options mean what they mean for
`assetflow run`.

A report may declare parameters (af.report.new{ params = … }): give
them after NAME as --NAME VALUE or --param NAME=VALUE; `assetflow
report NAME --help` lists them. --watch redraws the report in the
terminal and --serve serves it on 127.0.0.1 as a page that reloads
itself, each time the script, a module it requires or the store
changes, until Ctrl-C.

USAGE: assetflow report [<options>] <name> [<parameters> ...]

ARGUMENTS:
  <name>                  The report to run.
  <parameters>            The report's parameters: --NAME VALUE or --param
                          NAME=VALUE.

OPTIONS:
  --store <path>          The store file.
  --trusted               Give the script the full Lua library: files,
                          processes, environment.
  --allow-read <dir>      Let io.open and io.lines read files in this folder
                          (repeatable).
  --allow-write <dir>     Let io.open write (and read) files in this folder
                          (repeatable).
  --allow-net <host>      Let quote providers run by af.fetch_prices reach this
                          host (repeatable).
  --timeout <seconds>     Stop the script after this many seconds; 0, the
                          default, means no limit.
  --max-memory <MB>       Stop the script when Lua uses more than this many
                          megabytes; 0, the default, means no limit.
  --format <format>       terminal, markdown, csv, json or html.
  --output <file>         Write the report to this file instead of printing it.
  --watch                 Show the report in the terminal and redraw it when
                          the script, a module it requires or the store
                          changes, until Ctrl-C.
  --serve                 Serve the report as a web page on 127.0.0.1 that
                          reloads itself after each change, until Ctrl-C.
  --port <port>           The port of --serve (default: any free one).
  --version               Show the version.
  -h, --help              Show help information.


"""#)
    }

    @Test("assetflow repl --help")
    func replHelp() throws {
        let r = try help(["repl"])
        #expect(r.status == 0)
        #expect(r.err == "")
        #expect(r.out == #"""
OVERVIEW: Open an interactive Lua session on the store.

Type Lua: expressions print their values, statements run, and an incomplete
line continues on the next (prompt >>). Each statement is its own transaction.
When standard input is not a terminal, statements are read from it without
prompts, so the REPL can be piped:
  echo 'print(#af.assets())' | assetflow repl
A piped session exits with status 1 when a statement failed.

USAGE: assetflow repl [--store <path>] [--trusted] [--allow-read <dir> ...] [--allow-write <dir> ...] [--allow-net <host> ...] [--timeout <seconds>] [--max-memory <MB>]

OPTIONS:
  --store <path>          The store file.
  --trusted               Give the script the full Lua library: files,
                          processes, environment.
  --allow-read <dir>      Let io.open and io.lines read files in this folder
                          (repeatable).
  --allow-write <dir>     Let io.open write (and read) files in this folder
                          (repeatable).
  --allow-net <host>      Let quote providers run by af.fetch_prices reach this
                          host (repeatable).
  --timeout <seconds>     Stop the script after this many seconds; 0, the
                          default, means no limit.
  --max-memory <MB>       Stop the script when Lua uses more than this many
                          megabytes; 0, the default, means no limit.
  --version               Show the version.
  -h, --help              Show help information.


"""#)
    }

    @Test("assetflow docs --help")
    func docsHelp() throws {
        let r = try help(["docs"])
        #expect(r.status == 0)
        #expect(r.err == "")
        #expect(r.out == #"""
OVERVIEW: Print the reference of the Lua API, generated from the bindings.

markdown: the reference part of REPL.md.
luals:    LuaLS annotation stubs for editors. Save them where your editor's
          Lua language server looks, for example:
            assetflow docs --format luals >stubs.lua

USAGE: assetflow docs [--format <format>]

OPTIONS:
  --format <format>       markdown, the default, or luals.
  --version               Show the version.
  -h, --help              Show help information.


"""#)
    }

    @Test("assetflow check --help")
    func checkHelp() throws {
        let r = try help(["check"])
        #expect(r.status == 0)
        #expect(r.err == "")
        #expect(r.out == #"""
OVERVIEW: Check the store thoroughly: pages, schema, foreign keys, every value,
derived data.

Every command runs a quick check when it opens the store and refuses a store
that fails it, without writing to it. This command runs SQLite's full
integrity_check, compares the schema with the one AssetFlow expects, checks
foreign keys, reads every stored value back, and compares every position
snapshot and quantity checkpoint with a replay of its asset's history. It only
reads, prints what it found and exits 1 when anything is wrong. With --repair
it first rebuilds those derived rows, and nothing else, in one transaction.

USAGE: assetflow check [--store <path>] [--repair]

OPTIONS:
  --store <path>          The store file.
  --repair                Rebuild position snapshots and quantity checkpoints
                          from the transactions first; source rows are never
                          changed.
  --version               Show the version.
  -h, --help              Show help information.


"""#)
    }

    @Test("no help line breaks inside parentheses or an example; --timeout and --max-memory say 0 means no limit")
    func noBrokenLines() throws {
        for command in [[], ["run"], ["report"], ["repl"], ["docs"], ["check"], ["rates"], ["rates", "fetch"], ["rates", "import"],
                        ["rates", "list"], ["prices", "fetch"], ["currency"], ["import"], ["export"], ["backup"], ["restore"]] {
            let out = try help(command).out
            for line in out.split(separator: "\n") where !line.hasPrefix("USAGE:") {
                #expect(line.filter { $0 == "(" }.count == line.filter { $0 == ")" }.count, "\(command): \(line)")
            }
        }
        let run = try help(["run"]).out
        #expect(run.contains("0, the default, means no limit."))
        #expect(!run.contains("(default: 0"))
    }
}
