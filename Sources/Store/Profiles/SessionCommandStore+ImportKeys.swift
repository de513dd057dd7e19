import Core
import GRDB

/// The keys of imported broker rows (table `import_key`, migration "Keep the keys of
/// imported broker rows").
extension SessionCommandStore: ImportKeyStore {
    func importKeys(platform: String) throws -> Set<ImportKey> {
        var keys = Set<ImportKey>()
        let rows = try Row.fetchCursor(db, sql: "SELECT DISTINCT key, occurrence FROM import_key WHERE platform = ?", arguments: [platform])
        while let row = try rows.next() { keys.insert(ImportKey(key: row[0], occurrence: row[1])) }
        return keys
    }

    func insertImportKey(_ key: ImportKey, platform: String, transaction: Int64) throws {
        try db.execute(sql: "INSERT INTO import_key (transaction_id, platform, key, occurrence) VALUES (?, ?, ?, ?)",
                       arguments: [transaction, platform, key.key, key.occurrence])
    }
}

extension StoreSession {
    /// The keys of the rows already imported for `platform` (read before a profiled import
    /// plans what is new).
    public func importKeys(platform: String) throws -> Set<ImportKey> { try SessionCommandStore(self).importKeys(platform: platform) }
}
