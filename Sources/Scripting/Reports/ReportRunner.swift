import Core
import Foundation
import LuaBridge
import Store

/// Runs a report script (`assetflow report NAME`): read-only (every change is rolled back),
/// with `--output` as the one file outside the reports folder the sandbox may write. A
/// script that returns its Report gets it rendered in the asked format.
public enum ReportRunner {
    public struct Request {
        /// The script's path, or for a built-in report its name ("overview.lua").
        public var script: String
        /// The script's text when it is not read from `script` (a built-in report).
        public var source: String?
        /// The store, sandbox, limits and arguments, as for `assetflow run` (never dry-run:
        /// a report's changes are always rolled back).
        public var run = ScriptRun()
        /// nil: from the --output extension, else terminal.
        public var format: ReportFormat?
        public var outputPath: String?
        public var isTerminal = false
        public var environment: [String: String] = [:]
        public var reportsFolder: String?
        /// Report parameters given on the command line, by name, as text.
        public var parameters: [String: String] = [:]
        /// `--help`: the outcome's text lists the report's parameters instead of rendering it.
        public var help = false
        /// Collects the modules the script requires (for `--watch`).
        public var loadedFiles: LoadedFiles?
        /// Where the rendered report goes without --output, in pieces as it is rendered (the
        /// command's standard output), rather than as the outcome's text.
        public var writeText: ((String) -> Void)?

        public init(script: String) { self.script = script }
    }

    /// The files a run read besides its script: the modules it required.
    public final class LoadedFiles {
        public var paths: Set<String> = []
        public init() {}
    }

    /// How a report is rendered: terminal, markdown, csv, json or html.
    public typealias Format = ReportFormat

    /// The format called `name`; the error lists the formats.
    public static func format(named name: String) throws -> Format {
        do { return try ReportFormat.parse(name) } catch let error as RuleViolation { throw ScriptRunError(error.message) }
    }

    /// Refuses an --output file whose extension AssetFlow does not write (".pdf").
    public static func checkOutputFile(_ path: String) throws {
        do { _ = try ReportFormat.forOutputFile(path) } catch let error as RuleViolation { throw ScriptRunError(error.message) }
    }

    public struct Outcome {
        /// The rendered report, when the script returned one and there is no --output.
        public let text: String?
        /// The file written from the returned report.
        public let writtenPath: String?
        /// `file:line: message` and a traceback.
        public let error: String?
    }

    /// Runs the report on the store `request.run` names.
    public static func run(_ request: Request) throws -> Outcome {
        try run(request, store: request.run.openStore())
    }

