import Core
import Foundation
import GRDB
import ZIPFoundation

/// Restoring a backup: everything is validated first, in a new scratch store built by
/// the same migrations (so every constraint, type and reference of the schema is checked);
/// only then is the store copied aside and replaced, in one step, all or nothing.
public enum BackupRestore {
    /// The tables of a backup, checked and loaded into a fresh scratch store.
    public struct Validated {
        let queue: DatabaseQueue
        public let manifest: BackupManifest
        let scratch: ScratchStore
    }

    /// The file of the store a backup is validated in: a new owner-only file in the
    /// temporary folder (not memory: the benchmark store's tables took about 45 MB there),
    /// removed with its journal when the last `Validated` holding it goes.
    final class ScratchStore {
        let path: String

        init() throws {
            path = (NSTemporaryDirectory() as NSString).appendingPathComponent("assetflow-restore-\(UUID().uuidString).sqlite")
            guard try OwnerOnlyFiles.createFile(path) else { throw RestoreError("Cannot create a scratch store at \(path): it exists.") }
        }

        deinit {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    /// All the files of an archive together may inflate to this much: about 2.5 times the
    /// benchmark store's tables (100,000 transactions, 250,000 prices). Memory stays under
    /// 200 MB whatever the archive: files are inflated one at a time, each under its own limit,
    /// and read in pieces of a megabyte.
    public static let maximumExtractedBytes = 48 * 1024 * 1024
    /// What one row of a table may take in its CSV: a file inflating past its manifest's
    /// rows × this (plus a header) is refused as it inflates, before it fills memory.
    static let bytesPerRow = 16 * 1024

    /// Reads and checks the archive at `url`, streamed from the file; the error is the app's message.
    public static func validate(fileAt url: URL, today: CalendarDate = .today()) throws -> Validated {
        guard let archive = try? Archive(url: url, accessMode: .read, pathEncoding: nil) else { throw RestoreError.notAnArchive }
        return try validate(archive, today: today)
    }

    /// Reads and checks an archive; the error is the app's message.
    public static func validate(_ data: Data, today: CalendarDate = .today()) throws -> Validated {
        guard let archive = try? Archive(data: data, accessMode: .read, pathEncoding: nil) else { throw RestoreError.notAnArchive }
        return try validate(archive, today: today)
    }

    /// The manifest first, then each table's file inflated under the limit the manifest's row
    /// count gives it (files the manifest does not name are never inflated), loaded into a
    /// fresh scratch store (`ScratchStore`), then the rules an import applies (`checkRules`).
    static func validate(_ archive: Archive, today: CalendarDate) throws -> Validated {
        guard let manifestData = try extract("manifest.json", from: archive, limit: 1 << 20),
              let manifest = try? JSONDecoder().decode(BackupManifest.self, from: manifestData),
              manifest.formatVersion >= 1 else {
            throw RestoreError.notAnArchive
        }
        if manifest.formatVersion > BackupManifest.currentFormatVersion {
            throw RestoreError("This backup was made by a newer AssetFlow (format \(manifest.formatVersion)); update AssetFlow to restore it.")
        }
        let scratch = try ScratchStore()
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // A scratch: nothing to keep if the machine stops, and its rollback journal in memory.
            try db.execute(sql: "PRAGMA journal_mode = MEMORY")
            try db.execute(sql: "PRAGMA synchronous = OFF")
        }
        let queue = try DatabaseQueue(path: scratch.path, configuration: configuration)
        // The store's page layout (8 reserved bytes for page checksums): SQLite's backup
        // copies pages as they are, so the restored store keeps its checksums.
        try queue.inDatabase { PageChecksums.requestReserve($0) }
        try Migrations.migrator.migrate(queue)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")  // rows arrive table by table; checked at the end
            try db.inTransaction {
                let session = StoreSession(db: db, today: today)
                var budget = maximumExtractedBytes
                for table in try session.dataTableNames() {
                    let name = "\(table).csv"
                    let rows = max(0, manifest.rowCounts[table] ?? 0)
                    let limit = min(budget, 4096 + min(rows, budget / bytesPerRow) * bytesPerRow)
                    guard let data = try extract(name, from: archive, limit: limit) else { throw RestoreError.missingFile(name) }
                    budget -= data.count
                    try load(table: table, data: data, manifest: manifest, db: db)
                }
                try checkReferences(db)
                try checkRules(session, today: today)
                return .commit
            }
        }
        return Validated(queue: queue, manifest: manifest, scratch: scratch)
    }

