import Core
import Foundation
import Store

extension ProfileImport {
    /// Imports `request.file` into `session`, in one transaction (rolled back for a dry run
    /// or an error). nil when no profile recognizes the file (and none was named): the
    /// caller tries the generic column mapping.
    public static func run(_ request: Request, session: StoreSession) throws -> [String]? {
        guard let data = FileManager.default.contents(atPath: request.file) else {
            throw ProfileError("Could not open file. Please check the file is a valid CSV. (\(request.file))")
        }
        return try run(request, data: consume data, session: session)
    }

    /// `data` is taken: it goes once read, and the file's cells once planned, before the write.
    public static func run(_ request: Request, data: consuming Data, session: StoreSession) throws -> [String]? {
        FreedMemory.mapLargeBlocks()
        guard let (script, results) = try profiled(consume data, request: request) else { return nil }
        try session.begin()
        do {
            let lines = try write(script, consume results, request: request, session: session)
            if request.dryRun { try session.rollback() } else { try session.commit() }
            return lines
        } catch {
            try session.rollback()
            throw error
        }
    }

    /// The message for a file no profile recognizes.
    public static func unrecognizedMessage(file: String) -> String {
        guard let data = FileManager.default.contents(atPath: file), let text = try? unrecognized(data) else { return "" }
        return text
    }

    /// `assetflow import --list-profiles`: each profile with the headers it recognizes.
    public static func listProfiles() throws -> [String] {
        var lines: [String] = []
        for profile in ProfileCatalog.builtIn {
            let d = try ProfileScript(profile).descriptor
            lines.append("\(d.name): \(d.title)" + (d.summary.isEmpty ? "" : " — \(d.summary)"))
            lines.append("    headers: \(d.headers.joined(separator: ", "))")
        }
        lines.append("Any other file: the generic column mapping (assetflow import transactions FILE --map …).")
        lines.append("Your own: --profile my.lua (see Documentation/Import.md, \"Writing a profile\").")
        return lines
    }

    /// A built-in profile's source, to copy as a start for one's own.
    public static func source(of name: String) throws -> String {
        guard let p = ProfileCatalog.builtIn.first(where: { $0.name == name.lowercased() }) else { throw ProfileError("No import profile named '\(name)'.") }
        return p.source
    }
}

extension ProfileImport {
    /// Reads `data` with its profile (recognized, or `profile`) and returns how many rows and
    /// operations it made, writing nothing: what `scripts/bench import` times.
    public static func readOperations(_ data: Data, profile: String? = nil) throws -> (rows: Int, operations: Int) {
        var request = Request(file: "bench.csv")
        request.profile = profile
        guard let (_, results) = try profiled(data, request: request) else { throw ProfileError("No profile recognizes the file.") }
        return (results.count, results.reduce(0) { $0 + $1.operations.count })
    }
}
