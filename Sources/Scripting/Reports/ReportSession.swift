import Core
import Foundation
import LuaBridge
import Store

/// The reports a script builds (`af.report.new`), where it may save them, and whether its
/// terminal output may use colour. One per `ScriptEnvironment`.
public final class ReportSession {
    var documents: [Int64: ReportDocument] = [:]
    var nextID: Int64 = 1

    /// The file given by `assetflow report … --output FILE`: a sandboxed script may write it.
    public var outputPath: String?
    /// A sandboxed script may write any file inside this folder (see `defaultFolder`).
    public var reportsFolder: String?
    /// Terminal rendering uses colour when this is set and `NO_COLOR` is not.
    public var isTerminal: Bool
    public var environment: [String: String]
    /// Report parameters from the command line (`--year 2024`), by name, as text: the first
    /// `af.report.new{params = …}` checks them against its declaration.
    public var givenParameters: [String: String] = [:]
    /// `assetflow report NAME --help`: the first `af.report.new{params = …}` records its
    /// declaration and stops the script.
    public var helpRequested = false
    /// What the first report with parameters declared, and its title.
    public private(set) var declaredParameters: [ReportParameter]?
    public private(set) var declaringTitle: String?
    /// The values each report reads as `r.params`.
    var parameterValues: [Int64: [String: ReportParameter.Value]] = [:]

    public init(reportsFolder: String? = ReportSession.defaultFolder(ProcessInfo.processInfo.environment),
                isTerminal: Bool = isatty(STDOUT_FILENO) != 0,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.reportsFolder = reportsFolder
        self.isTerminal = isTerminal
        self.environment = environment
    }

    /// `$ASSETFLOW_REPORTS`, else `$XDG_DATA_HOME/assetflow/reports`
    /// (`~/.local/share/assetflow/reports`, `~` being `$HOME` as the XDG specification says,
    /// else the account's home): your own report scripts and saved reports.
    public static func defaultFolder(_ environment: [String: String]) -> String {
        if let folder = environment["ASSETFLOW_REPORTS"], !folder.isEmpty { return folder }
        return (UserFolders.dataHome(environment) as NSString).appendingPathComponent("assetflow/reports")
    }

    /// Records the declaration of report `title`, and the values it gets: the command
    /// line's for the first report that declares parameters, the defaults for the others.
    func declare(_ declared: [ReportParameter], title: String, function: String) throws -> [String: ReportParameter.Value] {
        let first = declaredParameters == nil
        if first {
            declaredParameters = declared
            declaringTitle = title
        }
        return try ReportParameters.values(declared, given: first ? givenParameters : [:], function: function)
    }

    /// True when parameters were given on the command line and no report declared any.
    public var parametersUnclaimed: Bool { !givenParameters.isEmpty && declaredParameters == nil }

    var terminalStyle: TerminalRenderer.Style { .forOutput(isTerminal: isTerminal, environment: environment) }

    /// Adds `element` to report `id`, counting what the report keeps against `--max-memory`:
    /// a script could otherwise pile up gigabytes of text in Swift while Lua's own memory
    /// stays small.
    /// `reserved`: what was counted already as the element was read (a table pulled from an
    /// iterator counts its rows as they come).
    func append(_ element: ReportElement, to id: Int64, _ call: LuaCall, reserved: Int = 0) throws {
        try call.reserveHostMemory(ReportSession.estimatedBytes(of: element) - reserved, retained: true)
        documents[id]!.elements.append(element)
    }

