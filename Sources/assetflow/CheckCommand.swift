import ArgumentParser
import Foundation
import Scripting

/// `assetflow check`: the full check of a store, read-only.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the store thoroughly (read-only): pages, schema, foreign keys, every value.",
        discussion: """
            Every command runs a quick check when it opens the store and refuses a store \
            that fails it, without writing to it. This command runs SQLite's full \
            integrity_check, compares the schema with the one AssetFlow expects, checks \
            foreign keys and reads every stored value back. It prints what it found and \
            exits 1 when anything is wrong.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let path = global.storePath
        let report = try ScriptRun.checkStore(at: path)
        if report.isSound {
            print("The store at \(path) is sound: " + report.facts.joined(separator: ", ") + ".")
            return
        }
        var lines = ["The store at \(path) has \(report.problems.count == 1 ? "a problem" : "problems"):"]
        lines += report.problems.map { "  " + $0 }
        if !report.isFromNewerVersion {
            lines.append("AssetFlow will not write to it. Restore it from a backup, or read what still reads back with a script before replacing it.")
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        throw ExitCode(1)
    }
}
