import ArgumentParser
import Foundation
import Scripting

/// `assetflow backup [FILE.zip]`
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "Save the whole store as a ZIP backup.",
        discussion: """
            The archive holds manifest.json
            (format version, app version, time, row counts, a SHA-256 per file) and every
            table as CSV, exact values. The default name is AssetFlow-Backup-YYYY-MM-DD.zip
            in the current folder. The file is readable by you only (0600). Restore it with
            `assetflow restore FILE.zip`.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The archive to write.", valueName: "file.zip"))
    var file: String?

    func run() throws {
        let path = try printingErrors {
            try DataTransfer.backup(to: file, appVersion: AssetFlowCommand.configuration.version, storePath: global.storePath)
        }
        // Written as a stream (`backup /dev/stdout`, a FIFO): the note goes to standard error,
        // so it never ends up inside the archive.
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            print("Backup written to \(path).")
        } else {
            FileHandle.standardError.write(Data("Backup written to \(path).\n".utf8))
        }
    }
}

/// `assetflow restore FILE.zip`
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "Replace the whole store with a backup, all or nothing.",
        discussion: """
            Everything in the archive is checked first
            (manifest, files, checksums, headers, every value and reference); on any
            problem the store is not touched. Otherwise the current store is kept beside it
            as NAME-before-restore-DATE-TIME.sqlite and ALL its data is replaced by the
            backup's.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The backup archive.", valueName: "file.zip"))
    var file: String

    func run() throws {
        let lines = try printingErrors { try DataTransfer.restore(from: file, storePath: global.storePath) }
        TerminalText.say(lines.joined(separator: "\n"))
    }
}