    /// The file `name` inflated, or nil when the archive has none. Refused as soon as it
    /// inflates past `limit` (a ZIP bomb stops there, whatever its header claims).
    static func extract(_ name: String, from archive: Archive, limit: Int) throws -> Data? {
        guard let entry = archive[name], entry.type == .file else { return nil }
        let tooLarge = RestoreError.corrupted("\(name) inflates to more than \(limit) bytes, more than the rows the manifest lists can take.")
        if entry.uncompressedSize > Int64(limit) { throw tooLarge }
        var content = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard content.count + chunk.count <= limit else { throw tooLarge }
                content.append(chunk)
            }
        } catch let error as RestoreError {
            throw error
        } catch {
            throw RestoreError.corrupted("\(name) cannot be read (\(error)).")
        }
        return content
    }

    /// Every file of an archive by name, each under the overall limit (for tests and tools
    /// that rewrite archives; `validate` inflates only what the manifest names).
    static func entries(of data: Data) throws -> [String: Data] {
        guard let archive = try? Archive(data: data, accessMode: .read, pathEncoding: nil) else { throw RestoreError.notAnArchive }
        var files: [String: Data] = [:]
        for entry in archive where entry.type == .file {
            files[entry.path] = try extract(entry.path, from: archive, limit: maximumExtractedBytes)
        }
        if files.isEmpty { throw RestoreError.notAnArchive }
        return files
    }

    /// The rules an import applies, on the loaded rows: no transaction, price or rate dated
    /// after `today`, and no asset's holdings below zero at any point of its ledger (a sell
    /// or transfer out beyond what was held). The restored store is then one AssetFlow could
    /// have written.
    static func checkRules(_ session: StoreSession, today: CalendarDate) throws {
        for (table, file) in [("asset_transaction", "asset_transaction.csv"), ("price_history", "price_history.csv"), ("exchange_rate", "exchange_rate.csv")] {
            if let late = try String.fetchOne(session.db, sql: "SELECT date FROM \(table) WHERE date > ? ORDER BY date DESC LIMIT 1",
                                              arguments: [today.description]) {
                throw RestoreError("Invalid data in \(file): the date \(late) is in the future (today is \(today)).")
            }
        }
        for asset in try session.assets() {
            var held: ExactDecimal = 0
            let ledger = try session.transactions(ofAsset: asset.id!).sorted { HoldingsHistory.ledgerKey($0) < HoldingsHistory.ledgerKey($1) }
            for t in ledger {
                let before = held
                held = held + t.quantityImpact
                if held < 0 {
                    throw RestoreError("Invalid data in asset_transaction.csv: \(asset.name) on \(t.date): "
                        + "Cannot sell more than available holdings (\(before.plainText)).")
                }
            }
            do { try ConversionRange.checkValue(held: held, price: try session.valuation(ofAsset: asset.id!).currentPrice, asset: asset.name) } catch {
                throw RestoreError("Invalid data in asset_transaction.csv: \(error)")
            }
            // Every past date too: the largest quantity held × the largest price (one more read of its prices).
            let extent = AssetExtent(ordered: ledger, prices: []).combined(with: AssetExtent(highestHeld: 0, highestPrice: try session.highestPriceFromHistory(ofAsset: asset.id!)))
            do { try ConversionRange.checkHistory(extent, asset: asset.name) } catch {
                throw RestoreError("Invalid data in asset_transaction.csv and price_history.csv: \(error)")
            }
        }
        try checkRates(session)
    }

    /// `ConversionRange` on the loaded rates: each row (one read), then each currency's
    /// spread (one aggregate read per currency).
    static func checkRates(_ session: StoreSession) throws {
        do {
            for rate in try session.rates() { try ConversionRange.check(rate) }
            let store = SessionCommandStore(session)
            for code in try String.fetchAll(session.db, sql: "SELECT base FROM exchange_rate UNION SELECT quote FROM exchange_rate") {
                try ConversionRange.checkSpread(code, store.rateExtremes(of: code))
            }
        } catch let violation as RuleViolation {
            throw RestoreError("Invalid data in exchange_rate.csv: \(violation)")
        }
    }

    /// One table's CSV: present, unaltered (SHA-256), the exact headers, every row accepted
    /// by the table's types and constraints, the row count of the manifest.
    static func load(table: String, data: Data, manifest: BackupManifest, db: Database) throws {
        let name = "\(table).csv"
        guard manifest.sha256[name] == SHA256.hex(data) else {
            throw RestoreError.corrupted("\(name) does not match its checksum in the manifest.")
        }
        let columns = try db.columns(in: table)
        let expected = columns.map(\.name)
        // In pieces of about a megabyte cut at line ends outside quotes: the rows of one piece
        // at a time are in memory, never the whole file's.
        var header: String?
        var count = 0
        for piece in pieces(of: data) {
            let text: String
            do { text = try CSVTable.decode(data[piece.range]) } catch { throw RestoreError.corrupted("\(name) is not UTF-8 text.") }
            let parsed: CSVTable
            do {
                parsed = try CSVTable.parse(text: header.map { $0 + "\n" + text } ?? text, delimiter: ",", trim: false, allowNoRows: true)
            } catch {
                throw RestoreError.invalidHeaders(name, expected: expected, got: [])
            }
            if header == nil {
                guard parsed.headers == expected else { throw RestoreError.invalidHeaders(name, expected: expected, got: parsed.headers) }
                header = CSVWriting.line(expected, formulaSafe: false)
            }
            // Lines of a later piece count from its own header line: shift them to the file's.
            let shift = piece.firstLine == 1 ? 0 : piece.firstLine - 2
            try insert(parsed.rows, into: table, columns: columns, file: name, db: db, lineShift: shift)
            count += parsed.rows.count
        }
        guard count == manifest.rowCounts[table] ?? -1 else {
            throw RestoreError.corrupted("\(name) has \(count) rows; the manifest says \(manifest.rowCounts[table].map(String.init) ?? "none").")
        }
    }

    /// Byte ranges of `data` of about `size` bytes each, cut just after a line break that is
    /// outside quotes, with the 1-based line each starts on.
    static func pieces(of data: Data, size: Int = 1 << 20) -> [(range: Range<Data.Index>, firstLine: Int)] {
        var result: [(Range<Data.Index>, Int)] = []
        var start = data.startIndex, line = 1, startLine = 1, quoted = false
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            index += 1
            if byte == UInt8(ascii: "\"") { quoted.toggle() } else if byte == UInt8(ascii: "\n") {
                line += 1
                if !quoted, index - start >= size {
                    result.append((start..<index, startLine))
                    start = index
                    startLine = line
                }
            }
        }
        if start < data.endIndex || result.isEmpty { result.append((start..<data.endIndex, startLine)) }
        return result
    }

    static func insert(_ rows: [CSVTable.Row], into table: String, columns: [ColumnInfo], file: String, db: Database, lineShift: Int = 0) throws {
        let placeholders = columns.map { _ in "?" }.joined(separator: ", ")
        let statement = try db.makeStatement(sql: "INSERT INTO \"\(table)\" VALUES (\(placeholders))")
        for row in rows {
            guard row.fields.count == columns.count else {
                throw RestoreError.corrupted("\(file) line \(row.line + lineShift) has \(row.fields.count) fields, not \(columns.count).")
            }
            let values: [DatabaseValueConvertible?] = zip(columns, row.fields).map { column, field in
                field.isEmpty && !column.isNotNull ? nil : field
            }
            do {
                try statement.execute(arguments: StatementArguments(values))
            } catch let error as DatabaseError {
                throw RestoreError.corrupted("\(file) line \(row.line + lineShift): \(error.message ?? "rejected by the store").")
            }
            try checkValues(row, columns: columns, table: table, file: file, lineShift: lineShift)
        }
    }

    /// Decimals and dates must read back exactly as the store reads them.
    static func checkValues(_ row: CSVTable.Row, columns: [ColumnInfo], table: String, file: String, lineShift: Int = 0) throws {
        for (column, field) in zip(columns, row.fields) where !field.isEmpty {
            if decimalColumns.contains(column.name), ExactDecimal.parseOrNil(field) == nil {
                throw RestoreError.corrupted("\(file) line \(row.line + lineShift), \(column.name): '\(field)' is not a decimal number.")
            }
            if dateColumns.contains(column.name), CalendarDate(field) == nil {
                throw RestoreError.corrupted("\(file) line \(row.line + lineShift), \(column.name): '\(field)' is not a date (YYYY-MM-DD).")
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
