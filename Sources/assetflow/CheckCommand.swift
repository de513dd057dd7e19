import ArgumentParser
import Foundation
import Scripting

/// `assetflow check`: the full check of a store, read-only.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "Check the store thoroughly: pages, schema, foreign keys, every value, derived data.",
        discussion: """
            Every command runs a quick check when it opens the store and refuses a store \
            that fails it, without writing to it. This command runs SQLite's full \
            integrity_check, compares the schema with the one AssetFlow expects, checks \
            foreign keys, reads every stored value back, and compares every position \
            snapshot and quantity checkpoint with a replay of its asset's history. It only \
            reads, prints what it found and exits 1 when anything is wrong. With --repair it \
            first rebuilds those derived rows, and nothing else, in one transaction.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Rebuild position snapshots and quantity checkpoints from the transactions first; source rows are never changed.")
    var repair = false

    func run() throws {
        let path = global.storePath
        if repair {
            let fixed = try ScriptRun.repairDerivedData(at: path)
            print("Rebuilt the derived data of the store at \(path)" + (fixed.isEmpty ? " (it matched its history)." : ": \(fixed.count) value\(fixed.count == 1 ? "" : "s") differed from a replay:"))
            for mismatch in fixed { TerminalText.say("  \(mismatch)") }
        }
        let report = try ScriptRun.checkStore(at: path)
        if report.isSound {
            print("The store at \(path) is sound: " + report.facts.joined(separator: ", ") + ".")
            return
        }
        var lines = ["The store at \(path) has \(report.problems.count == 1 ? "a problem" : "problems"):"]
        lines += report.problems.map { "  " + $0 }
        if report.problems.count == report.derivedMismatches.count {
            lines.append("Only derived data differs from the history: `assetflow check --repair` rebuilds it (no transaction, price or other source row is changed).")
        } else if !report.isFromNewerVersion {
            lines.append("AssetFlow will not write to it. Restore it from a backup, or read what still reads back with a script before replacing it.")
        }
        TerminalText.complain(lines.joined(separator: "\n"))
        throw ExitCode(1)
    }
}
