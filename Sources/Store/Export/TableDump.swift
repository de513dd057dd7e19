import Core
import Foundation
import GRDB

/// Every row of one table as text, exactly as stored: what exports and backups write.
public struct TableDump: Equatable, Sendable {
    public var name: String
    public var columns: [String]
    /// Values as text; nil for SQL NULL.
    public var rows: [[String?]]

    /// For people (`export csv`): cells a spreadsheet would run as formulas are written as
    /// text (`CSVWriting.formulaSafe`).
    public var csv: String { text(formulaSafe: true) }

    /// Exactly as stored, for `restore` (backups).
    public var exactCSV: String { text(formulaSafe: false) }

    func text(formulaSafe: Bool) -> String {
        var text = CSVText.line(columns, formulaSafe: formulaSafe) + "\n"
        for row in rows { text += CSVText.line(row.map { $0 ?? "" }, formulaSafe: formulaSafe) + "\n" }
        return text
    }
}

extension StoreSession {
    /// The tables that hold data, in dependency order (a table after those it refers to):
    /// everything but SQLite's and the migrator's own tables and the derived tables
    /// (position snapshots, quantity checkpoints, monthly price series, and the versions of
    /// their rules), and the stamp of the last schema comparison (`SchemaStamp`).
    public func dataTableNames() throws -> [String] {
        let names = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table'
              AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'
              AND name NOT IN ('position_snapshot', 'quantity_checkpoint', 'price_month', 'asset_extent', 'transaction_month', 'derived_rule', 'schema_stamp')
            ORDER BY rowid
            """)
        return names
    }

    /// One table's columns and rows (by rowid or primary key order).
    public func dump(table name: String) throws -> TableDump {
        var rows: [[String?]] = []
        let columns = try eachRow(of: name) { rows.append($0) }
        return TableDump(name: name, columns: columns, rows: rows)
    }

    /// One table's rows as text, one at a time (by rowid or primary key order), so that an
    /// export or backup of a large table holds one row, not the table; returns the columns.
    @discardableResult
    public func eachRow(of name: String, _ body: ([String?]) throws -> Void) throws -> [String] {
        let columns = try db.columns(in: name).map(\.name)
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let cursor = try Row.fetchCursor(db, sql: "SELECT * FROM \(quoted) ORDER BY 1, 2")
        while let row = try cursor.next() {
            try body(row.databaseValues.map(Self.text))
        }
        return columns
    }

    /// One table as CSV (the text of `TableDump.csv`, or `exactCSV` when not `formulaSafe`),
    /// written to `sink` row by row; returns how many rows.
    @discardableResult
    public func writeCSV(of name: String, formulaSafe: Bool, to sink: OwnerOnlyFiles.Sink) throws -> Int {
        try sink.write(CSVText.line(try db.columns(in: name).map(\.name), formulaSafe: formulaSafe) + "\n")
        var count = 0
        try eachRow(of: name) { row in
            try sink.write(CSVText.line(row.map { $0 ?? "" }, formulaSafe: formulaSafe) + "\n")
            count += 1
        }
        return count
    }

    static func text(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .null: nil
        case .int64(let i): String(i)
        case .double(let d): "\(d)"
        case .string(let s): s
        case .blob(let b): b.base64EncodedString()
        }
    }
}

/// CSV lines (Core's writer, re-exported here for the Store's files).
enum CSVText {
    static func line(_ fields: [String], formulaSafe: Bool) -> String { Core.CSVWriting.line(fields, formulaSafe: formulaSafe) }
}
