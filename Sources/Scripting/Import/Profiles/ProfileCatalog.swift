import Core
import Foundation

/// The built-in profiles and a user's, and which of them reads a file.
public enum ProfileCatalog {
    /// A profile that recognizes a file, and the row of the file that is its header.
    struct Match {
        var script: ProfileScript
        var headerRow: Int
    }

    /// Every built-in profile, most used brokers first.
    public static var builtIn: [ImportProfile] { BuiltInProfiles.all }

    /// The profile named `name` (built in) or the `.lua` file at that path.
    static func load(_ name: String) throws -> ProfileScript {
        if name.hasSuffix(".lua") {
            guard let data = FileManager.default.contents(atPath: name), let source = String(data: data, encoding: .utf8) else {
                throw ProfileError("Cannot read the profile \(name).")
            }
            return try ProfileScript(ImportProfile(name: (name as NSString).lastPathComponent.replacingOccurrences(of: ".lua", with: ""),
                                                   source: source, origin: name))
        }
        guard let profile = builtIn.first(where: { $0.name == name.lowercased() }) else {
            throw ProfileError("No import profile named '\(name)'. Profiles: \(builtIn.map(\.name).joined(separator: ", ")). Or give a .lua file.")
        }
        return try ProfileScript(profile)
    }

    /// How far down a file its header is looked for: above it a title block of any
    /// realistic length (Schwab's one line, a bank's page of account details and
    /// disclaimers); the whole file when it is shorter. Bounded, so that a file no profile
    /// reads is not scanned to its end once per profile.
    static let headerSearchLines = 1_000

    /// A file's first lines (`headerSearchLines`) as their cells, trimmed and lower-cased,
    /// made once for every profile and header set to match against.
    struct Head {
        var cells: [Set<String>]
        init(_ rows: [ProfileRow]) {
            // `ProfileScript.trimmed`: Foundation's trimming only for a cell with blank ends (on
            // every cell of 1,000 lines it cost about 35 ms an import).
            cells = rows.prefix(ProfileCatalog.headerSearchLines).map { Set($0.fields.map { ProfileScript.trimmed($0).lowercased() }) }
        }
        /// The same, from the file's cells.
        init(_ file: CSVCells) {
            cells = (0..<min(file.count, ProfileCatalog.headerSearchLines)).map { Set(file.fields(of: $0).map { ProfileScript.trimmed($0).lowercased() }) }
        }
    }

    /// Which of `headers` a row's cells hold (ignoring case).
    static func matched(_ headers: [String], in cells: Set<String>) -> [String] {
        headers.filter { cells.contains($0.lowercased()) }
    }

    /// The first row of the file's head holding all of one of the script's header sets.
    static func headerRow(of script: ProfileScript, in head: Head) -> Int? { headerMatch(of: script, in: head)?.row }

    /// That row, and how many headers the set it holds names.
    static func headerMatch(of script: ProfileScript, in head: Head) -> (row: Int, count: Int)? {
        for (i, cells) in head.cells.enumerated() {
            for set in script.descriptor.headerSets where matched(set, in: cells).count == set.count { return (i, set.count) }
        }
        return nil
    }

    /// The profile that recognizes the file whose head is `head`: of those whose headers are
    /// all on one of its lines, the one that names the most (the most specific).
    static func recognize(_ head: Head, among scripts: [ProfileScript]) -> Match? {
        var best: Match?
        var bestCount = 0
        for script in scripts {
            guard let (row, count) = headerMatch(of: script, in: head) else { continue }
            if best == nil || count > bestCount { (best, bestCount) = (Match(script: script, headerRow: row), count) }
        }
        return best
    }

    /// "Closest: Trading 212 (trading212), which also needs the columns X, Y." for a file
    /// no profile recognizes.
    static func closest(_ head: Head, among scripts: [ProfileScript]) -> String {
        var best: (script: ProfileScript, missing: [String], share: Double)?
        for script in scripts {
            for headers in script.descriptor.headerSets {
            for cells in head.cells {
                let found = matched(headers, in: cells)
                let share = Double(found.count) / Double(headers.count)  // a ranking only, never money
                if best == nil || share > best!.share {
                    best = (script, headers.filter { !found.contains($0) }, share)
                }
            }
            }
        }
        guard let best, best.share > 0 else { return "No import profile recognizes this file, and none comes close." }
        let d = best.script.descriptor
        return "No import profile recognizes this file. Closest: \(d.title) (--profile \(d.name)), whose columns \(best.missing.map { "'\($0)'" }.joined(separator: ", ")) the file does not have."
    }
}