    public static func run(_ request: Request, store: AssetFlowStore, today: CalendarDate? = nil,
                           output: ((String) -> Void)? = nil) throws -> Outcome {
        let source: String
        if let embedded = request.source {
            source = embedded
        } else {
            do {
                source = try String(contentsOfFile: request.script, encoding: .utf8)
            } catch {
                return Outcome(text: nil, writtenPath: nil, error: "cannot read \(request.script): \(error.localizedDescription)")
            }
        }
        return try store.withSession(today: today) { session in
            try session.beginReading()  // a report never waits for a writer (WAL)
            defer { try? session.rollback() }
            let env: ScriptEnvironment
            do {
                env = try request.run.environment(session: session, script: request.script, moduleFolders: [ScriptRun.folder(of: request.script)])
            } catch {
                return Outcome(text: nil, writtenPath: nil, error: (error as? LuaError)?.description ?? String(describing: error))
            }
            defer { env.close() }  // finalizers run while the environment is alive
            if let files = request.loadedFiles { env.onRequire = { files.paths.insert($0) } }
            if let output { env.output = output }
            env.reports.outputPath = request.outputPath
            env.reports.reportsFolder = request.reportsFolder
            env.reports.isTerminal = request.isTerminal
            env.reports.environment = request.environment
            env.reports.givenParameters = request.parameters
            env.reports.helpRequested = request.help
            let base = env.lua.top
            do {
                try env.lua.withInterruptHandler {
                    _ = try env.lua.execute(ScriptRunner.withoutShebang(source), name: "@" + request.script, results: 1)
                }
            } catch {
                if request.help, let declared = env.reports.declaredParameters {
                    return Outcome(text: helpText(request, declared: declared, title: env.reports.declaringTitle), writtenPath: nil, error: nil)
                }
                return Outcome(text: nil, writtenPath: nil, error: (error as? LuaError)?.description ?? String(describing: error))
            }
            defer { env.lua.setTop(base) }
            if request.help { return Outcome(text: helpText(request, declared: nil, title: nil), writtenPath: nil, error: nil) }
            if env.reports.parametersUnclaimed {
                let given = env.reports.givenParameters.keys.sorted().map { "--" + $0 }.joined(separator: ", ")
                return Outcome(text: nil, writtenPath: nil, error: "This report declares no parameters (af.report.new{ params = … }), so \(given) cannot be used.")
            }
            guard let id = env.lua.objectID(at: -1, className: "Report"), let document = env.reports.documents[id] else {
                return Outcome(text: nil, writtenPath: nil, error: nil)
            }
            let format = try request.format ?? request.outputPath.flatMap(ReportFormat.forOutputFile) ?? .terminal
            if format == .csv, document.tables.isEmpty {
                // CSV holds tables only: an empty file would look like a report with no data
                return Outcome(text: nil, writtenPath: nil, error: "This report has no table to write as CSV. Use --format terminal, markdown, json or html.")
            }
            if let path = request.outputPath {
                // The user named it: `--output /dev/stdout` streams, a link is written through.
                // Written as it is rendered (a report of 100,000 rows is never held as text).
                try OwnerOnlyFiles.write(to: path, special: .writeInPlace) { sink in
                    let output = ReportOutput { try sink.write($0) }
                    format.render(document, to: output)
                    try output.finish()
                }
                return Outcome(text: nil, writtenPath: path, error: nil)
            }
            if let writeText = request.writeText {
                let output = ReportOutput { writeText($0) }
                format.render(document, terminalStyle: env.reports.terminalStyle, to: output)
                try output.finish()
                return Outcome(text: nil, writtenPath: nil, error: nil)
            }
            return Outcome(text: format.render(document, terminalStyle: env.reports.terminalStyle), writtenPath: nil, error: nil)
        }
    }

    /// `assetflow report NAME --help`: the parameters the script declared.
    static func helpText(_ request: Request, declared: [ReportParameter]?, title: String?) -> String {
        let name = (request.script as NSString).lastPathComponent
        return ReportParameters.helpText(report: name.hasSuffix(".lua") ? String(name.dropLast(4)) : name, title: title, declared: declared)
    }

    /// The report scripts found in `folders` (earlier folders win), by name without ".lua".
    public static func available(in folders: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for folder in folders.reversed() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names where name.hasSuffix(".lua") {
                found[String(name.dropLast(4))] = (folder as NSString).appendingPathComponent(name)
            }
        }
        return found
    }

    /// The built-in reports, by name: compiled into the binary (`BuiltInReports`, generated
    /// from scripts/reports by scripts/update-reports), so a copied binary has them.
    public static var builtIn: [String: String] { BuiltInReports.sources }

    /// A folder that replaces the built-in reports while working on them:
    /// `$ASSETFLOW_BUILTIN_REPORTS`, else none.
    public static func builtInFolder(environment: [String: String]) -> String? {
        if let folder = environment["ASSETFLOW_BUILTIN_REPORTS"], !folder.isEmpty { return folder }
        return nil
    }

    /// The request for report `name`: a file of `folders` (earlier folders win, so the
    /// user's reports folder overrides a built-in report by name), else the built-in one;
    /// nil when there is none.
    public static func request(named name: String, folders: [String]) -> Request? {
        if let path = available(in: folders)[name] { return Request(script: path) }
        guard let source = builtIn[name] else { return nil }
        var request = Request(script: name + ".lua")
        request.source = source
        return request
    }

    /// Every report name `request(named:folders:)` finds, sorted.
    public static func names(folders: [String]) -> [String] {
        Set(available(in: folders).keys).union(builtIn.keys).sorted()
    }
}