    /// A generous estimate of the memory an element keeps (text bytes plus a fixed cost per cell).
    static func estimatedBytes(of element: ReportElement) -> Int {
        func cell(_ c: ReportCell) -> Int { if case .text(let t) = c { return 32 + t.utf8.count } else { return 32 } }
        switch element {
        case .text(let text): return 32 + text.utf8.count
        case .figures(let figures): return figures.reduce(0) { $0 + 32 + $1.label.utf8.count + cell($1.value) }
        case .table(let table):
            // The rows are kept packed: their bytes, as they are.
            return table.columns.reduce(0) { $0 + 32 + $1.key.utf8.count + $1.label.utf8.count } + table.rows.byteCount
        case .chart(let chart):
            return chart.series.reduce(0) { $0 + 32 + $1.name.utf8.count + $1.points.reduce(0) { $0 + 48 + $1.x.description.utf8.count } }
        }
    }

    func add(_ document: ReportDocument) -> Int64 {
        defer { nextID += 1 }
        documents[nextID] = document
        return nextID
    }

    /// The extensions a sandboxed script may save a report under: output formats only, never
    /// `.lua` or anything else a later run would execute.
    static let outputExtensions: Set<String> = ["txt", "text", "md", "markdown", "csv", "json", "html", "htm"]

    /// Checks that a sandboxed script may write `path`: it is the `--output` file or lies
    /// inside the reports folder, with an output format's extension. The path is resolved as
    /// the kernel will (every existing folder and symbolic link; a dangling link or a ".." after
    /// a missing folder is refused), and missing folders are created inside the reports folder
    /// only. Returns the resolved path to write.
    func checkWritable(_ path: String, trusted: Bool, function: String) throws -> String {
        if trusted { return ReportSession.resolve(path) }
        let resolved = ReportSession.resolveForWriting(path)
        if let resolved, let outputPath, ReportSession.resolveForWriting(outputPath) == resolved { return resolved }
        if let reportsFolder, let resolved, !ReportSession.isLink(reportsFolder) {
            let folder = ReportSession.resolveForWriting(reportsFolder) ?? ReportSession.resolve(reportsFolder)
            if resolved.hasPrefix(folder + "/") {
                let ext = (resolved as NSString).pathExtension.lowercased()
                guard ReportSession.outputExtensions.contains(ext) else {
                    throw RuleViolation("\(function): a sandboxed script may save a report only as "
                        + ".txt, .md, .csv, .json or .html, not '\((path as NSString).lastPathComponent)'.")
                }
                guard SandboxPaths.makeFolders((resolved as NSString).deletingLastPathComponent, inside: folder) else {
                    throw RuleViolation("\(function): cannot create the folders of '\(path)' inside the reports folder.")
                }
                // A file already there must be a plain file: never write through a link.
                var info = stat()
                if lstat(resolved, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
                    throw RuleViolation("\(function): '\(path)' exists and is not a plain file.")
                }
                return resolved
            }
        }
        // Where the reports folder is stays untold: a script must not learn where the user's files live.
        let allowed = ([outputPath.map { _ in "the --output file" }, reportsFolder.map { _ in "inside the reports folder" }].compactMap { $0 })
        throw RuleViolation("\(function): a sandboxed script may not write '\(path)'. It may write "
            + (allowed.isEmpty ? "no file here" : allowed.joined(separator: " or "))
            + "; pass --output \(path) to `assetflow report`, save into the reports folder, or run with --trusted.")
    }

    /// Whether `path` itself is a symbolic link. A reports folder that is one leads elsewhere:
    /// a sandboxed script does not write through it (Security.md).
    static func isLink(_ path: String) -> Bool {
        var info = stat()
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        return lstat(trimmed, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Where `path` leads once written (`SandboxPaths.resolveForWriting`), or nil when that
    /// cannot be told safely (a dangling symbolic link, ".." after a missing folder).
    static func resolveForWriting(_ path: String) -> String? { SandboxPaths.resolveForWriting(path) }

    /// An absolute, standardised path with symbolic links of its existing parent resolved.
    static func resolve(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let url = URL(fileURLWithPath: absolute).standardizedFileURL
        let parent = url.deletingLastPathComponent().resolvingSymlinksInPath()
        return parent.appendingPathComponent(url.lastPathComponent).path
    }
}
