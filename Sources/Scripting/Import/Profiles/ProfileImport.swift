import Core
import Foundation
import Store

/// `assetflow import FILE` with a profile: reads the file, picks the profile from its
/// header (or the one named), runs it on every row, plans and writes the operations in one
/// transaction. A file no profile recognizes goes to the generic column mapping; when that
/// fails too, the message names the profile that came closest and the columns it misses.
public enum ProfileImport {
    public struct Request {
        public var file: String
        /// A built-in profile's name or a `.lua` file; nil: recognized from the header.
        public var profile: String?
        public var dryRun = false
        /// false: `--no-cash`.
        public var cash = true
        /// The account's currency when neither the profile nor the rows say it.
        public var currency: String?
        public var portfolio: String?
        /// `--opening FILE.csv`.
        public var opening: String?
        /// false: every transaction written as its command records it, not in one bulk write
        /// at the end (the tests compare the two).
        public var bulkWrite = true
        /// Seconds the profile's rows may take in all (each row's call has the same limit).
        var timeLimitSeconds = ProfileScript.timeoutSeconds

        public init(file: String) { self.file = file }
    }

    /// The file's lines as rows (every line, the first one too), read as CSV with the
    /// delimiter that occurs most in its first lines (200: past a long title block, whose
    /// lines hold few delimiters, into the rows). The reference `cells(of:)` is compared with.
    static func rows(of data: Data) throws -> [ProfileRow] {
        let text = try CSVTable.decode(data)
        let table = try CSVTable.parse(text: text, delimiter: delimiter(of: text), allowNoRows: true)
        return [ProfileRow(line: table.headerLine, fields: table.headers)] + table.rows.map { ProfileRow(line: $0.line, fields: $0.fields) }
    }

    /// The same rows as `rows(of:)`, with the same errors, as byte cells (`CSVCells`): what
    /// a profile reads, its cells going into Lua strings without a Swift string each.
    static func cells(of data: Data) throws -> CSVCells {
        var text = try CSVTable.decode(data)
        let separator = delimiter(of: text)
        if text.hasPrefix("\u{FEFF}") { text = String(text.dropFirst()) }  // as CSVTable.parse
        guard text.utf8.count <= CSVCells.maxSize else {
            throw ProfileError("The file is over \(CSVCells.maxSize / 1_000_000) MB, more than a profile reads: split it by date and import the parts.")
        }
        let cells = CSVCells(text: text, delimiter: UInt8(separator.asciiValue!), headerTrimmed: true)
        guard let last = cells.lines.last else { throw RuleViolation(CSVTable.emptyMessage) }
        try CSVTable.checkQuotesClosed(text, delimiter: separator.unicodeScalars.first!, lastRowLine: last)
        return cells
    }

    static func delimiter(of text: String) -> Character {
        var counts: [Character: Int] = [",": 0, ";": 0, "\t": 0]
        var quoted = false, lines = 0
        for c in text {
            if c == "\"" { quoted.toggle() }
            if !quoted, c == "\n" { lines += 1; if lines >= 200 { break } }
            if !quoted, let n = counts[c] { counts[c] = n + 1 }
        }
        let best = counts.max { a, b in a.value < b.value || (a.value == b.value && a.key != ",") }!
        return best.value == 0 ? "," : best.key
    }

