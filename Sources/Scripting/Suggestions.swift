/// "Did you mean …?": the nearest known name to a mistyped one, by edit distance.
enum Suggestions {
    /// The closest of `names` to `typed`, when it is close enough to be a typo (at most a
    /// third of the letters differ, and at most 3).
    static func nearest(_ typed: String, among names: [String]) -> String? {
        let limit = min(3, max(1, typed.count / 3))
        var best: (name: String, distance: Int)?
        for name in names where name != typed {
            let d = distance(typed.lowercased(), name.lowercased())
            if d <= limit, d < (best?.distance ?? .max) { best = (name, d) }
        }
        return best?.name
    }

    /// "no asset named 'KOO' (closest: KO, KOF)": up to three names within a third of the
    /// letters (at least 2 edits), nearest first.
    static func missing(_ kind: String, _ typed: String, among names: [String]) -> String {
        let limit = max(2, typed.count / 3)
        let close = names.map { ($0, distance(typed.lowercased(), $0.lowercased())) }
            .filter { $0.1 <= limit || $0.0.lowercased().hasPrefix(typed.lowercased()) || typed.lowercased().hasPrefix($0.0.lowercased()) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
        let call = "af.\(kind)(\"\(typed)\")"
        return "\(call) is nil: no \(kind) named '\(typed)'" + (close.isEmpty ? "" : " (closest: \(close.joined(separator: ", ")))")
    }

    /// An "attempt to index a nil value" error with the last name `af.asset`/`af.portfolio`
    /// did not find (`ScriptEnvironment.lastMissingName`).
    static func annotate(_ text: String, missing: String?) -> String {
        let annotated = annotate(text)
        guard let missing, annotated.contains("attempt to index a nil value") else { return annotated }
        let lines = annotated.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return String(lines[0]) + " (" + missing + ")" + (lines.count > 1 ? "\n" + String(lines[1]) : "")
    }

    /// Levenshtein distance (insert, delete, replace one character).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// A Lua error message with a hint added when it is a call of a missing name:
    /// "attempt to call a nil value (field 'create_assett')" → "… did you mean af.create_asset?";
    /// "(method 'by')" → "did you mean :buy?".
    static func annotate(_ text: String) -> String {
        // The hint goes on the message's first line; a traceback below stays as it is.
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let message = String(lines.first ?? "")
        let rest = lines.count > 1 ? "\n" + lines[1] : ""
        return hinted(message) + rest
    }

    private static func hinted(_ message: String) -> String {
        for (marker, kind) in [("(field '", "field"), ("(method '", "method")] {
            guard message.contains("attempt to call a nil value " + marker),
                  let start = message.range(of: marker), let end = message[start.upperBound...].firstIndex(of: "'") else { continue }
            let typed = String(message[start.upperBound..<end])
            let candidates = Registry.all.filter { kind == "method" ? $0.kind == .method : $0.kind == .function }
            guard let name = nearest(typed, among: Array(Set(candidates.map(\.name))).sorted()),
                  let binding = candidates.first(where: { $0.name == name }) else { continue }
            let shown = kind == "method" ? ":" + name : binding.qualifiedName
            return message + " (did you mean \(shown)?)"
        }
        return message
    }
}
