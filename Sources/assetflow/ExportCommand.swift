import ArgumentParser
import Foundation
import Scripting

/// `assetflow export csv|json DIR` and `assetflow export journal [FILE]`
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "Export the store as CSV or JSON files, or as a journal.",
        discussion: """
            csv DIR and json DIR write transactions.csv and prices.csv, ready for
            `assetflow import`, and every table as stored in DIR/tables/. Values are exact.
            journal [FILE] writes an hledger/ledger journal
            (to standard output without FILE): `hledger -f FILE balance assets -V` totals
            to the net worth. Files are readable by you only (0600, folders 0700).

            Examples:
              assetflow export csv ~/assetflow-export
              assetflow export journal af.journal
              hledger -f af.journal balance assets -V
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("csv, json or journal.", valueName: "format"))
    var format: String

    @Argument(help: ArgumentHelp("The folder (csv, json) or file (journal).", valueName: "path"))
    var path: String?

    func validate() throws {
        guard ["csv", "json", "journal"].contains(format) else {
            throw ArgumentParser.ValidationError("Unknown export format '\(format)'. Use csv, json or journal.")
        }
        if format != "journal", path == nil { throw ArgumentParser.ValidationError("Give the folder to export into: assetflow export \(format) DIR.") }
    }

    func run() throws {
        let result = try printingErrors { try DataTransfer.export(format: format, to: path, storePath: global.storePath) }
        if let journal = result.journal {
            print(journal, terminator: "")
        } else if format == "journal" {
            FileHandle.standardError.write(Data("Wrote \(path!)\n".utf8))
        } else {
            print("Exported \(result.files.count) files to \(path!).")
        }
    }
}