    /// Reads, recognizes and runs the profile: every row's operations, or every problem.
    /// `data` is taken: it goes once its cells are made (10.7 MB for 100,000 rows, which
    /// stayed through the profile's run).
    static func profiled(_ data: consuming Data, request: Request) throws -> (script: ProfileScript, results: [ProfileRowResult])? {
        let file = try cells(of: data)
        _ = consume data
        let head = ProfileCatalog.Head(file)
        let script: ProfileScript, headerRow: Int
        if let name = request.profile {
            script = try ProfileCatalog.load(name)
            guard let row = ProfileCatalog.headerRow(of: script, in: head) else {
                throw ProfileError("The profile \(script.descriptor.name) does not recognize this file: " + ProfileCatalog.closest(head, among: [script]))
            }
            headerRow = row
        } else {
            let scripts = try ProfileCatalog.builtIn.map(ProfileScript.init)
            guard let match = ProfileCatalog.recognize(head, among: scripts) else { return nil }
            (script, headerRow) = (match.script, match.headerRow)
        }
        try script.runPreamble((0..<headerRow).map { ProfileRow(file, row: $0) })
        let headers = file.fields(of: headerRow)
        let body = ((script.descriptor.raw ? headerRow : headerRow + 1)..<file.count).filter { !file.isEmpty($0) }
        let run = script.run(file, rows: body, headers: headers, accountCurrency: request.currency?.uppercased(),
                             timeLimitSeconds: request.timeLimitSeconds)
        if !run.problems.isEmpty {
            let lines = Set(run.problems.map(\.line)).count
            let headline = "\(lines) row\(lines == 1 ? " has" : "s have") errors; nothing was imported (profile \(script.descriptor.name))."
            throw ProfileError(([headline] + run.problems.map { "line \($0.line): \($0.message)" }).joined(separator: "\n"))
        }
        return (script, run.results)
    }

    /// The closest profile's message for a file none recognizes.
    static func unrecognized(_ data: Data) throws -> String {
        let head = ProfileCatalog.Head(try cells(of: data))
        return ProfileCatalog.closest(head, among: try ProfileCatalog.builtIn.map(ProfileScript.init))
    }

    /// Plans and writes `results` in `session` (inside the caller's transaction); the lines
    /// to print. The results are taken: the plan lets their rows' cells go.
    static func write(_ script: ProfileScript, _ results: consuming [ProfileRowResult], request: Request, session: StoreSession) throws -> [String] {
        let d = script.descriptor
        let plan = ProfileImportPlan(consume results, existing: try session.importKeys(platform: d.platform), cash: request.cash)
        let openings = try request.opening.map(readOpenings) ?? []
        let portfolio = try portfolioID(request.portfolio, session: session)
        let summary = try session.applyProfileImport(ApplyProfileImport(plan: consume plan, platform: d.platform, portfolioID: portfolio, openings: openings,
                                                                    bulk: request.bulkWrite))
        return lines(summary, profile: d, dryRun: request.dryRun)
    }

    static func readOpenings(_ path: String) throws -> [OpeningPosition] {
        guard let data = FileManager.default.contents(atPath: path) else { throw ProfileError("Cannot read the opening file \(path).") }
        return try OpeningPosition.read(try CSVTable.parse(data: data))
    }

    /// `--portfolio NAME`, else the `default_portfolio` setting: found, or created.
    static func portfolioID(_ name: String?, session: StoreSession) throws -> Int64? {
        let setting = try session.setting("default_portfolio").flatMap { $0.isEmpty ? nil : $0 }
        guard let name = name ?? setting else { return nil }
        if let found = try session.portfolio(named: name) { return found.id }
        return try session.execute(CreatePortfolio(name: name)).id
    }

    static func lines(_ s: ApplyProfileImport.Summary, profile: ProfileDescriptor, dryRun: Bool) -> [String] {
        var lines = ["Profile: \(profile.title) (\(profile.name))."]
        let rows = "\(s.rows) row\(s.rows == 1 ? "" : "s")", txs = "\(s.transactions) transaction\(s.transactions == 1 ? "" : "s")"
        lines.append(dryRun ? "Would import \(rows) as \(txs) (dry run: nothing was written)." : s.rows == 0 ? "No rows were imported." : "\(rows) imported as \(txs).")
        if s.duplicates > 0 { lines.append("\(s.duplicates) row\(s.duplicates == 1 ? " was" : "s were") already imported and skipped.") }
        if !s.skipped.isEmpty {
            lines.append("\(s.skipped.count) row\(s.skipped.count == 1 ? "" : "s") skipped by the profile:")
            lines += s.skipped.prefix(20).map { "  line \($0.line): \($0.reason)" }
            if s.skipped.count > 20 { lines.append("  … and \(s.skipped.count - 20) more") }
        }
        if !s.newAssets.isEmpty {
            let names = s.newAssets.map { "\($0.name) (\($0.type.rawValue), \($0.currency))" }.joined(separator: ", ")
            lines.append("\(s.newAssets.count) new asset\(s.newAssets.count == 1 ? "" : "s") added: \(names).")
        }
        return lines
    }
}
