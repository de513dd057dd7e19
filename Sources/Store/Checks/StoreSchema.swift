import GRDB

/// The shape of a store as SQLite reports it: tables with their columns, indexes and
/// triggers. Opening a store compares it with the shape the migrations build, so that a
/// store whose schema was altered (a dropped column, a missing trigger, a table that is no
/// longer STRICT) is refused with a message naming the difference, before any row is
/// decoded or written.
struct StoreSchema: Equatable {
    struct Column: Equatable {
        var name: String
        var type: String
        var notNull: Bool
        var primaryKey: Int
    }

    struct Table: Equatable {
        var strict: Bool
        var columns: [Column]
    }

    var tables: [String: Table] = [:]
    var indexes: Set<String> = []
    /// Trigger name → its SQL: the triggers keep position snapshots honest.
    var triggers: [String: String] = [:]

    /// Reads the schema of `db`'s main database (SQLite's and GRDB's own tables left out).
    static func read(_ db: Database) throws -> StoreSchema {
        var schema = StoreSchema()
        let rows = try Row.fetchAll(db, sql: """
            SELECT type, name, sql FROM main.sqlite_master
            WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'grdb\\_%' ESCAPE '\\'
            """)
        for row in rows {
            let type: String = try row.decode(atIndex: 0)
            let name: String = try row.decode(atIndex: 1)
            let sql: String? = try row.decode(atIndex: 2)
            switch type {
            case "table": schema.tables[name] = try table(name, in: db)
            case "index": schema.indexes.insert(name)
            case "trigger": schema.triggers[name] = sql ?? ""
            default: break
            }
        }
        return schema
    }

    private static func table(_ name: String, in db: Database) throws -> Table {
        let strict = try Bool.fetchOne(db, sql: "SELECT strict FROM pragma_table_list WHERE schema = 'main' AND name = ?", arguments: [name]) ?? false
        let columns = try Row.fetchAll(db, sql: "SELECT name, type, \"notnull\", pk FROM pragma_table_xinfo(?)", arguments: [name]).map { row in
            Column(name: try row.decode(atIndex: 0), type: try row.decode(atIndex: 1),
                   notNull: try row.decode(atIndex: 2), primaryKey: try row.decode(atIndex: 3))
        }
        return Table(strict: strict, columns: columns)
    }

    /// What `self` (a store) lacks or has changed compared with `expected`, one line each.
    /// Extra tables, columns and indexes are tolerated (they harm nothing AssetFlow reads).
    func differences(from expected: StoreSchema) -> [String] {
        var found: [String] = []
        for (name, want) in expected.tables.sorted(by: { $0.key < $1.key }) {
            guard let have = tables[name] else {
                found.append("table \(name) is missing")
                continue
            }
            if want.strict && !have.strict { found.append("table \(name) is no longer STRICT") }
            for column in want.columns {
                guard let actual = have.columns.first(where: { $0.name == column.name }) else {
                    found.append("table \(name) has no column \(column.name)")
                    continue
                }
                if actual != column { found.append("column \(name).\(column.name) was changed (\(describe(actual)), expected \(describe(column)))") }
            }
        }
        for name in expected.indexes.sorted() where !indexes.contains(name) {
            found.append("index \(name) is missing")
        }
        for (name, sql) in expected.triggers.sorted(by: { $0.key < $1.key }) {
            if let actual = triggers[name] {
                if actual != sql { found.append("trigger \(name) was changed") }
            } else {
                found.append("trigger \(name) is missing")
            }
        }
        return found
    }

    private func describe(_ c: Column) -> String {
        [c.type.isEmpty ? "no type" : c.type, c.notNull ? "NOT NULL" : "nullable", c.primaryKey > 0 ? "PRIMARY KEY" : nil]
            .compactMap { $0 }.joined(separator: " ")
    }
}
