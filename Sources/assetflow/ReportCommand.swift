import ArgumentParser
import Foundation
import Scripting

/// `assetflow report NAME [--format F] [--output FILE]`
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Run a report script and print or save the report.",
        discussion: """
            NAME is a built-in report: overview, holdings, income, rebalancing,
            performance or projection, inside the binary; one of your own in the reports
            folder, $ASSETFLOW_REPORTS, else $XDG_DATA_HOME/assetflow/reports, where
            yours win by name; or a path to a .lua file. An unknown NAME lists the
            reports available. The store is never changed by a report. The format
            defaults to the --output file's extension: .txt, .md, .csv, .json or .html,
            others are refused; else terminal. A report script may save its own files
            with r:save(path) to --output or inside the reports folder, even in the
            sandbox. The sandbox and limit options mean what they mean for
            `assetflow run`.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var sandbox: SandboxOptions

    @Option(help: ArgumentHelp("terminal, markdown, csv, json or html.", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("Write the report to this file instead of printing it.", valueName: "file"))
    var output: String?

    @Argument(help: ArgumentHelp("The report to run.", valueName: "name"))
    var name: String

    func validate() throws {
        if let format { _ = try parsedFormat(format) }
        if let output {
            do { try ReportRunner.checkOutputFile(output) } catch let error as ScriptRunError { throw error.asValidationError }
        }
    }

    func parsedFormat(_ text: String) throws -> ReportRunner.Format {
        do { return try ReportRunner.format(named: text) } catch let error as ScriptRunError { throw error.asValidationError }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let reportsFolder = ReportSession.defaultFolder(environment)
        let folders = [reportsFolder] + (ReportRunner.builtInFolder(environment: environment).map { [$0] } ?? [])
        var request: ReportRunner.Request
        if name.hasSuffix(".lua"), FileManager.default.fileExists(atPath: name) {
            request = ReportRunner.Request(script: name)
        } else if let found = ReportRunner.request(named: name, folders: folders) {
            request = found
        } else {
            let list = ReportRunner.names(folders: folders).map { "  " + $0 }.joined(separator: "\n")
            throw ValidationError("No report named '\(name)'. Available reports:\n" + list
                + "\nOr pass the path of a .lua report script.")
        }
        request.format = try format.map(parsedFormat)
        request.outputPath = output
        request.run = sandbox.scriptRun(global)
        request.isTerminal = output == nil && isatty(STDOUT_FILENO) != 0
        request.environment = environment
        request.reportsFolder = reportsFolder
        let outcome = try ReportRunner.run(request)
        if let error = outcome.error {
            FileHandle.standardError.write(Data((error + "\n").utf8))
            throw ExitCode(1)
        }
        if let text = outcome.text { FileHandle.standardOutput.write(Data(text.utf8)) }
        if let path = outcome.writtenPath { FileHandle.standardError.write(Data("Wrote \(path)\n".utf8)) }
    }
}
