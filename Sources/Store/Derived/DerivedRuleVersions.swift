import GRDB

/// The `derived_rule` table: which rule version made each derived table's rows.
enum DerivedRuleVersions {
    /// Each table's recorded version; a store from before the table recorded versions has
    /// rows of the first rule.
    static func read(_ db: Database) throws -> [DerivedTable: Int] {
        let exists = try Bool.fetchOne(db.cachedStatement(sql: "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'derived_rule'")) ?? false
        var versions: [DerivedTable: Int] = [:]
        for table in DerivedTable.allCases { versions[table] = exists ? nil : DerivedTable.versionBeforeRecording }
        guard exists else { return versions }
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT table_name, version FROM derived_rule")) {
            if let table = DerivedTable(rawValue: row[0]) { versions[table] = row[1] }
        }
        return versions
    }

    /// Records this build's version for `tables` (whose rows are being rebuilt).
    static func write(_ tables: [DerivedTable], _ db: Database) throws {
        for table in tables {
            try db.execute(sql: """
                INSERT INTO derived_rule(table_name, version) VALUES (?, ?)
                ON CONFLICT(table_name) DO UPDATE SET version = excluded.version
                """, arguments: [table.rawValue, table.ruleVersion])
        }
    }
}
