import Foundation

/// The options a report takes after its name (`assetflow report gains --year 2025`): those
/// its script declares on a comment line `-- Options: --year YYYY, --method M …`. Any other
/// `--name` is refused as the command line always refused an unknown option, so a typo
/// (`--formt csv`) is never passed silently to a report that ignores it.
public enum ReportOptions {
    /// The option names declared in `source` ("--year", "--method").
    public static func declared(in source: String) -> [String] {
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).prefix(40) where line.hasPrefix("-- Options:") {
            return line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" || $0 == "(" || $0 == ")" })
                .filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init)
        }
        return []
    }

    /// Refuses an option `source` does not declare, naming those it does.
    public static func check(_ arguments: [String], source: String, report: String) throws {
        let known = declared(in: source)
        for argument in arguments where argument.hasPrefix("--") {
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if known.contains(name) { continue }
            let takes = known.isEmpty ? "it takes none" : "it takes " + known.joined(separator: ", ")
            throw ScriptRunError("Unknown option '\(name)' for report '\(report)' (\(takes)).")
        }
    }

    /// The script text of `request`: its embedded source or its file.
    public static func source(of request: ReportRunner.Request) -> String {
        request.source ?? (try? String(contentsOfFile: request.script, encoding: .utf8)) ?? ""
    }
}
