import Core
import Foundation
import GRDB
import ZIPFoundation

/// Restoring a backup: everything is validated first, in a new in-memory store built by
/// the same migrations (so every constraint, type and reference of the schema is checked);
/// only then is the store copied aside and replaced, in one step, all or nothing.
public enum BackupRestore {
    /// The tables of a backup, checked and loaded into a fresh in-memory store.
    public struct Validated {
        let queue: DatabaseQueue
        public let manifest: BackupManifest
    }

    /// Reads and checks an archive; the error is the app's message.
    public static func validate(_ data: Data) throws -> Validated {
        let files = try entries(of: data)
        guard let manifestData = files["manifest.json"],
              let manifest = try? JSONDecoder().decode(BackupManifest.self, from: manifestData),
              manifest.formatVersion >= 1 else {
            throw RestoreError.notAnArchive
        }
        if manifest.formatVersion > BackupManifest.currentFormatVersion {
            throw RestoreError("This backup was made by a newer AssetFlow (format \(manifest.formatVersion)); update AssetFlow to restore it.")
        }
        let queue = try DatabaseQueue()
        try Migrations.migrator.migrate(queue)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")  // rows arrive table by table; checked at the end
            try db.inTransaction {
                let session = StoreSession(db: db, today: .today())
                for table in try session.dataTableNames() {
                    try load(table: table, files: files, manifest: manifest, db: db)
                }
                try checkReferences(db)
                return .commit
            }
        }
        return Validated(queue: queue, manifest: manifest)
    }

    /// The archive's files by name; a file that is not a ZIP is "not a valid backup archive".
    static func entries(of data: Data) throws -> [String: Data] {
        guard let archive = try? Archive(data: data, accessMode: .read, pathEncoding: nil) else { throw RestoreError.notAnArchive }
        var files: [String: Data] = [:]
        for entry in archive where entry.type == .file {
            var content = Data()
            do {
                _ = try archive.extract(entry) { content.append($0) }
            } catch {
                throw RestoreError.corrupted("\(entry.path) cannot be read (\(error)).")
            }
            files[entry.path] = content
        }
        if files.isEmpty { throw RestoreError.notAnArchive }
        return files
    }

    /// One table's CSV: present, unaltered (SHA-256), the exact headers, every row accepted
    /// by the table's types and constraints, the row count of the manifest.
    static func load(table: String, files: [String: Data], manifest: BackupManifest, db: Database) throws {
        let name = "\(table).csv"
        guard let data = files[name] else { throw RestoreError.missingFile(name) }
        guard manifest.sha256[name] == SHA256.hex(data) else {
            throw RestoreError.corrupted("\(name) does not match its checksum in the manifest.")
        }
        let columns = try db.columns(in: table)
        let expected = columns.map(\.name)
        let text: String
        do { text = try CSVTable.decode(data) } catch { throw RestoreError.corrupted("\(name) is not UTF-8 text.") }
        let parsed: CSVTable
        do { parsed = try CSVTable.parse(text: text, delimiter: ",", trim: false, allowNoRows: true) } catch {
            throw RestoreError.invalidHeaders(name, expected: expected, got: [])
        }
        guard parsed.headers == expected else { throw RestoreError.invalidHeaders(name, expected: expected, got: parsed.headers) }
        let rows = parsed.rows
        guard rows.count == manifest.rowCounts[table] ?? -1 else {
            throw RestoreError.corrupted("\(name) has \(rows.count) rows; the manifest says \(manifest.rowCounts[table].map(String.init) ?? "none").")
        }
        try insert(rows, into: table, columns: columns, file: name, db: db)
    }

    static func insert(_ rows: [CSVTable.Row], into table: String, columns: [ColumnInfo], file: String, db: Database) throws {
        let placeholders = columns.map { _ in "?" }.joined(separator: ", ")
        let statement = try db.makeStatement(sql: "INSERT INTO \"\(table)\" VALUES (\(placeholders))")
        for row in rows {
            guard row.fields.count == columns.count else {
                throw RestoreError.corrupted("\(file) line \(row.line) has \(row.fields.count) fields, not \(columns.count).")
            }
            let values: [DatabaseValueConvertible?] = zip(columns, row.fields).map { column, field in
                field.isEmpty && !column.isNotNull ? nil : field
            }
            do {
                try statement.execute(arguments: StatementArguments(values))
            } catch let error as DatabaseError {
                throw RestoreError.corrupted("\(file) line \(row.line): \(error.message ?? "rejected by the store").")
            }
            try checkValues(row, columns: columns, table: table, file: file)
        }
    }

    /// Decimals and dates must read back exactly as the store reads them.
    static func checkValues(_ row: CSVTable.Row, columns: [ColumnInfo], table: String, file: String) throws {
        for (column, field) in zip(columns, row.fields) where !field.isEmpty {
            if decimalColumns.contains(column.name), ExactDecimal.parseOrNil(field) == nil {
                throw RestoreError.corrupted("\(file) line \(row.line), \(column.name): '\(field)' is not a decimal number.")
            }
            if dateColumns.contains(column.name), CalendarDate(field) == nil {
                throw RestoreError.corrupted("\(file) line \(row.line), \(column.name): '\(field)' is not a date (YYYY-MM-DD).")
            }
        }
    }

    static let decimalColumns: Set<String> = ["quantity", "price", "total", "fees", "target_percent", "percent", "target_amount",
                                              "monthly_contribution", "amount"]
    static let dateColumns: Set<String> = ["date", "start_date", "target_date", "next_due_date"]

    /// "Invalid reference in F: column 'v' not found." for the first dangling reference.
    static func checkReferences(_ db: Database) throws {
        guard let row = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") else { return }
        let table: String = row[0], rowid: Int64? = row[1], parent: String = row[2], index: Int = row[3]
        let keys = try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\"\(table)\")").filter { $0["id"] as Int == index }
        let column: String = keys.first?["from"] ?? "?"
        let value = try rowid.flatMap { try String.fetchOne(db, sql: "SELECT \"\(column)\" FROM \"\(table)\" WHERE rowid = ?", arguments: [$0]) } ?? "?"
        throw RestoreError("Invalid reference in \(table).csv: \(column) '\(value)' not found in \(parent).csv.")
    }
}

extension AssetFlowStore {
    /// Replaces the whole store with a validated backup: first a copy of the current store
    /// is kept beside it (`NAME-before-restore-YYYY-MM-DD-HHMMSS.sqlite`, 0600), then the
    /// backup's content replaces everything at once. Returns the copy's path.
    @discardableResult
    public func restore(_ backup: BackupRestore.Validated, now: Date = Date()) throws -> String? {
        let copy = path.map { Self.copyPath(for: $0, now: now) }
        try withSession { session in
            if let copy { try session.keepCopy(at: copy) }
            try backup.queue.inDatabase { source in try source.backup(to: session.db) }
            session.announce(.everything)  // SQLite's backup API writes no row events
        }
        return copy
    }

    static func copyPath(for path: String, now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = (path as NSString).deletingLastPathComponent
        return (folder as NSString).appendingPathComponent("\(base)-before-restore-\(formatter.string(from: now)).sqlite")
    }
}

extension StoreSession {
    /// A consistent copy of the store at `path` (VACUUM INTO a file first created 0600).
    func keepCopy(at path: String) throws {
        guard try OwnerOnlyFiles.createFile(path) else { throw RestoreError("Cannot keep a copy of the store: \(path) exists.") }
        try db.execute(sql: "VACUUM INTO ?", arguments: [path])
    }
}
