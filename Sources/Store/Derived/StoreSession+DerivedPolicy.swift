import GRDB
import GRDBSQLite

/// When derived rows may be read and written (see `DerivedTable` for the policy).
extension StoreSession {
    /// Rows of a derived table (an asset's months) written by one INSERT (`BulkStatement`):
    /// one statement a row spent more on each statement's setup than on its row.
    static let derivedRowsPerStatement = 16

    /// Whether rows of `table` may be written now: only inside a write transaction that the
    /// user's operation already holds (a command, a script, a REPL statement, an import),
    /// never from a read (a report's read transaction must not take the write lock), and
    /// only into a table whose rows are of this build's rule.
    func mayWriteDerived(_ table: DerivedTable) throws -> Bool {
        guard sqlite3_txn_state(db.sqliteConnection, "main") == SQLITE_TXN_WRITE else { return false }
        return try derivedRowsAreCurrent(table)
    }

    /// Whether the stored rows of `table` were made by this build's rule: only then are
    /// they read. Looked up once, again after another connection's commit or a rollback.
    func derivedRowsAreCurrent(_ table: DerivedTable) throws -> Bool {
        if let current = currentDerivedTables { return current.contains(table) }
        let stored = try DerivedRuleVersions.read(db)
        let current = Set(DerivedTable.allCases.filter { stored[$0] == $0.ruleVersion })
        currentDerivedTables = current
        return current.contains(table)
    }

    /// In a write transaction: a table whose rows another rule made is emptied, rebuilt by
    /// replaying every asset, and marked with this build's version. Done as a write the
    /// user asked for begins, so that a read never writes (until then, reads compute).
    func renewOutdatedDerivedTables() throws {
        let outdated = try DerivedTable.allCases.filter { try !derivedRowsAreCurrent($0) }
        guard !outdated.isEmpty else { return }
        try db.inSavepoint {
            try DerivedRuleVersions.write(outdated, db)
            currentDerivedTables?.formUnion(outdated)
            try rebuildDerivedRows(outdated)
            return .commit
        }
    }
}
