import Foundation

/// Which column of a file holds which field: automatic by header (trimmed, ignoring case,
/// with common synonyms: "Symbol" is the asset, "Shares" the quantity), else as the user
/// maps it with `--map "Column=field,…"`.
public struct ColumnMapping: Equatable, Sendable {
    /// The column number of each mapped field.
    public private(set) var columns: [ImportField: Int] = [:]
    /// "Unrecognized column: X (will be ignored)" for every header nothing maps to.
    public private(set) var warnings: [String] = []

    /// Parses `--map` text: "Column=field,Other column=field".
    public static func parsePairs(_ text: String) throws -> [(column: String, field: String)] {
        try text.split(separator: ",").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw RuleViolation("Invalid mapping '\(pair)': write COLUMN=FIELD, such as \"Trade Date=date\".")
            }
            return (parts[0], parts[1])
        }
    }

    /// The pairs as `--map` text again (what a saved mapping stores).
    public static func text(of pairs: [(column: String, field: String)]) -> String {
        pairs.map { "\($0.column)=\($0.field)" }.joined(separator: ",")
    }

    /// Maps `headers` for `kind`: explicit pairs first, then headers by name. Every missing
    /// required column is reported at once, with the headers the file has.
    /// `assetGiven`: every row's asset is named outside the file (`import prices --asset`),
    /// so the file needs no asset column, and a quote site's other columns (Open, High, Low,
    /// Adj Close, Volume) are expected rather than unrecognized.
    public static func resolve(kind: ImportKind, headers: [String], explicit: [(column: String, field: String)] = [],
                               assetGiven: Bool = false) throws -> ColumnMapping {
        var mapping = ColumnMapping()
        let keys = headers.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for pair in explicit {
            let field = try ImportField.parse(pair.field, kind: kind)
            guard let index = keys.firstIndex(of: pair.column.lowercased()) else {
                throw RuleViolation("The mapping names a column '\(pair.column)' that the file does not have. Columns in the file: \(headers.joined(separator: ", ")).")
            }
            mapping.columns[field] = index
        }
        let taken = Set(mapping.columns.values)
        for field in kind.fields where mapping.columns[field] == nil {
            if let index = keys.indices.first(where: { !taken.contains($0) && (keys[$0] == field.rawValue || field.headerNames.contains(keys[$0])) }),
               !mapping.columns.values.contains(index) {
                mapping.columns[field] = index
            }
        }
        let missing = kind.requiredFields.filter { mapping.columns[$0] == nil && !(assetGiven && $0 == .asset) }
        if !missing.isEmpty {
            var lines = missing.map { "Missing required column: \($0.title)" }
            lines.append("Columns in the file: \(headers.joined(separator: ", ")).")
            lines.append("Map them with --map \"COLUMN=FIELD,…\" (fields: \(kind.fields.map(\.rawValue).joined(separator: ", "))).")
            throw ImportFailure(lines: lines)
        }
        let used = Set(mapping.columns.values)
        var quoteColumns: Set<String> = assetGiven ? ["open", "high", "low", "adj close", "adj. close", "volume"] : []
        // AssetFlow's own prices export says where a fetched price came from; an imported price
        // is the user's, so they are read past, not restored (Documentation/Prices.md).
        if kind == .prices { quoteColumns.formUnion(["source", "fetched at"]) }
        mapping.warnings = headers.indices.filter { !used.contains($0) && !headers[$0].isEmpty && !quoteColumns.contains(keys[$0]) }
            .map { "Unrecognized column: \(headers[$0]) (will be ignored)" }
        return mapping
    }
}
