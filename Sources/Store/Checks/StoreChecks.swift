import GRDB

/// The checks a store must pass, shared by opening (cheap ones) and `assetflow check`
/// (all of them). Each returns what it found, one line per problem; none writes.
enum StoreChecks {
    /// SQLite's own check of pages and records: `quick_check` at open (about 30 ms on the
    /// 100,000-transaction benchmark store: every page is read, but indexes are not matched
    /// against their tables), `integrity_check` on `assetflow check` (about 150 ms there).
    static func integrity(_ db: Database, full: Bool, limit: Int = 20) -> [String] {
        var lines: [String] = []
        do {
            let rows = try String.fetchCursor(db, sql: full ? "PRAGMA integrity_check(\(limit))" : "PRAGMA quick_check(\(limit))")
            while let line = try rows.next() { lines.append(line) }
        } catch let error as DatabaseError {
            // A page so damaged that the check itself stops is a finding too.
            lines.append(error.message ?? "\(error)")
        } catch {
            lines.append("\(error)")
        }
        return lines == ["ok"] ? [] : lines
    }

    /// A store written by a newer AssetFlow: its `user_version` or its applied migrations
    /// go beyond what this build knows. Returns the complete message, or nil.
    static func newerSchema(_ db: Database) throws -> String? {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > Migrations.schemaVersion {
            return "The store was written by a newer AssetFlow: its schema version is \(version), and this AssetFlow "
                + "knows versions up to \(Migrations.schemaVersion). Upgrade AssetFlow to open it; nothing was written to it."
        }
        let unknown = try appliedIdentifiers(db).subtracting(Migrations.identifiers)
        if !unknown.isEmpty {
            return "The store was written by a newer AssetFlow: it has migrations this AssetFlow does not know ("
                + unknown.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                + "). Upgrade AssetFlow to open it; nothing was written to it."
        }
        return nil
    }

    /// How many of this build's migrations the store has (the leading ones applied).
    static func appliedMigrationCount(_ db: Database) throws -> Int {
        let applied = try appliedIdentifiers(db)
        return Migrations.identifiers.prefix(while: applied.contains).count
    }

    /// Every migration the store records, known or not. Reading sqlite_master first makes
    /// SQLite reload a schema another connection just changed (it may have just created
    /// grdb_migrations: a statement prepared against the old schema would not find it).
    static func appliedIdentifiers(_ db: Database) throws -> Set<String> {
        let exists = try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'") ?? false
        guard exists else { return [] }
        return try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
    }

    /// What differs between the store's schema and the one its migrations should have built.
    /// A database with tables but no AssetFlow migration is somebody else's file.
    static func schema(_ db: Database, migrations: Int) throws -> [String] {
        let actual = try StoreSchema.read(db)
        if migrations == 0 && !actual.tables.isEmpty {
            return ["it is an SQLite database but not an AssetFlow store (it has the tables "
                    + actual.tables.keys.sorted().joined(separator: ", ") + ")"]
        }
        return actual.differences(from: try Migrations.expectedSchema(migrations: migrations))
    }

    /// Rows SQLite's foreign keys do not find their parent for.
    static func foreignKeys(_ db: Database, limit: Int = 20) throws -> [String] {
        try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").prefix(limit).map { row in
            let table: String = (try? row.decode(atIndex: 0)) ?? "?"
            let rowID: Int64? = try? row.decode(atIndex: 1)
            let parent: String = (try? row.decode(atIndex: 2)) ?? "?"
            return "\(table) row \(rowID.map(String.init) ?? "?") refers to a missing \(parent)"
        }
    }

    /// Every stored asset, transaction, price, snapshot and quantity checkpoint read back as
    /// AssetFlow reads it (decimals, dates and kinds that parse).
    static func values(_ db: Database, limit: Int = 20) throws -> [String] {
        var found: [String] = []
        func each(_ table: String, order: String = "rowid", _ decode: (Row) throws -> Void) throws {
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM \(table) ORDER BY \(order)")
            while let row = try rows.next(), found.count < limit {
                do { try decode(row) } catch {
                    let id: DatabaseValue = row.hasColumn("id") ? row["id"] : row[0]
                    found.append("\(table) \(id): \(error)")
                }
            }
        }
        try each("portfolio") { _ = try Records.portfolio($0) }
        try each("asset") { _ = try Records.asset($0) }
        try each(TransactionRecord.table) { _ = try TransactionRecord.read($0) }
        try each("price_history") { _ = try Records.price($0) }
        try each("position_snapshot") { row in
            for column in ["quantity", "cost_basis", "realized_gain"] { _ = try row.decimal(column) }
            _ = try row.date("last_date")
        }
        // Rows of the text layouts (a store not yet migrated) are never read: the migrations drop them.
        if try db.tableExists("quantity_checkpoint"), try appliedIdentifiers(db).contains(QuantityCheckpointPackedMigration.identifier) {
            try each("quantity_checkpoint", order: "asset_id, month") { row in  // WITHOUT ROWID
                let month: String = try row.decode(atIndex: 1), levels = StoreSession.bytes(row[2])
                guard month != QuantityCheckpoint.complete else { return }
                var series = DatedSeries()
                var m = month
                let readable = m.withUTF8 { m in levels.withUnsafeBufferPointer { QuantityCheckpoint.append(month: m, bytes: $0, to: &series) } }
                if !readable {
                    throw StoreError.corrupt(table: "quantity_checkpoint", column: "levels", rowID: nil, damage: .unreadable(key: month, value: "\(levels.count) bytes"))
                }
            }
        }
        if try db.tableExists("price_month"), try appliedIdentifiers(db).contains(PriceMonthPackedMigration.identifier) {
            try each("price_month", order: "asset_id, month") { row in  // WITHOUT ROWID
                let month: String = try row.decode(atIndex: 1)
                let recorded = StoreSession.bytes(row[2]), trades = StoreSession.bytes(row[3])
                guard month != PriceMonth.complete else { return }
                var sources = PriceMonth.Sources()
                var m = month
                let readable = m.withUTF8 { m in recorded.withUnsafeBufferPointer { r in trades.withUnsafeBufferPointer { t in
                    PriceMonth.append(month: m, recorded: r, trades: t, to: &sources) } } }
                if !readable {
                    throw StoreError.corrupt(table: "price_month", column: "recorded", rowID: nil,
                                             damage: .unreadable(key: month, value: "\(recorded.count) + \(trades.count) bytes"))
                }
            }
        }
        if try db.tableExists(DerivedTable.transactionMonth.rawValue) {
            try each(DerivedTable.transactionMonth.rawValue, order: "month, asset_id") { row in  // WITHOUT ROWID
                let month: String = try row.decode(atIndex: 0)
                let entries = StoreSession.bytes(row[2])
                guard month != TransactionMonth.complete else { return }
                if TransactionMonth.entries(month: month, bytes: entries) == nil {
                    throw StoreError.corrupt(table: DerivedTable.transactionMonth.rawValue, column: "entries", rowID: nil,
                                             damage: .unreadable(key: month, value: "\(entries.count) bytes"))
                }
            }
        }
        return found
    }
}
