import ArgumentParser
import Foundation
import Scripting

/// `assetflow report NAME [--format F] [--output FILE]`
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        _superCommandName: SubcommandDispatch.toolName,
        abstract: "Run a report script and print or save the report.",
        discussion: """
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
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var sandbox: SandboxOptions

    @Option(help: ArgumentHelp("terminal, markdown, csv, json or html.", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("Write the report to this file instead of printing it.", valueName: "file"))
    var output: String?

    @Flag(help: "Show the report in the terminal and redraw it when the script, a module it requires or the store changes, until Ctrl-C.")
    var watch = false

    @Flag(help: "Serve the report as a web page on 127.0.0.1 that reloads itself after each change, until Ctrl-C.")
    var serve = false

    @Option(help: ArgumentHelp("The port of --serve (default: any free one).", valueName: "port"))
    var port: UInt16?

    @Argument(help: ArgumentHelp("The report to run.", valueName: "name"))
    var name: String

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The report's parameters: --NAME VALUE or --param NAME=VALUE.", valueName: "parameters"))
    var parameters: [String] = []

    /// `--help` after NAME (rewritten by `ReportHelp.rewrite`): the report's parameters.
    @Flag(name: .customLong(ReportHelp.flag), help: .hidden)
    var reportHelp = false

    func validate() throws {
        do { _ = try ReportParameters.commandLineValues(from: parameters) } catch let error as ScriptRunError { throw error.asValidationError }
        if watch && serve { throw ValidationError("--watch and --serve cannot be combined: --watch redraws the terminal, --serve a web page.") }
        if (watch || serve) && output != nil { throw ValidationError("--\(watch ? "watch" : "serve") shows the report as it changes; leave out --output (or drop --\(watch ? "watch" : "serve") to write the file once).") }
        if port != nil && !serve { throw ValidationError("--port is the port of --serve; add --serve.") }
        if let format { _ = try parsedFormat(format) }
        if let output {
            do { try ReportRunner.checkOutputFile(output) } catch let error as ScriptRunError { throw error.asValidationError }
        }
    }

    func parsedFormat(_ text: String) throws -> ReportRunner.Format {
        do { return try ReportRunner.format(named: text) } catch let error as ScriptRunError { throw error.asValidationError }
    }

    func run() throws {
        ScriptRunner.keepFreedMemoryForReuse()
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
        request.parameters = try ReportParameters.commandLineValues(from: parameters)
        request.help = reportHelp
        if reportHelp {
            FileHandle.standardOutput.write(Data((Self.helpMessage(columns: nil) + "\n\n").utf8))
        }
        if watch || serve { return try preview(request) }
        request.writeText = { FileHandle.standardOutput.write(Data($0.utf8)) }  // printed as it is rendered
        let outcome = try ReportRunner.run(request)
        if let error = outcome.error {
            TerminalText.complain(error)
            throw ExitCode(1)
        }
        if let text = outcome.text { FileHandle.standardOutput.write(Data(text.utf8)) }
        if let path = outcome.writtenPath { FileHandle.standardError.write(Data("Wrote \(path)\n".utf8)) }
    }

    /// `--watch` and `--serve`: render on every change until Ctrl-C.
    func preview(_ request: ReportRunner.Request) throws {
        var request = request
        guard serve else {
            ReportPreview.terminal(request).run()
            return print("\nStopped.")
        }
        request.format = .html
        request.isTerminal = false
        let server = PreviewServer()
        do { try server.start(port: port ?? 0) } catch let error as PreviewServerError { throw ValidationError(error.description) }
        defer { server.stop() }
        print("Serving \(name) at http://127.0.0.1:\(server.port)/ (it reloads itself after each change); Ctrl-C to stop.")
        fflush(stdout)
        ReportPreview(request: request) { html, error in
            server.update(html: html, error: error)
            let time = DateFormatter.localizedString(from: Date(), dateStyle: .none, timeStyle: .medium)
            print(error.map { "\(time) error: " + $0.split(separator: "\n").first.map(String.init)! } ?? "\(time) rendered")
            fflush(stdout)
        }.run()
        print("Stopped.")
    }
}
