/// The Lua reference, generated from the registry: `assetflow docs` prints it and the end
/// of REPL.md holds it (a test fails when the two differ).
public enum ReferenceDocument {
    public static let beginMarker = "<!-- BEGIN GENERATED REFERENCE (assetflow docs) -->"
    public static let endMarker = "<!-- END GENERATED REFERENCE -->"

    public static func markdown() -> String {
        var out = "## Reference\n\n"
        out += "Generated from the bindings by `assetflow docs`; do not edit by hand.\n\n"
        let functionOwners = Array(Set(Registry.all.filter { $0.kind == .function }.map(\.owner))).sorted()
        for owner in functionOwners {
            out += "### `\(owner)`\n\n"
            for b in Registry.bindings(of: owner) { out += entry(b) }
            out += "\n"
        }
        out += "### `af.settings`\n\nRead and assigned like fields: `af.settings.financial_goal = 300000`.\n\n"
        out += "| setting | type | meaning |\n| --- | --- | --- |\n"
        for s in Registry.settings { out += "| `\(s.name)` | \(s.type.compact.replacingOccurrences(of: "|", with: " or ")) | \(s.summary) |\n" }
        out += "\n"
        for (name, summary) in Registry.classes {
            out += "### \(name)\n\n\(summary)\n\n"
            let bindings = Registry.bindings(of: name)
            let fields = bindings.filter { $0.kind == .field }
            if !fields.isEmpty {
                out += "| field | type | meaning |\n| --- | --- | --- |\n"
                for f in fields { out += "| `\(f.name)` | \(f.signature.replacingOccurrences(of: "|", with: " or ")) | \(f.summary) |\n" }
                out += "\n"
            }
            for m in bindings where m.kind == .method { out += entry(m) }
            out += "\n"
        }
        return out
    }

    static func entry(_ b: Binding) -> String {
        var s = "- `\(b.usage)`: \(b.summary)"
        for line in b.argumentLines { s += "\n  - \(line)" }
        if let example = b.example { s += "\n  Example: `\(example)`" }
        return s + "\n"
    }
}
