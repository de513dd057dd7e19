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

    /// How many of `headers` a row's cells hold (trimmed, ignoring case).
    static func matched(_ headers: [String], in fields: [String]) -> [String] {
        let cells = Set(fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return headers.filter { cells.contains($0.lowercased()) }
    }

    /// The first of `rows` (the file's first lines) holding all of one of the script's
    /// header sets, and how many headers that set names.
    static func headerRow(of script: ProfileScript, in rows: [ProfileRow]) -> Int? { headerMatch(of: script, in: rows)?.row }

    static func headerMatch(of script: ProfileScript, in rows: [ProfileRow]) -> (row: Int, count: Int)? {
        for (i, row) in rows.enumerated() {
            for set in script.descriptor.headerSets where matched(set, in: row.fields).count == set.count { return (i, set.count) }
        }
        return nil
    }

    /// The profile that recognizes the file whose first lines are `rows`: of those whose
    /// headers are all there, the one that names the most (the most specific).
    static func recognize(_ rows: [ProfileRow], among scripts: [ProfileScript]) -> Match? {
        var best: Match?
        var bestCount = 0
        for script in scripts {
            guard let (row, count) = headerMatch(of: script, in: rows) else { continue }
            if best == nil || count > bestCount { (best, bestCount) = (Match(script: script, headerRow: row), count) }
        }
        return best
    }

    /// "Closest: Trading 212 (trading212), which also needs the columns X, Y." for a file
    /// no profile recognizes.
    static func closest(_ rows: [ProfileRow], among scripts: [ProfileScript]) -> String {
        var best: (script: ProfileScript, missing: [String], share: Double)?
        for script in scripts {
            for headers in script.descriptor.headerSets {
            for row in rows {
                let found = matched(headers, in: row.fields)
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
