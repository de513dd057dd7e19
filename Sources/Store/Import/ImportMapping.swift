import Core
import Foundation
import GRDB

/// A column mapping saved under a name (`--mapping NAME`), with the file's date format
/// and decimal comma, for next month's file from the same broker.
public struct SavedMapping: Equatable, Sendable {
    public var name: String
    public var kind: ImportKind
    /// `--map` text: "Column=field,…".
    public var columns: String
    public var dateFormat: String?
    public var decimalComma: Bool

    public init(name: String, kind: ImportKind, columns: String, dateFormat: String? = nil, decimalComma: Bool = false) {
        self.name = name
        self.kind = kind
        self.columns = columns
        self.dateFormat = dateFormat
        self.decimalComma = decimalComma
    }

    /// The mapping of `options` (its --map pairs, date format and decimal comma).
    public init(_ options: ImportOptions, name: String) {
        self.init(name: name, kind: options.kind, columns: ColumnMapping.text(of: options.map),
                  dateFormat: options.dateFormat?.pattern, decimalComma: options.decimalComma)
    }

    /// Applies the mapping to import options (explicit flags given as well win).
    public func apply(to options: inout ImportOptions) throws {
        if options.map.isEmpty { options.map = try ColumnMapping.parsePairs(columns) }
        if options.dateFormat == nil, let dateFormat { options.dateFormat = try ImportDate(format: dateFormat) }
        if decimalComma { options.decimalComma = true }
    }
}

extension StoreSession {
    public func savedMapping(named name: String) throws -> SavedMapping? {
        try Row.fetchOne(db, sql: "SELECT * FROM import_mapping WHERE name = ? COLLATE NOCASE", arguments: [name]).map(Self.mapping)
    }

    public func savedMappings() throws -> [SavedMapping] {
        try Row.fetchAll(db, sql: "SELECT * FROM import_mapping ORDER BY name COLLATE NOCASE").map(Self.mapping)
    }

    /// Saves (or replaces) a named mapping.
    public func saveMapping(_ mapping: SavedMapping) throws {
        let name = mapping.name.trimmingCharacters(in: .whitespaces)
        if name.isEmpty { throw RuleViolation("A mapping needs a name.") }
        try db.execute(sql: """
            INSERT INTO import_mapping(name, kind, columns, date_format, decimal_comma) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(name) DO UPDATE SET kind = excluded.kind, columns = excluded.columns,
                date_format = excluded.date_format, decimal_comma = excluded.decimal_comma
            """, arguments: [name, mapping.kind.rawValue, mapping.columns, mapping.dateFormat, mapping.decimalComma])
        noteChange("mapping", .changed)
    }

    /// The named mapping; an error lists the saved ones.
    public func requireMapping(named name: String) throws -> SavedMapping {
        if let mapping = try savedMapping(named: name) { return mapping }
        let names = try savedMappings().map(\.name)
        throw RuleViolation("No saved mapping named '\(name)'. " + (names.isEmpty
            ? "Save one with --map \"COLUMN=FIELD,…\" --mapping \(name)."
            : "Saved mappings: \(names.joined(separator: ", "))."))
    }

    static func mapping(_ row: Row) -> SavedMapping {
        let kindText: String = row["kind"]
        return SavedMapping(name: row["name"], kind: ImportKind(rawValue: kindText) ?? .transactions, columns: row["columns"],
                            dateFormat: row["date_format"], decimalComma: row["decimal_comma"])
    }
}

enum ImportMappingMigration {
    /// Saved import mappings (issue 13).
    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("Create saved import mappings") { db in
            try db.execute(sql: """
                CREATE TABLE import_mapping (
                    name TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
                    kind TEXT NOT NULL,
                    columns TEXT NOT NULL,
                    date_format TEXT,
                    decimal_comma INTEGER NOT NULL DEFAULT 0
                ) STRICT;
                """)
        }
    }
}
